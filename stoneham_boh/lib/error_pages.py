"""The site's own "page not found" and "something went wrong" pages, with DEBUG on as well.

With DEBUG off Django already answers through the handlers in the URL configuration. With it on
(the demo, a developer's machine) Django would instead show its technical pages: the 404 lists
every URL pattern of the site and the 500 prints settings and a traceback to whoever asked. A
resident who mistypes an address on the demo must see what they would see on the real site, so
this middleware answers both itself; the traceback still goes to the log, where developers read
it.

Only failures are this middleware's: a refusal (PermissionDenied, 403) and a request the site
cannot read (BadRequest, SuspiciousOperation, 400) are answered as Django answers them with
DEBUG off, through the URL configuration's handlers and Django's own loggers, never as "something
went wrong" and never logged as an internal error: the demo a Board evaluates must refuse as the
real site refuses.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.exceptions import (
    BadRequest,
    PermissionDenied,
    RequestDataTooBig,
    SuspiciousOperation,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.core.handlers.exception import get_exception_response
from django.core.signals import got_request_exception
from django.http import Http404
from django.shortcuts import render
from django.urls import get_resolver, get_urlconf
from django.utils.log import log_response

logger = logging.getLogger("django.request")

NOT_FOUND_TEMPLATE = "errors/404.html"
SERVER_ERROR_TEMPLATE = "errors/500.html"


def not_found_page(request):
    return render(request, NOT_FOUND_TEMPLATE, status=404)


def server_error_page(request):
    # Nothing of the request's context: the context processors may be what failed.
    return render(request, SERVER_ERROR_TEMPLATE, status=500, context={})


def bad_request_page(request, exception):
    """The 400 that Django gives with DEBUG off (its technical page shows settings otherwise):
    the URL configuration's handler, logged where Django logs it (a suspicious request to
    django.security.<its kind>, as an error; a bad one to django.request, as a warning)."""
    if isinstance(exception, RequestDataTooBig | TooManyFieldsSent | TooManyFilesSent):
        request._mark_post_parse_error()  # the body cannot be read again
    response = get_exception_response(request, get_resolver(get_urlconf()), 400, exception)
    if isinstance(exception, SuspiciousOperation):
        security = logging.getLogger(f"django.security.{type(exception).__name__}")
        log_response(
            str(exception),
            exception=exception,
            request=request,
            response=response,
            level="error",
            logger=security,
        )
    else:
        log_response(
            "%s: %s",
            str(exception),
            request.path,
            response=response,
            request=request,
            exception=exception,
        )
    return response


class SiteErrorPagesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        # No view matched the address: Django answered before any view ran (technical with
        # DEBUG on). A view's own 404 (an unknown permit number) has a resolver match and is
        # left as it is.
        if (
            settings.DEBUG
            and response.status_code == 404
            and getattr(request, "resolver_match", None) is None
        ):
            return not_found_page(request)
        return response

    def process_exception(self, request, exception):
        if not settings.DEBUG:
            return None  # Django calls the URL configuration's handlers, which are these pages.
        if isinstance(exception, Http404):
            return not_found_page(request)
        if isinstance(exception, PermissionDenied):
            return None  # Django calls handler403 with DEBUG on as well.
        if isinstance(exception, BadRequest | SuspiciousOperation):
            return bad_request_page(request, exception)
        got_request_exception.send(sender=type(self), request=request)
        logger.error("Internal Server Error: %s", request.path, exc_info=exception)
        return server_error_page(request)
