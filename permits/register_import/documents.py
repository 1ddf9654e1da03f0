"""The scans that come with a register: a folder, or a zip archive, of files named in the
spreadsheet's document column. A name is found exactly, or else by its file name alone in any
sub-folder, ignoring case (a town's scans are rarely filed as the spreadsheet spells them)."""

from __future__ import annotations

import zipfile
from pathlib import Path, PurePosixPath


class DocumentsError(Exception):
    pass


class Documents:
    """Names -> a way to read the file's bytes. Empty when no folder or zip was given."""

    def __init__(self, entries: dict[str, object] | None = None, reader=None, label: str = ""):
        self._entries = entries or {}
        self._read = reader
        self.label = label
        self._by_name: dict[str, list[str]] = {}
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
            return cls.from_zip_bytes(path.read_bytes(), label=path.name)
        raise DocumentsError(f"No folder or zip at {path}.")

    @classmethod
    def from_zip_bytes(cls, content: bytes, label: str = "the zip") -> Documents:
        import io

        try:
            archive = zipfile.ZipFile(io.BytesIO(content))
        except zipfile.BadZipFile:
            raise DocumentsError(f"“{label}” is not a zip archive.") from None
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

    def read(self, path: str) -> bytes:
        return self._read(self._entries[path])
