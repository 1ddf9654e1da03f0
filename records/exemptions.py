"""The exemptions from the public records law (M.G.L. c.4 §7(26)) a Board of Health's records
most often meet, shipped as a starting list: each clause's substance in plain words, for the
town's counsel to word as the Board will print it (the administrator edits or retires each in
the Django admin). Read by the migration that ships them and by databases built without
migrations. A clause counsel has already worded, or retired, is left as it is."""

STARTING_LIST = (
    (
        "M.G.L. c.4 §7(26)(a)",
        "Exempt by statute",
        "Withheld: a statute exempts this record from disclosure, expressly or by necessary "
        "implication.",
    ),
    (
        "M.G.L. c.4 §7(26)(c)",
        "Personal privacy",
        "Withheld: medical information, or material about a named individual, whose "
        "disclosure may be an unwarranted invasion of personal privacy.",
    ),
    (
        "M.G.L. c.4 §7(26)(d)",
        "Policy in development",
        "Withheld: a memorandum or letter within or between agencies on a policy position the "
        "Board is still developing (factual studies and reports, once complete, are public).",
    ),
    (
        "M.G.L. c.4 §7(26)(e)",
        "Personal notes",
        "Withheld: an employee's own notebook or notes, kept personally and not as part of "
        "the Board's files.",
    ),
    (
        "M.G.L. c.4 §7(26)(f)",
        "Investigation",
        "Withheld: investigatory material gathered out of public view whose disclosure would "
        "probably so prejudice effective enforcement that it is not in the public interest.",
    ),
    (
        "M.G.L. c.4 §7(26)(g)",
        "Trade secrets given in confidence",
        "Withheld: trade secrets or commercial or financial information given to the Board "
        "voluntarily, for developing policy, on a promise of confidentiality.",
    ),
    (
        "M.G.L. c.4 §7(26)(n)",
        "Public safety",
        "Withheld: plans or other records on security whose disclosure is likely to "
        "jeopardize public safety.",
    ),
)


def ship(exemption_model) -> None:
    for citation, name, wording in STARTING_LIST:
        exemption_model.objects.get_or_create(
            citation=citation, defaults={"name": name, "wording": wording, "in_use": True}
        )
