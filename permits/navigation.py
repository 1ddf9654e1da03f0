from stoneham_boh.accounts.roles import STAFF, Role
from stoneham_boh.lib.navigation import NavEntry

ENTRIES = [
    NavEntry("Applications", "permits:application-list", STAFF, order=10),
    NavEntry("Permits", "permits:permit-list", STAFF, order=12),
    NavEntry("Renewals", "permits:renewal-list", (Role.CLERK,), order=14),
    NavEntry("Applicants", "permits:applicant-list", STAFF, order=16),
    # The Board's and the administrator's (who holds every staff role).
    NavEntry("Register, checked", "permits:register-checked", (Role.BOARD,), order=40),
    NavEntry("Regulations", "permits:regulations", (), order=85),
    NavEntry("My applications and permits", "permits:my-applications", (Role.APPLICANT,), order=5),
    NavEntry("Pre-check", "permits:pre-check", (), order=60),
    NavEntry("Apply for a permit", "permits:apply", (), order=55),
]
