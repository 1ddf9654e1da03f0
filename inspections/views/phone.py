"""The agent's pages as a small web app for the phone: its manifest and its service worker.

The worker is served from the inspections prefix because a service worker controls only the
pages under its own address: here, the agent's pages and nothing of another role's. Both are
for agents only (a worker's script answered with a redirect fails to install), and neither
holds a record: the worker keeps the pages the server marks as the agent's day
(`common.KEEP_HEADER`).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from django.contrib.staticfiles import finders
from django.shortcuts import render
from django.views.decorators.http import require_GET

from inspections.views.common import agents_only

# The scripts and styles the worker keeps for the pages without a signal: its version is theirs,
# so that a changed file is fetched anew.
KEPT_STATIC = (
    "vendor/bootstrap/css/bootstrap.min.css",
    "vendor/bootstrap/js/bootstrap.bundle.min.js",
    "django_htmx/htmx-2.min.js",
    "css/boh.css",
    "css/inspections.css",
    "js/phone-store.js",
    "js/offline-inspections.js",
    "js/inspection-checklist.js",
    "js/checklist-draft.js",
)


def _version() -> str:
    digest = hashlib.sha256()
    for name in KEPT_STATIC:
        found = finders.find(name)
        digest.update(Path(found).read_bytes() if found else name.encode())
    return digest.hexdigest()[:12]


@agents_only
@require_GET
def service_worker(request):
    # Sent `no-store` like every page of a signed-in user: the browser checks for a new
    # worker on each visit.
    return render(
        request,
        "inspections/phone/service-worker.js",
        {"version": _version(), "kept_static": KEPT_STATIC},
        content_type="application/javascript",
    )


@agents_only
@require_GET
def manifest(request):
    return render(
        request, "inspections/phone/manifest.webmanifest", content_type="application/manifest+json"
    )
