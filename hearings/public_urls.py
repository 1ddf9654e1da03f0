"""Public pages of the hearings (no log-in), included at the site root."""

from django.urls import path

from hearings import public_views

urlpatterns = [
    path("hearings/", public_views.public_hearings, name="public-hearings"),
    path("variances/", public_views.variance_register, name="variance-register"),
    path(
        "variances/<int:pk>/decision.pdf",
        public_views.variance_decision,
        name="variance-decision",
    ),
]
