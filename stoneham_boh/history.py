"""Who made a change, for the history rows that django-simple-history writes.

In a request the history middleware knows the user; actions called from commands, the
demo loader or tests name the user explicitly through `by=`.
"""

from __future__ import annotations


def save_as(instance, by, **kwargs):
    """Save `instance` so that its history row names `by` as the author."""
    if by is not None:
        instance._history_user = by
    instance.save(**kwargs)
    return instance
