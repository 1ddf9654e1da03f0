"""The methods the site answers: GET, HEAD and POST; anything else is refused (405) before any
view runs.

TRACE and TRACK echo a request back (a proxy or a view that did would hand a script the
request's cookies and headers). OPTIONS is answered by Django's generic views with 200 and a
list of methods, and by function views as if it were GET: no page of ours is meant for it, and
the public API is read with simple GETs that no browser preflights. One refusal here, rather
than each view remembering to refuse, keeps a new view from answering it.
"""

from __future__ import annotations

from django.http import HttpResponseNotAllowed

ALLOWED = ["GET", "HEAD", "POST"]


class RefuseMethodsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method.upper() not in ALLOWED:
            return HttpResponseNotAllowed(ALLOWED)
        return self.get_response(request)
