"""Changes of state of applications and permits. Views, admin and commands call these only.

Every action is atomic, names who acted (`by`), re-checks what it depends on, and raises
`ActionRefused` with every reason when it cannot proceed.

Each noun has its own module, and that module is the action's home: read it there, and import
from it in new code (`from permits.actions.issue import issue_permit`). This package re-exports
every public name, so that `from permits import actions` and `actions.issue_permit(...)` keep
working: the views, the demo, the other apps and the tests call the actions that way. Helpers
several nouns share are in `_common.py`.
"""

from __future__ import annotations

from permits.actions.documents import (
    PAPER_ORIGINAL,
    accept_supplement,
    record_building_inspector_approval,
    record_paper_original,
    upload_document,
    void_document,
)
from permits.actions.intake import (
    APPLICATION_FIELDS,
    add_structure,
    create_applicant,
    create_application,
    set_animals,
    submit_application,
    update_application,
)
from permits.actions.issue import issue_permit
from permits.actions.payments import correct_payment, record_payment, void_payment
from permits.actions.register import accept_register_permit, enter_register_permit
from permits.actions.renewal_season import PaymentTaken, renew_together
from permits.actions.renewals import PROVISIONAL_NOT_RENEWED, start_renewal
from permits.actions.revocation import revoke_permit
from permits.actions.voiding import renewal_resting_on, void_permit

# permits.eligibility's, read through this package as well (tests/hearings/test_notice_content.py).
from permits.eligibility import refusals_to_issue

__all__ = [
    "APPLICATION_FIELDS",
    "PAPER_ORIGINAL",
    "PROVISIONAL_NOT_RENEWED",
    "PaymentTaken",
    "accept_register_permit",
    "accept_supplement",
    "add_structure",
    "correct_payment",
    "create_applicant",
    "create_application",
    "enter_register_permit",
    "issue_permit",
    "record_building_inspector_approval",
    "record_paper_original",
    "record_payment",
    "refusals_to_issue",
    "renew_together",
    "renewal_resting_on",
    "revoke_permit",
    "set_animals",
    "start_renewal",
    "submit_application",
    "update_application",
    "upload_document",
    "void_document",
    "void_payment",
    "void_permit",
]
