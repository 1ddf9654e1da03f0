"""The project's URLs plus a view that fails and a clerk-only view, to see the error pages."""

from django.http import HttpResponse
from django.urls import path

from stoneham_boh.accounts.access import clerk_required
from stoneham_boh.urls import handler403, handler404, handler500, urlpatterns  # noqa: F401

SECRET_DETAIL = "database password is hunter2 at /srv/boh/settings.py line 42"


def failing_view(request):
    raise RuntimeError(SECRET_DETAIL)


@clerk_required
def clerk_only_view(request):
    return HttpResponse("the clerk's page")


urlpatterns = [
    *urlpatterns,
    path("trust-test-failure/", failing_view),
    path("trust-test-clerk-only/", clerk_only_view),
]
