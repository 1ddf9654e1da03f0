"""The scans that come with a register: a folder, or a zip archive, of files named in the
spreadsheet's document column. A name is found exactly, or else by its file name alone in any
sub-folder, ignoring case (a town's scans are rarely filed as the spreadsheet spells them).

A zip's sizes are checked from its directory before any scan is inflated
(`stoneham_boh.lib.inflation`): no scan larger than an upload may be, nor larger in all than
SCANS_LIMITS, nor one that inflates like a bomb. Each scan is read once however many rows name
it (each is checked once; one that several rows name is kept, once read, for all of them)."""

from __future__ import annotations

import zipfile
from pathlib import Path, PurePosixPath

from django.conf import settings

from stoneham_boh.lib.inflation import Limits, TooLarge, open_zip

# Scans are PDFs and images, which hardly compress: one that inflates more than this many
# times is no scan. In all, what one load may hold in memory (bounds, not regulation).
SCANS_RATIO = 50
SCANS_TOTAL_BYTES = 200 * 1024 * 1024


def scans_limits() -> Limits:
    return Limits(
        member_bytes=settings.UPLOAD_MAX_BYTES, total_bytes=SCANS_TOTAL_BYTES, ratio=SCANS_RATIO
    )


class DocumentsError(Exception):
    pass


class Documents:
    """Names -> a way to read the file's bytes. Empty when no folder or zip was given."""

    def __init__(self, entries: dict[str, object] | None = None, reader=None, label: str = ""):
        self._entries = entries or {}
        self._read = reader
        self.label = label
        self._by_name: dict[str, list[str]] = {}
        # The scans more than one row names, kept once read (the rest are read as each is
        # needed, so that the scans of a whole register are never all held at once).
        self._shared: set[str] = set()
        self._kept: dict[str, bytes] = {}
        for path in self._entries:
            self._by_name.setdefault(PurePosixPath(path).name.lower(), []).append(path)

    @classmethod
    def none(cls) -> Documents:
        return cls(label="no documents given")

    @classmethod
    def from_path(cls, path: str | Path) -> Documents:
        path = Path(path)
        if path.is_dir():
            entries = {
                str(p.relative_to(path).as_posix()): p
                for p in sorted(path.rglob("*"))
                if p.is_file()
            }
            return cls(entries, lambda p: p.read_bytes(), label=str(path))
        if path.is_file():
            # Read from the file as each scan is needed: a town's zip of scans may be large.
            return cls.from_zip_bytes(path, label=path.name)
        raise DocumentsError(f"No folder or zip at {path}.")

    @classmethod
    def from_zip_bytes(cls, content: bytes | Path, label: str = "the zip") -> Documents:
        try:
            archive = open_zip(content, label, scans_limits(), "the scans")
        except zipfile.BadZipFile:
            raise DocumentsError(f"“{label}” is not a zip archive.") from None
        except TooLarge as refused:
            raise DocumentsError(" ".join(refused.problems)) from None
        entries = {
            info.filename: info
            for info in archive.infolist()
            if not info.is_dir() and not PurePosixPath(info.filename).name.startswith(".")
        }
        return cls(entries, archive.read, label=label)

    def __len__(self) -> int:
        return len(self._entries)

    def find(self, name: str) -> str | None:
        """The path of the file called `name`, or None; a name that matches two files in
        different folders is ambiguous, and found only by its full path."""
        if name in self._entries:
            return name
        candidates = self._by_name.get(PurePosixPath(name.replace("\\", "/")).name.lower(), [])
        return candidates[0] if len(candidates) == 1 else None

    def size(self, path: str) -> int:
        entry = self._entries[path]
        return entry.file_size if isinstance(entry, zipfile.ZipInfo) else Path(entry).stat().st_size

    def share(self, paths) -> None:
        """`paths` are named by several rows: each is read once and kept for all of them."""
        self._shared.update(paths)

    def read(self, path: str) -> bytes:
        """The file's bytes (a shared file's, read the first time and kept); DocumentsError
        when it is larger than a scan may be, before it is read, or cannot be read."""
        if path in self._kept:
            return self._kept[path]
        if self.size(path) > settings.UPLOAD_MAX_BYTES:
            raise DocumentsError(
                f"“{path}” is {self.size(path):,} bytes, more than the "
                f"{settings.UPLOAD_MAX_BYTES:,} a scan may be."
            )
        try:
            content = self._read(self._entries[path])
        except (zipfile.BadZipFile, OSError, EOFError, ValueError) as error:
            raise DocumentsError(f"“{path}” cannot be read from {self.label} ({error}).") from None
        if path in self._shared:
            self._kept[path] = content
        return content
