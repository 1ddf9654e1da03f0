"""The hearings pages in the main navigation (see stoneham_boh.navigation)."""

from stoneham_boh.navigation import NavEntry
from stoneham_boh.roles import Role

ENTRIES = [
    NavEntry("Docket", "hearings:docket", (Role.BOARD, Role.CLERK, Role.AGENT), order=30),
    NavEntry("Public hearings", "public-hearings", (), order=80),
    NavEntry("Variances", "variance-register", (), order=82),
]
