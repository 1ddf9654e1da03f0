"""What the town's tests share: a wording of a standing paragraph sent through its page, as
the administrator types it (test_actions.py and test_standing.py)."""

from __future__ import annotations

from django.urls import reverse


def edit_wording(client, key, text, action="save"):
    """Post `text` for paragraph `key` to its page: "save", "preview" or "restore"."""
    return client.post(reverse("town:standing-text", args=[key]), {"text": text, "action": action})
