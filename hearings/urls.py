from django.urls import path

from hearings import views

app_name = "hearings"

urlpatterns = [
    path("docket/", views.docket, name="docket"),
    path("schedule/", views.schedule, name="schedule"),
    path("meetings/new/", views.meeting_create, name="meeting-create"),
    path("meetings/<int:pk>/", views.meeting_detail, name="meeting-detail"),
    path("meetings/<int:pk>/history/", views.meeting_history_card, name="meeting-history"),
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
    path("items/<int:pk>/history/", views.item_history_card, name="item-history"),
    path("items/<int:pk>/edit/", views.item_edit, name="item-edit"),
    path("items/<int:pk>/withdraw/", views.item_withdraw, name="item-withdraw"),
    path("items/<int:pk>/mailing/<int:abutter_pk>/", views.item_mailing, name="item-mailing"),
    path("items/<int:pk>/mailing-list/", views.item_mailing_list, name="item-mailing-list"),
    path("items/<int:pk>/letters.pdf", views.item_letters, name="item-letters"),
    path("items/<int:pk>/labels.pdf", views.item_labels, name="item-labels"),
    path("items/<int:pk>/decision/", views.decide, name="decide"),
    path("items/<int:pk>/decision.pdf", views.item_decision_pdf, name="decision-pdf"),
    path("notices/<int:pk>/receipt/", views.notice_receipt, name="notice-receipt"),
]
