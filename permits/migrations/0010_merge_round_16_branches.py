"""The permits app's four migrations of round 16, made on branches side by side: the receipt
undone, the renewals together, the documents the applicant sends after receipt, and the setback
enlargement's move to hearings."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("permits", "0009_document_supplements_accepted_by_the_clerk"),
        ("permits", "0009_receipts_undone"),
        ("permits", "0009_renewals_together"),
        ("permits", "0009_setback_enlargement_moves_to_hearings"),
    ]

    operations = []
