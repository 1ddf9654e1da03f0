"""The API's views: one for every endpoint, and the page that documents them.

A response is a page of items: {"count", "page", "pages", "per_page", "next", "previous",
"results"}. Its ETag is a digest of the body, so a client that sends it back (If-None-Match)
is answered 304 Not Modified with no body; Cache-Control lets browsers and proxies keep a
page for API_MAX_AGE seconds. A page that does not exist is a 404 with a message, never a 500.
"""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.core.paginator import EmptyPage, PageNotAnInteger, Paginator
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control
from django.views.decorators.http import require_GET

from stoneham_boh.lib.record_ids import record_id

from .endpoints import BY_NAME, ENDPOINTS

MAX_PER_PAGE = 500  # each endpoint's own default (Endpoint.per_page) is smaller


def _json(payload: dict, status: int = 200) -> HttpResponse:
    body = json.dumps(payload, cls=DjangoJSONEncoder, ensure_ascii=False, separators=(",", ":"))
    return HttpResponse(body, status=status, content_type="application/json; charset=utf-8")


def _cached(request, response: HttpResponse) -> HttpResponse:
    etag = '"' + hashlib.sha256(response.content).hexdigest()[:32] + '"'
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        response = not_modified
    response["ETag"] = etag
    patch_cache_control(response, public=True, max_age=settings.API_MAX_AGE)
    response["Access-Control-Allow-Origin"] = "*"  # public records, for any page to read
    return response


def _per_page(request, default: int) -> int | None:
    text = request.GET.get("per_page", "")
    if not text:
        return default
    number = record_id(text)  # ASCII digits only: "²" passes str.isdigit() but not int()
    return number if number is not None and 1 <= number <= MAX_PER_PAGE else None


def _link(request, spec, page: int, per_page: int) -> str:
    query = f"?page={page}" + (f"&per_page={per_page}" if per_page != spec.per_page else "")
    return request.build_absolute_uri(reverse(f"api:{spec.name}") + query)


@require_GET
def endpoint(request, name: str):
    spec = BY_NAME[name]
    per_page = _per_page(request, spec.per_page)
    if per_page is None:
        return _cached(
            request, _json({"error": f"per_page is a number from 1 to {MAX_PER_PAGE}."}, 400)
        )
    paginator = Paginator(spec.items(timezone.localdate()), per_page)
    try:
        page = paginator.page(request.GET.get("page") or 1)
    except PageNotAnInteger:
        return _cached(request, _json({"error": "page is a number, from 1."}, 400))
    except EmptyPage:
        return _cached(request, _json({"error": f"There are {paginator.num_pages} pages."}, 404))
    items = list(page.object_list)
    context = {**spec.context(items), "url": request.build_absolute_uri}
    payload = {
        "count": paginator.count,
        "page": page.number,
        "pages": paginator.num_pages,
        "per_page": per_page,
        "next": _link(request, spec, page.next_page_number(), per_page)
        if page.has_next()
        else None,
        "previous": _link(request, spec, page.previous_page_number(), per_page)
        if page.has_previous()
        else None,
        "results": [spec.item(item, context) for item in items],
    }
    return _cached(request, _json(payload))


@require_GET
def documentation(request):
    return render(
        request,
        "records/api/index.html",
        {
            "endpoints": [(e, reverse(f"api:{e.name}")) for e in ENDPOINTS],
            "max_per_page": MAX_PER_PAGE,
            "max_age": settings.API_MAX_AGE,
        },
    )
