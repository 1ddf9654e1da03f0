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
)


def ship(series_model) -> None:
    for kind, name, trigger, permanent in SERIES:
        series_model.objects.get_or_create(
            kind=kind, defaults={"name": name, "trigger": trigger, "permanent": permanent}
        )
