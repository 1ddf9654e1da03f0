"""``manage.py clocks RULE WHEN``: one clock of the Board's business, printed as one ISO line.

    oml-posting       WHEN the meeting's date-time   -> the last moment to post its notice
    abutter-notice    WHEN the hearing date          -> the last day to mail the abutters
    newspaper-notice  WHEN the hearing date          -> the issue of the paper that must carry it
    records-request   WHEN the day received          -> the day the response is due
    holidays          WHEN a year                    -> its legal holidays as kept, one a line

Nothing else is printed; a bad argument exits 2 with a one-line reason on standard error.
"""

from __future__ import annotations

import sys
from datetime import date, datetime

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from hearings import clocks
from records.clocks import records_response_deadline
from stoneham_boh.lib.mass_calendar import legal_holidays


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise CommandError(
            f"{text!r} is not a date: write it as YYYY-MM-DD.", returncode=2
        ) from None


def _moment(text: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        moment = None
    if moment is None or "T" not in text and " " not in text:
        raise CommandError(
            f"{text!r} is not a date and time: write it as YYYY-MM-DDTHH:MM.", returncode=2
        )
    return moment.replace(tzinfo=None, second=0, microsecond=0)


def _year(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) == 4 and int(text) >= 1900):
        raise CommandError(
            f"{text!r} is not a year: write it as YYYY (1900 or later).", returncode=2
        )
    return int(text)


RULES = {
    "oml-posting": lambda when: clocks.oml_posting_deadline(_moment(when)).iso(),
    "abutter-notice": lambda when: clocks.abutter_notice_deadline(_date(when)).iso(),
    "newspaper-notice": lambda when: clocks.newspaper_notice_deadline(_date(when)).iso(),
    "records-request": lambda when: records_response_deadline(_date(when)).iso(),
    "holidays": lambda when: "\n".join(day.isoformat() for day, _ in legal_holidays(_year(when))),
}


class Command(BaseCommand):
    help = "Print one clock of the Board's business: " + ", ".join(RULES) + "."
    requires_system_checks: list[str] = []

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)

        def one_line_error(message: str):
            if not parser.called_from_command_line:
                raise CommandError(message, returncode=2)
            sys.stderr.write(f"clocks: {message}\n")
            sys.exit(2)

        parser.error = one_line_error
        return parser

    def add_arguments(self, parser) -> None:
        parser.add_argument("rule", metavar="RULE", help=", ".join(RULES))
        parser.add_argument("when", metavar="WHEN", help="a date, a date-time or a year")

    def handle(self, *args, rule: str, when: str, **options) -> None:
        if rule not in RULES:
            raise CommandError(f"unknown rule {rule!r}: one of {', '.join(RULES)}.", returncode=2)
        try:
            line = RULES[rule](when.strip())
        except OverflowError:
            raise CommandError(f"{when!r} is too far from today to count.", returncode=2) from None
        except DatabaseError:
            # The town's closures and settings are read from the database: one not yet made
            # (a fresh checkout) says what to run, not a traceback.
            raise CommandError(
                "the database has no tables yet: run `manage.py migrate` first.", returncode=1
            ) from None
        self.stdout.write(line)
