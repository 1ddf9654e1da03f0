"""The figures of Massachusetts law (not of the Board's regulation) the Board's clocks count,
each with its citation. The regulation's own figures (§20-20(9)'s days of notice) live only in the
ruleset; the Town's practice (the clerk's cut-off, the newspaper's day) is in settings.
"""

# Open Meeting Law: notice of a meeting is posted at least 48 hours before it, not counting
# Saturdays, Sundays and legal holidays.
OML_POSTING_HOURS = 48
OML_POSTING_CITATION = "M.G.L. c.30A §20(b); 940 CMR 29.03"

# Minutes: approved "within the next three meetings or 30 days, whichever is later".
MINUTES_APPROVAL_MEETINGS = 3
MINUTES_APPROVAL_DAYS = 30
MINUTES_CITATION = "M.G.L. c.30A §22; 940 CMR 29.11"

# Public records: the response is due within 10 business days of the request's receipt.
RECORDS_RESPONSE_BUSINESS_DAYS = 10
RECORDS_CITATION = "M.G.L. c.66 §10(a)"

# Certiorari from the Board's decision: the complaint is filed within 60 days.
APPEAL_DAYS = 60
APPEAL_CITATION = "M.G.L. c.249 §4"

# Legal notice: in the newspaper, on its website and on the statewide public-notice site.
LEGAL_NOTICE_CITATION = "M.G.L. c.4 §13"
