from stoneham_boh.navigation import NavEntry
from stoneham_boh.roles import Role

STAFF = (Role.CLERK, Role.AGENT, Role.BOARD)

ENTRIES = [
    NavEntry("Applications", "permits:application-list", STAFF, order=10),
    NavEntry("Permits", "permits:permit-list", STAFF, order=12),
    NavEntry("Renewals", "permits:renewal-list", (Role.CLERK,), order=14),
    NavEntry("Applicants", "permits:applicant-list", STAFF, order=16),
    NavEntry("Regulations", "regulations", (), order=85),
]
