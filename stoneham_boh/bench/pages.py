"""The pages `make bench` times and counts the queries of, and the records they show: the
richest application on the coming docket, a renewal under way, the latest permit."""

from __future__ import annotations

from django.urls import reverse

from permits.models import Applicant, Application, Permit
from stoneham_boh.bench import benchmark


def link_demo_applicant(user) -> None:
    applicant = Applicant.objects.order_by("pk").first()
    applicant.user = user
    applicant.save(update_fields=["user"])


def docketed_application():
    """The latest new application on a coming meeting's docket, on a parcel with its drawn
    plan: the richest page a clerk or a Board member opens (hearing, notices, abutters,
    compliance panel, the plan drawn among the neighbours)."""
    return (
        Application.objects.filter(
            kind="new", docket_items__status="scheduled", site_plan__isnull=False
        )
        .order_by("-pk")
        .first()
    )


def renewal_application():
    """The latest renewal received and not yet decided, on a parcel with its drawn plan: its
    page also compares it with the permit it renews (and that permit's plan of record)."""
    return (
        Application.objects.filter(
            kind="renewal",
            renews__isnull=False,
            status=Application.Status.RECEIVED,
            site_plan__isnull=False,
        )
        .order_by("-pk")
        .first()
    )


def pages_to_measure() -> list[benchmark.Page]:
    def latest_new_application() -> str:
        return reverse("permits:application-detail", args=[docketed_application().pk])

    def latest_new_application_history() -> str:
        return reverse("permits:application-history", args=[docketed_application().pk])

    def latest_renewal() -> str:
        return reverse("permits:application-detail", args=[renewal_application().pk])

    def latest_permit_token() -> str:
        permit = Permit.objects.order_by("-pk").first()
        return reverse("permits:permit-verify", args=[permit.verify_token])

    Page = benchmark.Page
    return [
        Page("public_home", None, lambda: reverse("public-home")),
        Page("clerk_home", "clerk", lambda: reverse("home")),
        Page("agent_home", "agent", lambda: reverse("home")),
        Page("board_home", "board", lambda: reverse("home")),
        Page("applicant_home", "applicant", lambda: reverse("home")),
        Page(
            "application_list_filtered",
            "clerk",
            lambda: reverse("permits:application-list") + "?status=received",
        ),
        Page("application_detail", "clerk", latest_new_application),
        Page("renewal_detail", "clerk", latest_renewal),
        Page("application_history", "clerk", latest_new_application_history),
        Page("permit_list", "clerk", lambda: reverse("permits:permit-list")),
        Page("docket", "board", lambda: reverse("hearings:docket")),
        Page("past_meetings", "board", lambda: reverse("hearings:past-meetings")),
        Page("agent_list", "agent", lambda: reverse("inspections:agenda")),
        Page("verify", None, latest_permit_token),
        # The public records API (issue 25 point 4): a full page of each, as anyone reads it.
        *(
            Page(f"api_{name}", None, lambda name=name: reverse(f"api:{name}"))
            for name in ("permits", "variances", "hearings", "decisions", "minutes")
        ),
    ]
