"""TRACE and TRACK are refused everywhere (405): no page of ours echoes a request back, and a
proxy or a view that did would hand a script the request's cookies and headers."""

from __future__ import annotations

from django.http import HttpResponseNotAllowed

REFUSED_METHODS = {"TRACE", "TRACK"}
ALLOWED = ["GET", "HEAD", "POST", "OPTIONS"]


class RefuseTraceMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method.upper() in REFUSED_METHODS:
            return HttpResponseNotAllowed(ALLOWED)
        return self.get_response(request)
