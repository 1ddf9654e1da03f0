"""The hearings pages in the main navigation (see stoneham_boh.navigation)."""

from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.navigation import NavEntry

ENTRIES = [
    NavEntry("Docket", "hearings:docket", (Role.BOARD, Role.CLERK, Role.AGENT), order=30),
    NavEntry("Public hearings", "hearings:public-hearings", (), order=80),
    NavEntry("Variances", "hearings:variance-register", (), order=82),
]
