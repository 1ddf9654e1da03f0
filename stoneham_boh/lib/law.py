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
# A request that arrives on a day the office is closed is received on the next business day.
RECORDS_RECEIPT_CITATION = "950 CMR 32.06(2)(e)"
# What the written response must say (c.66 §10(b)), and the fees it may estimate (§10(d)):
# 5 cents a page of black-and-white copies; staff time at the hourly rate of the lowest-paid
# employee able to do the work, never more than $25; a town of more than 20,000 people does not
# charge the first two hours; and no fee at all when the ten days were missed (§10(e)).
RECORDS_RESPONSE_CITATION = "M.G.L. c.66 §10(b)"
RECORDS_FEES_CITATION = "M.G.L. c.66 §10(d)"
RECORDS_LATE_CITATION = "M.G.L. c.66 §10(e)"
RECORDS_COPY_CENTS_PER_PAGE = 5
RECORDS_MAX_HOURLY_RATE = 25
RECORDS_FREE_HOURS = 2
RECORDS_FREE_HOURS_POPULATION = 20000
# More time: by the requester's agreement, or by the Supervisor of Records on a petition filed
# within 20 business days of receipt, up to 30 more business days for a municipality (§10(c)).
RECORDS_EXTENSION_CITATION = "M.G.L. c.66 §10(c)"
RECORDS_PETITION_BUSINESS_DAYS = 20
RECORDS_SUPERVISOR_EXTENSION_BUSINESS_DAYS = 30
# The requester's appeal: a petition to the Supervisor of Records within 90 days, and a civil
# action in the Superior Court.
RECORDS_APPEAL_SUPERVISOR_CITATION = "M.G.L. c.66 §10A(a); 950 CMR 32.08"
RECORDS_APPEAL_SUPERVISOR_DAYS = 90
RECORDS_APPEAL_COURT_CITATION = "M.G.L. c.66 §10A(c)"

# Certiorari from the Board's decision: the complaint is filed within 60 days "next after the
# proceeding complained of", the decision itself (not the day its letter was received).
APPEAL_DAYS = 60
APPEAL_CITATION = "M.G.L. c.249 §4"

# Legal notice: in the newspaper, on its website and on the statewide public-notice site.
LEGAL_NOTICE_CITATION = "M.G.L. c.4 §13"
