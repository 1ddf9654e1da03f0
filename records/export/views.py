"""The administrator's page for taking every record out: the kinds, and the download (a zip of
what `manage.py export_records` writes)."""

from __future__ import annotations

import tempfile
import zipfile
from pathlib import Path

from django.http import FileResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role

from .export import export_records
from .kinds import KINDS, exported_models, kind_of


@role_required(Role.ADMIN)
@require_GET
def records_page(request):
    # A kind's count is of its own records (permits, not their animals); history and other
    # kinds, which have no record of their own, count every row.
    counts: dict[str, int] = {}
    for model in exported_models():
        kind = kind_of(model)
        own = KINDS[kind][1]
        if not own or own[0] == model._meta.label_lower:
            counts[kind] = counts.get(kind, 0) + model._base_manager.count()
    kinds = [(kind, description, counts.get(kind, 0)) for kind, (description, _) in KINDS.items()]
    return render(
        request, "records/index.html", {"kinds": [k for k in kinds if k[2] or k[0] != "other"]}
    )


@role_required(Role.ADMIN)
@require_GET
def records_download(request):
    """Every record, written to a scratch folder and zipped into a file deleted once sent."""
    archive = tempfile.TemporaryFile()  # noqa: SIM115 - FileResponse closes (and so deletes) it
    with tempfile.TemporaryDirectory() as scratch:
        export_records(Path(scratch) / "records")
        root = Path(scratch) / "records"
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
            for path in sorted(root.rglob("*")):
                if path.is_file():
                    zipped.write(path, path.relative_to(root).as_posix())
    archive.seek(0)
    name = f"board-of-health-records-{timezone.localdate():%Y-%m-%d}.zip"
    return FileResponse(archive, as_attachment=True, filename=name, content_type="application/zip")
