from django.urls import path

from hearings import board_views, views

app_name = "hearings"

urlpatterns = [
    path("docket/", views.docket, name="docket"),
    path("schedule/", views.schedule, name="schedule"),
    path("meetings/new/", views.meeting_create, name="meeting-create"),
    path("meetings/<int:pk>/", views.meeting_detail, name="meeting-detail"),
    path("meetings/<int:pk>/agenda.pdf", views.meeting_agenda, name="agenda-pdf"),
    path("meetings/<int:pk>/letters.pdf", views.meeting_letters, name="meeting-letters"),
    path("meetings/<int:pk>/labels.pdf", views.meeting_labels, name="meeting-labels"),
    path("meetings/<int:pk>/legal-notice/", views.legal_notice, name="legal-notice"),
    path(
        "meetings/<int:pk>/legal-notice/draft/",
        views.legal_notice_draft,
        name="legal-notice-draft",
    ),
    path("meetings/<int:pk>/legal-notice/sent/", views.legal_notice_sent, name="legal-notice-sent"),
    path(
        "meetings/<int:pk>/legal-notice/published/",
        views.legal_notice_published,
        name="legal-notice-published",
    ),
    path("items/<int:pk>/", views.item_notices, name="item-notices"),
    path("items/<int:pk>/edit/", views.item_edit, name="item-edit"),
    path("items/<int:pk>/withdraw/", views.item_withdraw, name="item-withdraw"),
    path("items/<int:pk>/mailing/<int:abutter_pk>/", views.item_mailing, name="item-mailing"),
    path("items/<int:pk>/mailing-list/", views.item_mailing_list, name="item-mailing-list"),
    path("items/<int:pk>/letters.pdf", views.item_letters, name="item-letters"),
    path("items/<int:pk>/labels.pdf", views.item_labels, name="item-labels"),
    path("items/<int:pk>/decision/", views.decide, name="decide"),
    path("items/<int:pk>/decision.pdf", views.item_decision_pdf, name="decision-pdf"),
    path("notices/<int:pk>/receipt/", views.notice_receipt, name="notice-receipt"),
    path("board/", board_views.board_members, name="board-members"),
    path("board/add/", board_views.board_member_add, name="board-member-add"),
    path("board/<int:pk>/end/", board_views.board_member_end, name="board-member-end"),
    path(
        "permits/<int:permit_pk>/revocation/",
        board_views.revocation_open,
        name="revocation-open",
    ),
    path("revocations/<int:pk>/", board_views.revocation_detail, name="revocation-detail"),
    path("revocations/<int:pk>/notice/", board_views.revocation_notice, name="revocation-notice"),
    path(
        "revocations/<int:pk>/notice.pdf",
        board_views.revocation_notice_pdf,
        name="revocation-notice-pdf",
    ),
    path(
        "applications/<int:application_pk>/approval/",
        board_views.approval_request,
        name="approval-request",
    ),
    path(
        "variances/<int:variance_pk>/rescind/",
        board_views.rescission_open,
        name="rescission-open",
    ),
]
