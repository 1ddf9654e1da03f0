"""manage.py import_register FILE [--documents DIR_OR_ZIP] [--dry-run] [--by USERNAME]

Loads a town's existing register (CSV or Excel, one row a permit) as provisional paper-register
entries for the Board to accept. Every row is checked and every error printed by row and
column; the import keeps all rows or none. Exit status 1 when any row has an error.
"""

from __future__ import annotations

import sys
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from permits.register_import.documents import Documents, DocumentsError
from permits.register_import.loading import import_register
from permits.register_import.sheet import MAX_REGISTER_BYTES, MAX_ROWS
from stoneham_boh.accounts.roles import Role, has_role


def _acting_user(username: str | None):
    users = get_user_model().objects.filter(is_active=True)
    if username:
        user = users.filter(username=username).first()
        if user is None:
            raise CommandError(f"No active user {username!r}.")
    else:
        admins = [u for u in users.filter(is_superuser=True) if has_role(u, [Role.ADMIN])]
        if len(admins) != 1:
            raise CommandError("Say who imports the register: --by USERNAME (an administrator).")
        user = admins[0]
    if not has_role(user, [Role.ADMIN]):
        raise CommandError(f"{user.username} is not an administrator: only one loads the register.")
    return user


class Command(BaseCommand):
    help = "Load the town's existing register of permits from a CSV or Excel file."

    def add_arguments(self, parser):
        parser.add_argument("file", help="The register: .csv or .xlsx, one row a permit.")
        parser.add_argument(
            "--documents", help="The folder, or zip, holding the scans the rows name."
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Check every row and keep nothing."
        )
        parser.add_argument("--by", help="The administrator's username (the only one, if unset).")

    def handle(self, *args, file, documents, dry_run, by, **options):
        user = _acting_user(by)
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"No file at {path}.")
        try:
            scans = Documents.from_path(documents) if documents else Documents.none()
        except DocumentsError as error:
            raise CommandError(str(error)) from None
        if path.stat().st_size > MAX_REGISTER_BYTES:
            raise CommandError(
                f"{path.name} is {path.stat().st_size:,} bytes: a register is at most "
                f"{MAX_REGISTER_BYTES:,} (about {MAX_ROWS:,} rows). Is this the register?"
            )
        report = import_register(
            content=path.read_bytes(), name=path.name, documents=scans, by=user, dry_run=dry_run
        )
        for message in report.file_errors:
            self.stdout.write(message)
        for column in report.unread_columns:
            self.stdout.write(f"Row 1: the column “{column}” is not read.")
        for message in report.readings:
            self.stdout.write(message)
        for row in report.rows:
            for column, message in row.errors:
                self.stdout.write(f"Row {row.number}, {column}: {message}")
            for column, message in row.readings:
                self.stdout.write(f"Row {row.number}, {column}: {message}")
            for column, message in row.notices if row.ok else ():
                self.stdout.write(
                    f"Row {row.number}, {column}: to do before the meeting: {message}"
                )
        checked = f"{len(report.rows)} rows checked, {report.error_count} errors"
        if report.error_count:
            self.stdout.write(f"{checked}: nothing was imported.")
            sys.exit(1)
        if dry_run:
            self.stdout.write(
                f"{checked}: the import would enter {len(report.rows)} permits, provisional "
                f"until the Board accepts them; {len(report.with_findings)} do not meet every "
                "rule. Nothing was written (dry run)."
            )
            return
        self.stdout.write(
            f"{checked}: {len(report.rows)} permits entered, provisional until the Board accepts "
            f"them; {len(report.with_findings)} do not meet every rule (listed on each entry)."
        )
