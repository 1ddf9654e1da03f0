"""Every URL pattern of the project, walked from the resolver, and how to fill in its arguments
from the world of tests/trust/world.py."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, get_resolver, reverse


def url_names() -> list[str]:
    """Every named URL pattern, namespaced, in resolver order (unnamed patterns as their regex)."""
    names = []

    def walk(resolver, namespace=""):
        for pattern in resolver.url_patterns:
            if isinstance(pattern, URLResolver):
                inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                walk(pattern, inner)
            elif isinstance(pattern, URLPattern):
                names.append(f"{namespace}{pattern.name or pattern.pattern}")

    walk(get_resolver())
    return list(dict.fromkeys(names))


# The arguments of each URL with any, as records of the world. A URL with arguments and no
# entry here fails the matrix, saying so.
ARGS = {
    "permits:regulation-detail": lambda w: {"slug": "20-15-4-a"},
    "permits:permit-verify": lambda w: {"token": w.permit_a.verify_token},
    "hearings:variance-decision": lambda w: {"pk": w.variance.pk},
    "permits:accept-invitation": lambda w: {"token": "not-a-real-invitation-token"},
    "permits:account-link-decide": lambda w: {"pk": w.account_link_gina.pk},
    "permits:details-change-decide": lambda w: {"pk": w.details_change.pk},
    "account_reset_password_from_key": lambda w: {"uidb36": "zz", "key": "not-a-real-key"},
    "permits:my-application": lambda w: {"pk": w.open_application_a.pk},
    "permits:my-permit-pdf": lambda w: {"pk": w.permit_a.pk},
    "permits:my-renewal": lambda w: {"pk": w.permit_a.pk},
    "permits:my-application-edit": lambda w: {"pk": w.online_draft_a.pk},
    "permits:my-application-compliance": lambda w: {"pk": w.online_draft_a.pk},
    "permits:my-document-upload": lambda w: {"pk": w.online_draft_a.pk},
    "permits:my-application-withdraw": lambda w: {"pk": w.online_draft_a.pk},
    "permits:online-review": lambda w: {"pk": w.online_sent_a.pk},
    "permits:invite-applicant": lambda w: {"pk": w.applicant_a.pk},
    "permits:permit-detail": lambda w: {"pk": w.permit_a.pk},
    "permits:permit-history": lambda w: {"pk": w.permit_a.pk},
    "permits:permit-pdf": lambda w: {"pk": w.permit_a.pk},
    "permits:permit-void": lambda w: {"pk": w.permit_a.pk},
    "permits:renewal-start": lambda w: {"pk": w.permit_a.pk},
    "permits:application-detail": lambda w: {"pk": w.open_application_a.pk},
    "permits:application-history": lambda w: {"pk": w.open_application_a.pk},
    "permits:application-edit": lambda w: {"pk": w.open_application_a.pk},
    "permits:application-compliance": lambda w: {"pk": w.open_application_a.pk},
    "permits:document-upload": lambda w: {"pk": w.open_application_a.pk},
    "permits:document-paper": lambda w: {"pk": w.open_application_a.pk},
    "permits:payment-add": lambda w: {"pk": w.open_application_a.pk},
    "permits:application-issue": lambda w: {"pk": w.open_application_a.pk},
    "permits:construction-inspector": lambda w: {"pk": w.open_application_a.pk},
    "permits:application-legacy": lambda w: {"pk": w.open_application_a.pk},
    "permits:document-download": lambda w: {"pk": w.document_a.pk},
    "permits:document-void": lambda w: {"pk": w.document_a.pk},
    "permits:applicant-detail": lambda w: {"pk": w.applicant_a.pk},
    "facilities:lot-detail": lambda w: {"pk": w.lot_a.pk},
    "facilities:lot-unmapped-reason": lambda w: {"pk": w.lot_a.pk},
    "facilities:abutter-import": lambda w: {"pk": w.item.application_id},
    "facilities:abutter-add": lambda w: {"pk": w.item.application_id},
    "facilities:abutter-certify": lambda w: {"pk": w.item.application_id},
    "facilities:abutter-void": lambda w: {"pk": w.abutter.pk},
    "facilities:abutter-draft": lambda w: {"pk": w.item.application_id},
    "facilities:site-plan": lambda w: {"pk": w.plan_application.pk},
    "facilities:site-plan-measure": lambda w: {"pk": w.plan_application.pk},
    "hearings:meeting-detail": lambda w: {"pk": w.meeting.pk},
    "hearings:meeting-history": lambda w: {"pk": w.meeting.pk},
    "hearings:agenda-pdf": lambda w: {"pk": w.meeting.pk},
    "hearings:meeting-letters": lambda w: {"pk": w.meeting.pk},
    "hearings:meeting-labels": lambda w: {"pk": w.meeting.pk},
    "hearings:item-newspaper-charge": lambda w: {"pk": w.item.pk},
    "hearings:decision-sent": lambda w: {"pk": w.decided_item.pk},
    "hearings:decision-mailing": lambda w: {"pk": w.decided_item.pk},
    "hearings:decision-receipt": lambda w: {"pk": w.decided_item.pk},
    "hearings:minutes": lambda w: {"pk": w.past_meeting.pk},
    "hearings:minutes-draft": lambda w: {"pk": w.past_meeting.pk},
    "hearings:minutes-edit": lambda w: {"pk": w.past_meeting.pk},
    "hearings:minutes-approve": lambda w: {"pk": w.past_meeting.pk},
    "hearings:minutes-release": lambda w: {"pk": w.past_meeting.pk},
    "hearings:minutes-pdf": lambda w: {"pk": w.past_meeting.pk},
    "hearings:public-minutes-detail": lambda w: {"pk": w.approved_minutes_meeting.pk},
    "hearings:meeting-notice": lambda w: {"pk": w.meeting.pk},
    "hearings:meeting-notice-posted": lambda w: {"pk": w.meeting.pk},
    "hearings:meeting-notice-pdf": lambda w: {"pk": w.meeting.pk},
    "hearings:legal-notice": lambda w: {"pk": w.meeting.pk},
    "hearings:legal-notice-draft": lambda w: {"pk": w.meeting.pk},
    "hearings:legal-notice-sent": lambda w: {"pk": w.meeting.pk},
    "hearings:legal-notice-published": lambda w: {"pk": w.meeting.pk},
    "hearings:item-notices": lambda w: {"pk": w.item.pk},
    "hearings:item-history": lambda w: {"pk": w.item.pk},
    "hearings:item-edit": lambda w: {"pk": w.item.pk},
    "hearings:item-withdraw": lambda w: {"pk": w.item.pk},
    "hearings:item-mailing": lambda w: {"pk": w.item.pk, "abutter_pk": w.abutter.pk},
    "hearings:item-mailing-list": lambda w: {"pk": w.item.pk},
    "hearings:item-letters": lambda w: {"pk": w.item.pk},
    "hearings:item-labels": lambda w: {"pk": w.item.pk},
    "hearings:decide": lambda w: {"pk": w.item.pk},
    "hearings:decision-pdf": lambda w: {"pk": w.decided_item.pk},
    "hearings:notice-receipt": lambda w: {"pk": w.abutter_notice.pk},
    "hearings:board-member-end": lambda w: {"pk": w.board_member.pk},
    "hearings:vote-dispute": lambda w: {
        "pk": w.revoked_proceeding.docket_item.decision.votes.get().pk
    },
    "hearings:meeting-attendance": lambda w: {"pk": w.meeting.pk},
    "hearings:revocation-open": lambda w: {"permit_pk": w.permit_a.pk},
    "hearings:revocation-detail": lambda w: {"pk": w.proceeding.pk},
    "hearings:revocation-notice": lambda w: {"pk": w.proceeding.pk},
    "hearings:revocation-notice-pdf": lambda w: {"pk": w.proceeding.pk},
    "hearings:approval-request": lambda w: {"application_pk": w.open_application_a.pk},
    "hearings:rescission-open": lambda w: {"variance_pk": w.variance.pk},
    "inspections:inspection-detail": lambda w: {"pk": w.inspection.pk},
    "inspections:inspection-history": lambda w: {"pk": w.inspection.pk},
    "inspections:inspection-record": lambda w: {"pk": w.scheduled_inspection.pk},
    "inspections:inspection-cancel": lambda w: {"pk": w.scheduled_inspection.pk},
    "inspections:inspection-report": lambda w: {"pk": w.inspection.pk},
    "inspections:lot-history": lambda w: {"pk": w.lot_a.pk},
    "inspections:lot-summary": lambda w: {"pk": w.lot_a.pk},
    "inspections:lot-merge": lambda w: {"pk": w.lot_a.pk},
    "inspections:photo": lambda w: {"pk": w.photo.pk},
    "inspections:complaint-detail": lambda w: {"pk": w.complaint.pk},
    "inspections:complaint-schedule": lambda w: {"pk": w.open_complaint.pk},
    "inspections:complaint-close": lambda w: {"pk": w.open_complaint.pk},
    "inspections:order-new": lambda w: {"finding_pk": w.finding_without_order.pk},
    "inspections:order-detail": lambda w: {"pk": w.order.pk},
    "inspections:order-letter": lambda w: {"pk": w.order.pk},
    "inspections:order-abate": lambda w: {"pk": w.order.pk},
    "inspections:order-extend": lambda w: {"pk": w.order.pk},
    "inspections:order-unabated": lambda w: {"pk": w.order.pk},
    "inspections:order-withdraw": lambda w: {"pk": w.order.pk},
}


def url_for(name: str, world) -> str:
    kwargs = ARGS[name](world) if name in ARGS else {}
    return reverse(name, kwargs=kwargs)
