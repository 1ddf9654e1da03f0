"""Every address of the hearings app: the public hearings and variance register at the site
root, the Board's pages under ``hearings/``. One namespace, ``hearings:``."""

from django.urls import include, path

from hearings.views import (
    approvals,
    board,
    decision_corrections,
    decisions,
    docket,
    executive_sessions,
    items,
    meeting_notice,
    meetings,
    minutes,
    notice_postings,
    public,
    revocations,
    votes,
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
    path("meetings/<int:pk>/letters.pdf", meetings.meeting_letters, name="meeting-letters"),
    path("meetings/<int:pk>/labels.pdf", meetings.meeting_labels, name="meeting-labels"),
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
    path("meetings/<int:pk>/legal-notice/", meetings.legal_notice, name="legal-notice"),
    path(
        "meetings/<int:pk>/legal-notice/draft/",
        meetings.legal_notice_draft,
        name="legal-notice-draft",
    ),
    path(
        "meetings/<int:pk>/legal-notice/sent/", meetings.legal_notice_sent, name="legal-notice-sent"
    ),
    path(
        "meetings/<int:pk>/legal-notice/print/",
        meetings.legal_notice_print,
        name="legal-notice-print",
    ),
    path(
        "meetings/<int:pk>/legal-notice/email/",
        meetings.legal_notice_email,
        name="legal-notice-email",
    ),
    path(
        "meetings/<int:pk>/legal-notice/published/",
        meetings.legal_notice_published,
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
    path("items/<int:pk>/", items.item_notices, name="item-notices"),
    path("items/<int:pk>/history/", items.item_history_card, name="item-history"),
    path("items/<int:pk>/edit/", items.item_edit, name="item-edit"),
    path("items/<int:pk>/withdraw/", items.item_withdraw, name="item-withdraw"),
    path("items/<int:pk>/mailing/<int:abutter_pk>/", items.item_mailing, name="item-mailing"),
    path("items/<int:pk>/mailing-list/", items.item_mailing_list, name="item-mailing-list"),
    path("items/<int:pk>/letters.pdf", items.item_letters, name="item-letters"),
    path("items/<int:pk>/labels.pdf", items.item_labels, name="item-labels"),
    path("items/<int:pk>/mailing-book.pdf", items.item_mailing_book, name="item-mailing-book"),
    path(
        "items/<int:pk>/newspaper-charge/",
        items.item_newspaper_charge,
        name="item-newspaper-charge",
    ),
    path("items/<int:pk>/decision/", decisions.decide, name="decide"),
    path("items/<int:pk>/decision.pdf", decisions.item_decision_pdf, name="decision-pdf"),
    path(
        "items/<int:pk>/decision-letter.pdf",
        decisions.item_decision_letter,
        name="decision-letter-pdf",
    ),
    path("items/<int:pk>/decision/sent/", decisions.decision_sent, name="decision-sent"),
    path(
        "items/<int:pk>/decision/correct/",
        decision_corrections.decision_correct,
        name="decision-correct",
    ),
    path("items/<int:pk>/decision/mailed/", decisions.decision_mailing, name="decision-mailing"),
    path("items/<int:pk>/decision/received/", decisions.decision_receipt, name="decision-receipt"),
    path("notices/<int:pk>/receipt/", items.notice_receipt, name="notice-receipt"),
    path("board/", board.board_members, name="board-members"),
    path("board/add/", board.board_member_add, name="board-member-add"),
    path("board/<int:pk>/end/", board.board_member_end, name="board-member-end"),
    path("board/seats/", board.board_seats, name="board-seats"),
    path("register/", approvals.register_acceptance, name="register-acceptance"),
    path("board/my-votes/", board.my_votes, name="my-votes"),
    path("votes/<int:pk>/dispute/", board.vote_dispute, name="vote-dispute"),
    path("board/disputes/", votes.disputes, name="disputes"),
    path("votes/<int:pk>/settle/", votes.dispute_settle, name="dispute-settle"),
    path("meetings/<int:pk>/attendance/", board.meeting_attendance, name="meeting-attendance"),
    path(
        "permits/<int:permit_pk>/revocation/",
        revocations.revocation_open,
        name="revocation-open",
    ),
    path("revocations/<int:pk>/", revocations.revocation_detail, name="revocation-detail"),
    path("revocations/<int:pk>/notice/", revocations.revocation_notice, name="revocation-notice"),
    path(
        "revocations/<int:pk>/notice.pdf",
        revocations.revocation_notice_pdf,
        name="revocation-notice-pdf",
    ),
    path(
        "applications/<int:application_pk>/approval/",
        approvals.approval_request,
        name="approval-request",
    ),
    path(
        "variances/<int:variance_pk>/rescind/",
        approvals.rescission_open,
        name="rescission-open",
    ),
]

urlpatterns = [*public_patterns, path("hearings/", include(staff_patterns))]
