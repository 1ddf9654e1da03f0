"""The record series the product ships (kind, name, what starts the clock, permanent), with no
period: the Town Clerk fills each from the state's municipal retention schedule. Read by the
migration that ships them and by the tests' databases built without migrations."""

SERIES = (
    ("permit", "Animal-keeping permits", "permit_end", False),
    ("document", "Applications' documents and plans", "permit_end", False),
    ("decision", "Decisions and votes of the Board", "none", True),
    ("minutes", "Minutes of the Board's meetings", "none", True),
    ("inspection", "Inspection reports and photos", "inspected", False),
    ("complaint", "Complaints", "closed", False),
    ("records_request", "Public records requests and responses", "responded", False),
    ("meeting_notice", "Meeting notices and their postings", "meeting", False),
    ("legal_notice", "Legal notices and their proofs of publication", "meeting", False),
    ("mail_receipt", "Registered-mail notices to abutters and their receipts", "meeting", False),
    ("variance", "Variances granted by the Board", "variance_end", False),
    ("order", "Orders to correct a violation", "order_closed", False),
    ("amendment", "The regulation and the Board's amendments of it", "none", True),
)


def ship(series_model) -> None:
    for kind, name, trigger, permanent in SERIES:
        series_model.objects.get_or_create(
            kind=kind, defaults={"name": name, "trigger": trigger, "permanent": permanent}
        )
