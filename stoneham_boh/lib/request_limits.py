"""A cap on the size of a request body, checked before anything reads it.

Django's DATA_UPLOAD_MAX_MEMORY_SIZE leaves out the files of a multipart body, and the
upload check (`stoneham_boh.lib.uploads`) runs only once the whole file has been received. A
body larger than REQUEST_MAX_BYTES (the largest upload plus room for the form's fields) is
refused with 413 from its declared length, before a byte of it is read. The reverse proxy
in front should refuse it first (README: `client_max_body_size`); this is the app's own floor.
"""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import render
from django.template.defaultfilters import filesizeformat


def declared_length(request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class RequestSizeLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = settings.REQUEST_MAX_BYTES
        if (sent := declared_length(request)) > limit:
            # Say what the limit counts: everything sent at once (all of a checklist's photos
            # together), not the one file the sender may have in mind.
            context = {
                "limit": filesizeformat(settings.UPLOAD_MAX_BYTES),
                "total": filesizeformat(limit),
                "sent": filesizeformat(sent),
            }
            return render(request, "errors/413.html", context, status=413)
        return self.get_response(request)
