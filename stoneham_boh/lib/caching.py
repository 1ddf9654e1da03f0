"""What browsers and proxies may keep: nothing of a logged-in person's pages or of any file.

A page seen by a logged-in user carries personal data (applicants' names, addresses, the
docket), and every PDF, CSV or .xlsx export and uploaded document is a record: all are sent with
`Cache-Control: private, no-store`, so a shared computer's back button or disk cache shows
nothing after log-out. Public pages (the pre-check, the Regulations, verification seen by
anyone) keep the normal caching.
"""

from __future__ import annotations

from django.conf import settings

from stoneham_boh.lib.csv_export import XLSX_TYPE

NO_STORE = "private, no-store"
FILE_TYPES = ("application/pdf", "text/csv", XLSX_TYPE)


def is_private(request, response) -> bool:
    if response.get("Content-Type", "").split(";", 1)[0].strip().lower() in FILE_TYPES:
        return True
    if response.get("Content-Disposition", "").lower().startswith("attachment"):
        return True
    # Without a session cookie nobody is logged in: no need to load a session to know.
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return False
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated)


class PrivateResponsesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if is_private(request, response):
            response["Cache-Control"] = NO_STORE
        return response
