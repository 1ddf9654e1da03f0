"""Every address of the hearings app: the public hearings and variance register at the site
root, the Board's pages under ``hearings/``. One namespace, ``hearings:``."""

from django.urls import include, path

from hearings.views import (
    approvals,
    attendance,
    board_roll,
    decision_corrections,
    decisions,
    docket,
    executive_sessions,
    legal_notice,
    mailing,
    meeting_notice,
    meetings,
    minutes,
    notice_postings,
    public,
    register_acceptance,
    rescission,
    revocation,
    votes,
    written_decisions,
)

app_name = "hearings"

public_patterns = [
    path("hearings/", public.public_hearings, name="public-hearings"),
    path("variances/", public.variance_register, name="variance-register"),
    path("minutes/", minutes.public_minutes_list, name="public-minutes"),
    path("minutes/<int:pk>/", minutes.public_minutes, name="public-minutes-detail"),
    path(
        "variances/<int:pk>/decision.pdf",
        public.variance_decision,
        name="variance-decision",
    ),
]

staff_patterns = [
    path("docket/", docket.docket, name="docket"),
    path("schedule/", docket.schedule, name="schedule"),
    path("meetings/new/", meetings.meeting_create, name="meeting-create"),
    path("meetings/past/", meetings.past_meeting_list, name="past-meetings"),
    path("meetings/<int:pk>/", meetings.meeting_detail, name="meeting-detail"),
    path("meetings/<int:pk>/history/", meetings.meeting_history_card, name="meeting-history"),
    path("meetings/<int:pk>/agenda.pdf", meetings.meeting_agenda, name="agenda-pdf"),
    path("meetings/<int:pk>/letters.pdf", mailing.meeting_letters, name="meeting-letters"),
    path("meetings/<int:pk>/labels.pdf", mailing.meeting_labels, name="meeting-labels"),
    path("meetings/<int:pk>/notice/", meeting_notice.meeting_notice, name="meeting-notice"),
    path(
        "meetings/<int:pk>/notice/posted/",
        meeting_notice.meeting_notice_posted,
        name="meeting-notice-posted",
    ),
    path(
        "meetings/<int:pk>/notice.pdf",
        meeting_notice.meeting_notice_print,
        name="meeting-notice-pdf",
    ),
    path("meetings/<int:pk>/minutes/", minutes.minutes_page, name="minutes"),
    path("meetings/<int:pk>/minutes/draft/", minutes.minutes_draft, name="minutes-draft"),
    path("meetings/<int:pk>/minutes/edit/", minutes.minutes_edit, name="minutes-edit"),
    path("meetings/<int:pk>/minutes/approve/", minutes.minutes_approve, name="minutes-approve"),
    path("meetings/<int:pk>/minutes/release/", minutes.minutes_release, name="minutes-release"),
    path("meetings/<int:pk>/minutes.pdf", minutes.minutes_print, name="minutes-pdf"),
    path(
        "meetings/<int:pk>/executive-sessions/enter/",
        executive_sessions.enter,
        name="executive-session-enter",
    ),
    path("executive-sessions/<int:pk>/", executive_sessions.detail, name="executive-session"),
    path(
        "executive-sessions/<int:pk>/minutes/",
        executive_sessions.minutes,
        name="executive-session-minutes",
    ),
    path(
        "executive-sessions/<int:pk>/release/",
        executive_sessions.release,
        name="executive-session-release",
    ),
    path("meetings/<int:pk>/legal-notice/", legal_notice.legal_notice, name="legal-notice"),
    path(
        "meetings/<int:pk>/legal-notice/draft/",
        legal_notice.legal_notice_draft,
        name="legal-notice-draft",
    ),
    path(
        "meetings/<int:pk>/legal-notice/sent/",
        legal_notice.legal_notice_sent,
        name="legal-notice-sent",
    ),
    path(
        "meetings/<int:pk>/legal-notice/print/",
        legal_notice.legal_notice_print,
        name="legal-notice-print",
    ),
    path(
        "meetings/<int:pk>/legal-notice/email/",
        legal_notice.legal_notice_email,
        name="legal-notice-email",
    ),
    path(
        "meetings/<int:pk>/legal-notice/published/",
        legal_notice.legal_notice_published,
        name="legal-notice-published",
    ),
    path(
        "meetings/<int:pk>/legal-notice/online/<str:site>/",
        notice_postings.legal_notice_online,
        name="legal-notice-online",
    ),
    path(
        "meetings/<int:pk>/legal-notice/proofs/",
        notice_postings.legal_notice_proof,
        name="legal-notice-proof",
    ),
    path(
        "legal-notice-proofs/<int:pk>/",
        notice_postings.legal_notice_proof_download,
        name="legal-notice-proof-download",
    ),
    path(
        "legal-notice-proofs/<int:pk>/void/",
        notice_postings.legal_notice_proof_void,
        name="legal-notice-proof-void",
    ),
    path("items/<int:pk>/", mailing.item_notices, name="item-notices"),
    path("items/<int:pk>/history/", docket.item_history_card, name="item-history"),
    path("items/<int:pk>/edit/", docket.item_edit, name="item-edit"),
    path("items/<int:pk>/withdraw/", docket.item_withdraw, name="item-withdraw"),
    path("items/<int:pk>/mailing/<int:abutter_pk>/", mailing.item_mailing, name="item-mailing"),
    path("items/<int:pk>/mailing-list/", mailing.item_mailing_list, name="item-mailing-list"),
    path("items/<int:pk>/letters.pdf", mailing.item_letters, name="item-letters"),
    path("items/<int:pk>/labels.pdf", mailing.item_labels, name="item-labels"),
    path("items/<int:pk>/mailing-book.pdf", mailing.item_mailing_book, name="item-mailing-book"),
    path(
        "items/<int:pk>/newspaper-charge/",
        legal_notice.item_newspaper_charge,
        name="item-newspaper-charge",
    ),
    path("items/<int:pk>/decision/", decisions.decide, name="decide"),
    path("items/<int:pk>/decision.pdf", decisions.item_decision_pdf, name="decision-pdf"),
    path(
        "items/<int:pk>/decision-letter.pdf",
        decisions.item_decision_letter,
        name="decision-letter-pdf",
    ),
    path("items/<int:pk>/decision/sent/", written_decisions.decision_sent, name="decision-sent"),
    path(
        "items/<int:pk>/decision/correct/",
        decision_corrections.decision_correct,
        name="decision-correct",
    ),
    path(
        "items/<int:pk>/decision/mailed/",
        written_decisions.decision_mailing,
        name="decision-mailing",
    ),
    path(
        "items/<int:pk>/decision/received/",
        written_decisions.decision_receipt,
        name="decision-receipt",
    ),
    path("notices/<int:pk>/receipt/", mailing.notice_receipt, name="notice-receipt"),
    path("board/", board_roll.board_members, name="board-members"),
    path("board/add/", board_roll.board_member_add, name="board-member-add"),
    path("board/<int:pk>/end/", board_roll.board_member_end, name="board-member-end"),
    path("board/seats/", board_roll.board_seats, name="board-seats"),
    path("register/", register_acceptance.register_acceptance, name="register-acceptance"),
    path("board/my-votes/", votes.my_votes, name="my-votes"),
    path("votes/<int:pk>/dispute/", votes.vote_dispute, name="vote-dispute"),
    path("board/disputes/", votes.disputes, name="disputes"),
    path("votes/<int:pk>/settle/", votes.dispute_settle, name="dispute-settle"),
    path("meetings/<int:pk>/attendance/", attendance.meeting_attendance, name="meeting-attendance"),
    path(
        "permits/<int:permit_pk>/revocation/",
        revocation.revocation_open,
        name="revocation-open",
    ),
    path("revocations/<int:pk>/", revocation.revocation_detail, name="revocation-detail"),
    path("revocations/<int:pk>/notice/", revocation.revocation_notice, name="revocation-notice"),
    path(
        "revocations/<int:pk>/notice.pdf",
        revocation.revocation_notice_pdf,
        name="revocation-notice-pdf",
    ),
    path(
        "applications/<int:application_pk>/approval/",
        approvals.approval_request,
        name="approval-request",
    ),
    path(
        "variances/<int:variance_pk>/rescind/",
        rescission.rescission_open,
        name="rescission-open",
    ),
]

urlpatterns = [*public_patterns, path("hearings/", include(staff_patterns))]
