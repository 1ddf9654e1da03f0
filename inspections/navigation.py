"""The inspection pages in the main navigation (see stoneham_boh.navigation)."""

from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.navigation import NavEntry

ENTRIES = [
    NavEntry("Inspections", "inspections:agenda", (Role.AGENT, Role.CLERK, Role.BOARD), order=40),
    NavEntry("Orders", "inspections:order-dashboard", (Role.AGENT, Role.CLERK, Role.BOARD), 41),
    NavEntry("Complaints", "inspections:complaint-list", (Role.AGENT, Role.CLERK), order=42),
]
# The animal census is a once-a-year task: linked from the inspections page, not the menu.
