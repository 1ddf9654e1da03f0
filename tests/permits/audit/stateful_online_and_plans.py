"""The stateful machine's rules for a resident's online application and for the site plan
(issue 22 §2): a mixin of tests/permits/audit/test_stateful.py's Register, kept apart so that
other branches' rules merge beside it.

- An online application, at a new address or at one already on file typed another way
  ("12 MAIN ST., Unit 2"): the resident sends it, the clerk receives it on the lot it names
  and completes it, and it is heard and issued like any new application.
- A plan drawn on the parcel map, the coop then moved nearer the line, moved away, or deleted
  from the plan, before the notices or after them.

The machine provides: `today`, `clerk`, `permits`, `addresses`, and `_hearing_and_permit`.
"""

from __future__ import annotations

import contextlib
import tempfile
from datetime import timedelta
from itertools import count
from pathlib import Path

import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from facilities import actions as facility_actions
from facilities.models import Parcel, ParcelImport
from permits import actions, eligibility
from permits.models import DOCUMENT_FIELDS, Application
from permits.online import actions as online
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.facilities import parcel_layers as layer
from tests.permits.audit import sequences
from tests.permits.audit.driven import drives

_serial = count(1)
# The test map's lots large enough for a coop 50 ft from every line (§20-15(4)(a)): a drawn
# application takes the next one free. Each: the coop's centre as first drawn (x, y, metres
# from the map's origin; nearest the west line), its x moved nearer that line (still 50 ft
# off), and moved away from it (the nearest line then farther than at first).
PLAN_LOTS = {"B": (59, 162, 56.5, 70), "E_NEAR": (129, 91, 126.5, 135)}
# How an address on file is typed again.
RETYPED = {
    "upper": lambda address: address.upper(),
    "abbreviated": lambda address: address.replace("Street", "St."),
    "with_unit": lambda address: f"{address}, Unit 2",
}


def coop(name: str, x: float | None = None) -> dict:
    """The coop C1, 4 ft square, drawn on the test map's lot `name`: where it was first drawn,
    or at `x` (metres east of the map's origin)."""
    first_x, y, _closer, _away = PLAN_LOTS[name]
    return {
        "id": "C1",
        "kind": "structure",
        "form": "rect",
        "x": layer.X0 + (first_x if x is None else x),
        "y": layer.Y0 + y,
        "width_ft": 4,
        "depth_ft": 4,
        "rotation_deg": 0,
    }


OTHER_PAPERS = [kind for _field, kind, _label in DOCUMENT_FIELDS if kind != "site_plan"]


def _a_file(name: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, b"%PDF-1.4\n%%EOF\n", content_type="application/pdf")


def _at_the_counter(application, resident, clerk) -> None:
    """The clerk records the paper originals the resident brought to the counter."""
    for kind in OTHER_PAPERS:
        actions.record_paper_original(application=application, kind=kind, by=clerk)


def _sent_online(application, resident, clerk, *, leave_one_unread=False) -> None:
    """The resident sends each paper from their page; the clerk declines the first (a wrong
    file), which is sent again, and accepts the rest, or leaves the last one unread."""
    for index, kind in enumerate(OTHER_PAPERS):
        sent = online.send_supplement(
            application=application, by=resident, kind=kind, upload=_a_file(f"{kind}.pdf")
        )
        if index == 0:
            actions.void_document(document=sent, reason="The wrong file.", by=clerk)
            sent = online.send_supplement(
                application=application, by=resident, kind=kind, upload=_a_file("again.pdf")
            )
        if leave_one_unread and index == len(OTHER_PAPERS) - 1:
            continue
        actions.accept_supplement(document=sent, by=clerk)


PAPERS = {
    "at_the_counter": _at_the_counter,
    "sent_online": _sent_online,
    # The permit must then wait (§20-20(1)): the issue is refused, and the audit stays clean.
    "one_left_unread": lambda *args: _sent_online(*args, leave_one_unread=True),
}


PLAN_EDITS = {
    "moved_closer": lambda name: [coop(name, PLAN_LOTS[name][2])],
    "moved_away": lambda name: [coop(name, PLAN_LOTS[name][3])],
    "deleted": lambda name: [],
}


