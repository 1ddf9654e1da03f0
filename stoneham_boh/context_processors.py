from stoneham_boh.accounts.roles import STAFF_ROLES, Role, roles_of
from stoneham_boh.navigation import entries_for
from stoneham_boh.town.current import town_context


def board(request):
    """The town's settings (TOWN, and the older BOARD keys) and the visitor's roles, for the
    layout and navigation."""
    names = roles_of(request.user)
    nav_entries, public_nav_entries = entries_for(request.user)
    return {
        "nav_entries": nav_entries,
        "public_nav_entries": public_nav_entries,
        **town_context(),
        "user_roles": names,
        "is_clerk": Role.CLERK.value in names or Role.ADMIN.value in names,
        "is_agent": Role.AGENT.value in names or Role.ADMIN.value in names,
        # The administrator reads the Board's pages but does not vote: only a member's own log-in.
        "is_board_member": Role.BOARD.value in names and Role.ADMIN.value not in names,
        "is_applicant": Role.APPLICANT.value in names,
        "is_admin": Role.ADMIN.value in names,
        # Staff of any role: the search across records in the menu.
        "is_staff_member": any(role.value in names for role in STAFF_ROLES),
    }
