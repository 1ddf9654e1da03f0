"""Which badge colour (boh.css status-* class) each application and permit status wears."""

from __future__ import annotations

APPLICATION_STATUS_CLASSES = {
    "draft": "not_applicable",
    "received": "pending",
    "awaiting_hearing": "pending",
    "approved": "pass",
    "denied": "fail",
    "issued": "pass",
    "withdrawn": "not_applicable",
    "submitted_online": "pending",
    "information_requested": "missing",
}
PERMIT_STATUS_CLASSES = {
    "active": "pass",
    "provisional": "pending",
    "expired": "missing",
    "revoked": "fail",
    "void": "not_applicable",
}


def application_badge(application) -> str:
    return APPLICATION_STATUS_CLASSES.get(application.status, "not_applicable")


def permit_badge(permit) -> str:
    return PERMIT_STATUS_CLASSES.get(permit.current_status, "not_applicable")
