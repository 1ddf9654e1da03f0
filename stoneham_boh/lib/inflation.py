"""Sizes of an archive checked before any of it is inflated.

A zip (a parcel layer, a register's scans, an .xlsx workbook, which is a zip too) declares in its
central directory how large each member is once inflated. Those figures are checked here,
before one byte is decompressed: each member, all of them together, and how many times a
large member grows (a few kilobytes that inflate to hundreds of megabytes is a bomb, not a
file). Python's zip reader then holds each member to the size its directory declared and
checks its CRC, so a member that lies about its size fails as it is read, at the declared size.

`size_problems` states the problems in the caller's words (`noun`: "a parcel layer"); each
import decides its own limits, which are bounds on memory and time, not figures of the
regulation.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

# A member smaller than this is never judged by its ratio: small text files compress far.
RATIO_FROM_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    member_bytes: int
    total_bytes: int
    ratio: int = 0  # the most a member above RATIO_FROM_BYTES may grow; 0: not judged


class TooLarge(Exception):
    """The archive would not fit in the limits; `problems` names each member at fault."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(" ".join(problems))


def size_problems(
    where: str,
    members: Iterable[tuple[str, int] | tuple[str, int, int]],
    limits: Limits,
    noun: str,
) -> list[str]:
    """Each member as (name, inflated size) or (name, inflated size, compressed size)."""
    problems = []
    total = 0
    for member in members:
        name, size = member[0], member[1]
        packed = member[2] if len(member) > 2 else 0
        total += size
        short = PurePosixPath(name.replace("\\", "/")).name
        if size > limits.member_bytes:
            problems.append(
                f"{where}, member {short}: {size:,} bytes uncompressed, more than the "
                f"{limits.member_bytes:,} a file of {noun} may hold."
            )
        elif limits.ratio and size > RATIO_FROM_BYTES and size > limits.ratio * max(packed, 1):
            problems.append(
                f"{where}, member {short}: {packed:,} bytes that inflate to {size:,}, more "
                f"than {limits.ratio} times what a file of {noun} does."
            )
    if total > limits.total_bytes:
        problems.append(
            f"{where}: {total:,} bytes uncompressed in all, more than the "
            f"{limits.total_bytes:,} {noun} may hold."
        )
    return problems


def zip_members(archive: zipfile.ZipFile) -> list[zipfile.ZipInfo]:
    return [info for info in archive.infolist() if not info.is_dir()]


def check_zip(archive: zipfile.ZipFile, where: str, limits: Limits, noun: str) -> None:
    """Raise TooLarge when the archive's directory declares more than `limits` allow."""
    problems = size_problems(
        where,
        [(i.filename, i.file_size, i.compress_size) for i in zip_members(archive)],
        limits,
        noun,
    )
    if problems:
        raise TooLarge(problems)


def open_zip(content: bytes | Path, where: str, limits: Limits, noun: str) -> zipfile.ZipFile:
    """The archive of `content` (its bytes, or the path of a file read as it is needed), its
    sizes checked; zipfile.BadZipFile if it is no zip."""
    try:
        archive = zipfile.ZipFile(content if isinstance(content, Path) else io.BytesIO(content))
    except (ValueError, OSError) as error:
        raise zipfile.BadZipFile(str(error)) from None
    check_zip(archive, where, limits, noun)
    return archive