class OnlineAndPlans:
    """Rules of the Register machine: the resident's side, and the site plan."""

    # --- the resident's online application --------------------------------------------

    @drives(
        online.start_online_application,
        online.save_online_application,
        online.add_online_document,
        online.submit_online_application,
        online.receive_online_application,
        online.send_supplement,
        actions.accept_supplement,
        actions.void_document,
        actions.record_paper_original,
        facility_actions.record_unmapped_reason,
    )
    @rule(
        same_address=st.booleans(),
        retyped=st.sampled_from(sorted(RETYPED)),
        papers=st.sampled_from(sorted(PAPERS)),
    )
    def an_online_application_heard_and_issued(
        self, same_address, retyped, papers="at_the_counter"
    ):
        t, clerk = self.today, self.clerk
        self._clock_forward_to(t)
        factories.fee_schedule()
        n = next(_serial)
        street = (
            RETYPED[retyped](self.addresses[0])
            if same_address and self.addresses
            else f"{n} Online Way"
        )
        resident = factories.applicant_account(
            by=clerk, name=f"Resident {n}", email=f"resident{n}@example.org"
        )
        application = online.start_online_application(
            by=resident.user, details={}, address={"street_address": street}
        )
        online.save_online_application(
            application=application,
            by=resident.user,
            changes={
                "manure_method": "receptacle",
                "securely_fenced": True,
                "vermin_licensed_operator": True,
            },
            structures=[dict(factories.GOOD_COOP), dict(factories.GOOD_MANURE_BIN)],
            animals=[{"species": "chicken", "count": 6, "name": "", "pk": None}],
        )
        online.add_online_document(
            application=application,
            by=resident.user,
            kind="site_plan",
            upload=SimpleUploadedFile(
                "plan.pdf", b"%PDF-1.4\n%%EOF\n", content_type="application/pdf"
            ),
        )
        online.submit_online_application(application=application, by=resident.user)
        # Received on the lot on file at that address, however it was typed, or a new one.
        online.receive_online_application(application=application, by=clerk, received_on=t)
        application.refresh_from_db()
        new_lot = application.lot.area_acres is None
        # The other papers: brought to the counter, or sent from the resident's page after
        # receipt (issue 26.9), each counted only once the clerk accepts it.
        PAPERS[papers](application, resident.user, clerk)
        # A lot new to the Board, from the Assessor's records.
        if new_lot:
            actions.update_application(
                application=application,
                by=clerk,
                changes={},
                lot_changes={"area_acres": 1, "percolation_min_per_inch": 10},
            )
        # Off the map the clerk says why, before the map is imported too (once it is, no
        # permit issues on the lot without it; the reason recorded is kept either way).
        if new_lot:
            facility_actions.record_unmapped_reason(
                lot=application.lot, reason="A new subdivision, not on the map yet.", by=clerk
            )
        actions.record_payment(
            application=application,
            amount=eligibility.fee_due(application),
            received_on=t,
            method="cash",
            by=clerk,
        )
        self.addresses.append(application.lot.street_address)
        self._hearing_and_permit(application, t, sequences.Hearing())
        if papers == "one_left_unread":
            # A file the clerk has not read never completes §20-20(1): no permit yet.
            assert not hasattr(Application.objects.get(pk=application.pk), "permit")

    # --- the site plan -------------------------------------------------------------------

    @drives(
        facility_actions.import_parcel_layer,
        facility_actions.link_lot_to_parcel,
        facility_actions.save_site_plan,
        facility_actions.draft_abutter_list,
    )
    @precondition(lambda self: self._free_plan_lot() is not None)
    @rule(
        edit=st.sampled_from(sorted(PLAN_EDITS)),
        when=st.sampled_from(["before_notice", "after_notice"]),
    )
    def a_plan_drawn_then_edited(self, edit, when):
        t, clerk = self.today, self.clerk
        name = self._free_plan_lot()
        if not ParcelImport.objects.exists():
            with tempfile.TemporaryDirectory() as folder:
                facility_actions.import_parcel_layer(
                    path=layer.write(Path(folder) / "M284.zip"), by=clerk
                )
        application = factories.new_hen_application(by=clerk, received_on=t, paid=True)
        parcel = Parcel.objects.get(loc_id=f"L_{name}")
        facility_actions.link_lot_to_parcel(lot=application.lot, parcel=parcel, by=clerk)
        # The abutters' list drafted from the map for the Assessor (the hearing imports the
        # certified one).
        facility_actions.draft_abutter_list(application=application, by=clerk, today=t)
        # Drawn mid-lot, as the clerk first drew it from the resident's sketch.
        facility_actions.save_site_plan(
            application=application, shapes=[coop(name)], by=clerk, today=t
        )

        def edited(application):
            with contextlib.suppress(ActionRefused):
                facility_actions.save_site_plan(
                    application=application,
                    shapes=PLAN_EDITS[edit](name),
                    by=clerk,
                    today=t + timedelta(days=11),
                )

        self._hearing_and_permit(application, t, sequences.Hearing(**{when: edited}))

    def _clock_forward_to(self, day) -> None:
        """The clock on `day` (the online steps read it: sent and received today), only ever
        moved forward and ticking, so the records' history stays in the order things were done;
        from then on every step of the example runs on it. The machine's teardown stops it."""
        target = factories.midday(day)
        clock = getattr(self, "_clock", None)
        if clock is not None and target <= timezone.now():
            return
        if clock is not None:
            clock.stop()
        self._clock = time_machine.travel(target, tick=True)
        self._clock.start()

    def stop_the_clock(self) -> None:
        clock = getattr(self, "_clock", None)
        if clock is not None:
            clock.stop()
            self._clock = None

    def _free_plan_lot(self) -> str | None:
        linked = set(Parcel.objects.filter(lots__isnull=False).values_list("loc_id", flat=True))
        return next((name for name in PLAN_LOTS if f"L_{name}" not in linked), None)
