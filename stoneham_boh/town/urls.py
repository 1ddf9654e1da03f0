from django.urls import path

from stoneham_boh.town import views

app_name = "town"

urlpatterns = [
    path("", views.town_settings, name="settings"),
    path("history/", views.town_history, name="history"),
    path("wording/", views.standing_texts, name="standing-texts"),
    path("wording/<str:key>/", views.standing_text_edit, name="standing-text"),
    path(
        "wording/<str:key>/history/",
        views.standing_text_history,
        name="standing-text-history",
    ),
]
