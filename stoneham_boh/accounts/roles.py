"""Roles are Django groups with model permissions; views check roles, not flags.

The groups are kept true after every migrate (see apps.py), so a fresh database and a
long-lived one carry the same permissions.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from django.contrib.auth.models import Group, Permission


class Role(StrEnum):
    CLERK = "Clerk"
    AGENT = "Agent"
    BOARD = "Board member"
    APPLICANT = "Applicant"
    ADMIN = "Administrator"  # is_superuser; not a group


STAFF_ROLES = frozenset({Role.CLERK, Role.AGENT, Role.BOARD, Role.ADMIN})
#: The three roles of the Board's office, who all read the staff pages.
STAFF = (Role.CLERK, Role.AGENT, Role.BOARD)

# app_label.model -> the codenames' actions each role holds. Administrators hold all.
_GROUP_PERMISSIONS: dict[Role, dict[str, tuple[str, ...]]] = {
    Role.CLERK: {
        "permits.applicant": ("add", "change", "view"),
        "permits.application": ("add", "change", "view"),
        "permits.document": ("add", "change", "view"),
        "permits.payment": ("add", "change", "view"),
        "permits.feeschedule": ("view",),
        "permits.permit": ("add", "change", "view"),
        "permits.permitanimal": ("add", "view"),
        "hearings.setbackenlargement": ("add", "change", "view"),
        "facilities.lot": ("add", "change", "view"),
        "facilities.structure": ("add", "change", "delete", "view"),
        "facilities.animalkept": ("add", "change", "delete", "view"),
        "facilities.abutterlist": ("add", "change", "view"),
        "facilities.abutter": ("add", "change", "view"),
        "hearings.meeting": ("add", "change", "view"),
        "hearings.docketitem": ("add", "change", "view"),
        "hearings.legalnotice": ("add", "change", "view"),
        "hearings.abutternotice": ("add", "change", "view"),
        "hearings.decision": ("view",),
        "hearings.variance": ("view",),
        "inspections.inspection": ("view",),
        "inspections.order": ("view",),
        "inspections.complaint": ("add", "change", "view"),
    },
    Role.AGENT: {
        "permits.applicant": ("view",),
        "permits.application": ("view",),
        "permits.permit": ("view",),
        "facilities.lot": ("view",),
        "facilities.structure": ("view",),
        "facilities.animalkept": ("view",),
        "inspections.inspection": ("add", "change", "view"),
        "inspections.checklistfinding": ("add", "change", "view"),
        "inspections.photo": ("add", "view"),
        "inspections.order": ("add", "change", "view"),
        "inspections.complaint": ("add", "change", "view"),
    },
    Role.BOARD: {
        "permits.applicant": ("view",),
        "permits.application": ("view",),
        "permits.permit": ("view",),
        "facilities.lot": ("view",),
        "hearings.meeting": ("view",),
        "hearings.docketitem": ("view", "change"),
        "hearings.decision": ("add", "change", "view"),
        "hearings.vote": ("add", "change", "view"),
        "hearings.variance": ("add", "change", "view"),
        "inspections.inspection": ("view",),
        "inspections.order": ("view",),
    },
    Role.APPLICANT: {},
}


def ensure_role_groups(**_kwargs) -> None:
    """Create the role groups and give each exactly its permissions (idempotent)."""
    for role, grants in _GROUP_PERMISSIONS.items():
        group, _ = Group.objects.get_or_create(name=role.value)
        wanted = []
        for model_key, actions in grants.items():
            app_label, model = model_key.split(".")
            codenames = [f"{action}_{model}" for action in actions]
            wanted.extend(
                Permission.objects.filter(content_type__app_label=app_label, codename__in=codenames)
            )
        group.permissions.set(wanted)


def roles_of(user) -> set[str]:
    if not getattr(user, "is_authenticated", False):
        return set()
    cached = getattr(user, "_role_names", None)
    if cached is None:
        cached = set(user.groups.values_list("name", flat=True))
        if user.is_superuser:
            cached.add(Role.ADMIN.value)
        user._role_names = cached
    return cached


def has_role(user, roles: Iterable[Role | str]) -> bool:
    """Whether `user` holds one of `roles`. Administrators hold every staff role, but not
    the applicant's: an administrator has no applications of their own."""
    names = roles_of(user)
    wanted = {str(role) for role in roles}
    if Role.ADMIN.value in names and wanted & {str(role) for role in STAFF_ROLES}:
        return True
    return bool(wanted & names)


def is_staff_member(user) -> bool:
    return has_role(user, STAFF_ROLES)
