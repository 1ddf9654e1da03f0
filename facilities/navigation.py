from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.navigation import NavEntry

ENTRIES = [
    NavEntry("Lots", "facilities:lot-list", (Role.CLERK, Role.AGENT, Role.BOARD), order=18),
]
