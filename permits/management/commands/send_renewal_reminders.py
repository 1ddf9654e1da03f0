"""Daily from cron: remind holders of permits expiring December 31 to renew, once each.

    python manage.py send_renewal_reminders [--dry-run]

Before November 1 it sends nothing. Each permit's reminder is recorded; running the command
again (the same day or any later day) sends no second reminder. Holders who already asked
for the renewal, or whose renewal the clerk already opened, are not reminded.
"""

from __future__ import annotations

import smtplib

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from permits.portal import notifications
from stoneham_boh.town.current import town_scope


class Command(BaseCommand):
    help = "E-mail each holder of a permit expiring this December 31 a renewal reminder, once."

    def add_arguments(self, parser):
        parser.add_argument(
            "--dry-run", action="store_true", help="List whom a reminder would go to; send none."
        )

    # The town read once for the whole run, as a request reads it (issue 39).
    @town_scope()
    def handle(self, *args, dry_run: bool = False, **options):
        today = timezone.localdate()
        if not notifications.reminder_season(today):
            self.stdout.write("Renewal reminders go out from November 1; nothing sent today.")
            return
        sent = failed = 0
        no_address = []
        for permit in notifications.permits_due_a_reminder(today):
            if not notifications.address_of(permit.holder):
                no_address.append(permit)
                continue
            if dry_run:
                self.stdout.write(f"Would remind {permit.holder} about permit {permit.number}.")
                continue
            try:
                if notifications.send_renewal_reminder(permit, today=today) is not None:
                    sent += 1
            except (OSError, smtplib.SMTPException) as error:
                failed += 1
                self.stderr.write(f"Permit {permit.number}: the e-mail failed ({error}).")
        self.stdout.write(f"Renewal reminders sent: {sent}.")
        for permit in no_address:
            # The office can telephone or write to these holders instead.
            self.stdout.write(
                f"No e-mail address for {permit.holder} (permit {permit.number}): "
                "remind them by telephone or letter."
            )
        if failed:
            raise CommandError(f"{failed} reminder(s) failed; they will be tried on the next run.")
