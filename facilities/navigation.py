from stoneham_boh.navigation import NavEntry
from stoneham_boh.roles import Role

ENTRIES = [
    NavEntry("Lots", "facilities:lot-list", (Role.CLERK, Role.AGENT, Role.BOARD), order=18),
]
