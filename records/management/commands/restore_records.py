"""manage.py restore_records DIR: put an export of the records back into an empty database."""

from __future__ import annotations

from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from records.export.restore import RestoreError, restore_records


class Command(BaseCommand):
    help = "Restore an export made by export_records into an empty database."

    def add_arguments(self, parser):
        parser.add_argument("directory", help="The folder export_records wrote.")

    def handle(self, *args, directory, **options):
        call_command("migrate", interactive=False, verbosity=0)
        try:
            restored = restore_records(Path(directory))
        except RestoreError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            f"Restored {sum(restored.values())} records of {len(restored)} kinds. The log-ins "
            "have no password: each person sets one (Forgot your password?), or the "
            "administrator runs manage.py changepassword."
        )
