"""The project's URLs plus a view that fails and a clerk-only view, to see the error pages."""

from django.core.exceptions import BadRequest, SuspiciousOperation
from django.http import HttpResponse
from django.urls import path

from stoneham_boh.accounts.access import clerk_required
from stoneham_boh.urls import handler403, handler404, handler500, urlpatterns  # noqa: F401

SECRET_DETAIL = "database password is hunter2 at /srv/boh/settings.py line 42"


def failing_view(request):
    raise RuntimeError(SECRET_DETAIL)


def suspicious_view(request):
    raise SuspiciousOperation(SECRET_DETAIL)


def bad_request_view(request):
    raise BadRequest(SECRET_DETAIL)


@clerk_required
def clerk_only_view(request):
    return HttpResponse("the clerk's page")


urlpatterns = [
    *urlpatterns,
    path("trust-test-failure/", failing_view),
    path("trust-test-clerk-only/", clerk_only_view),
    path("trust-test-suspicious/", suspicious_view),
    path("trust-test-bad-request/", bad_request_view),
]
