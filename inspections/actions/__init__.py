"""Changes of state of complaints, inspections and orders (§20-16(6), §20-22).

Every action is atomic, names who acted (`by`), re-checks what it depends on and raises
`ActionRefused` with every reason when it cannot proceed. Actions that create a record take
the form's `token`: the same form sent twice returns the record the first send made.

Each noun has its own module (complaints, inspections, orders), and that module is the action's
home: import from it in new code. This package re-exports every public name, so that
`from inspections import actions` and `actions.record_inspection(...)` keep working. Helpers
the nouns share are in `_common.py`. Merging two lots is the lot's own action
(`facilities.actions.merge_lots`).
"""

from __future__ import annotations

from inspections.actions._common import CLOCK_SKEW, Result
from inspections.actions.complaints import close_complaint, record_complaint
from inspections.actions.inspections import (
    Answer,
    cancel_inspection,
    day_put_on_the_list,
    earliest_visit,
    record_inspection,
    refusal_of_an_early_visit,
    schedule_inspection,
)
from inspections.actions.orders import (
    abate_order,
    extend_order,
    issue_order,
    mark_order_unabated,
    withdraw_order,
)

__all__ = [
    "Answer",
    "CLOCK_SKEW",
    "Result",
    "abate_order",
    "cancel_inspection",
    "close_complaint",
    "day_put_on_the_list",
    "earliest_visit",
    "extend_order",
    "issue_order",
    "mark_order_unabated",
    "record_complaint",
    "record_inspection",
    "refusal_of_an_early_visit",
    "schedule_inspection",
    "withdraw_order",
]
