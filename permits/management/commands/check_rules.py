"""``manage.py check_rules FILE|-``: evaluate facts from a JSON file, print the results.

The contract's command line (``permits/rules/CONTRACT.md``): one facts object or a list of them
in, one result or a list in the same order out, as JSON on standard output. Exit 0 when every
item was evaluated, 2 when any item was invalid (its place holds the error object), 1 when the
input cannot be read or is not JSON. No database is touched.
"""

from __future__ import annotations

import gc
import json
import os
import sys
from collections.abc import Iterator

from django.core.management.base import BaseCommand, CommandError

from permits.rules import check
from permits.rules.json_output import check_json


class Command(BaseCommand):
    help = (
        "Evaluate application facts (a JSON object or list; FILE or - for standard input) "
        "against the Keeping of Animals rules and print the results as JSON."
    )
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", metavar="FILE", help="path to a JSON file, or - for stdin")
        parser.add_argument(
            "--indent", type=int, default=None, help="indent the JSON output (default: compact)"
        )

    def handle(self, *args, file: str, indent: int | None = None, **options) -> None:
        text = self._read(file)
        # A batch holds thousands of objects: the cyclic collector would only rescan them
        # (there are no cycles), so it is paused for the batch.
        enabled = gc.isenabled()
        gc.disable()
        try:
            try:
                data = json.loads(text)
            except (ValueError, RecursionError) as error:
                raise CommandError(f"{file} is not valid JSON: {_first_line(error)}") from None
            del text
            items = data if isinstance(data, list) else [data]
            invalid = [0]
            if indent is None:
                chunks = self._results_as_json(items, invalid)
                if isinstance(data, list):
                    chunks = _as_json_list(chunks)
            else:
                results = [check(item) for item in items]
                invalid[0] = sum(1 for result in results if "error" in result)
                shown = results if isinstance(data, list) else results[0]
                chunks = iter([json.dumps(shown, indent=indent)])
            self._emit(chunks)
        finally:
            if enabled:
                gc.enable()
        if invalid[0]:
            count = len(items)
            raise CommandError(
                f"{invalid[0]} of {count} item{'s' if count != 1 else ''} "
                f"{'was' if invalid[0] == 1 else 'were'} invalid",
                returncode=2,
            )

    @staticmethod
    def _results_as_json(items: list, invalid: list[int]) -> Iterator[str]:
        """Each item's result as JSON text, counting the invalid ones in ``invalid[0]``."""
        for item in items:
            text, valid = check_json(item)
            if not valid:
                invalid[0] += 1
            yield text

    def _emit(self, chunks: Iterator[str]) -> None:
        """Write the JSON text as it is produced, in blocks of about a megabyte, straight to
        the byte stream when there is one (the text is ASCII): a batch's output runs to tens
        of megabytes, and is never held whole."""
        out = getattr(self.stdout, "_out", None)
        buffer = getattr(out, "buffer", None)
        if buffer is None:
            self.stdout.write("".join(chunks))
            return
        try:
            out.flush()
            block: list[str] = []
            size = 0
            for chunk in chunks:
                block.append(chunk)
                size += len(chunk)
                if size >= _BLOCK:
                    buffer.write("".join(block).encode("ascii"))
                    block, size = [], 0
            block.append("\n")
            buffer.write("".join(block).encode("ascii"))
            buffer.flush()
        except BrokenPipeError:
            # The reader went away (``| head``): send the rest nowhere, so that the interpreter's
            # final flush does not fail again, and say so once.
            os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())
            raise CommandError(
                "standard output was closed before all results were written"
            ) from None

    def _read(self, file: str) -> str:
        try:
            if file == "-":
                return sys.stdin.read()
            with open(file, encoding="utf-8") as handle:
                return handle.read()
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"cannot read {file}: {_first_line(error)}") from None


_BLOCK = 1 << 20


def _as_json_list(parts: Iterator[str]) -> Iterator[str]:
    """``[a, b, c]`` from the JSON texts ``a``, ``b``, ``c``, as ``json.dumps`` would space it."""
    yield "["
    first = True
    for part in parts:
        if not first:
            yield ", "
        first = False
        yield part
    yield "]"


def _first_line(error: BaseException) -> str:
    text = str(error) or type(error).__name__
    return text.splitlines()[0] if text else type(error).__name__
