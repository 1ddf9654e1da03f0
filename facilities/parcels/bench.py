"""The parcel map's figures for `make bench`: a town-sized import, one abutter draft, and one
plan's distances recomputed as a shape moves."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from facilities import actions
from facilities.models import Lot, Parcel
from facilities.parcels import demo_layer
from facilities.parcels.writer import write_layer

TOWN_PARCELS = 12_000


def _median_ms(run, times: int, clock=time.perf_counter) -> float:
    samples = []
    for _ in range(times):
        started = clock()
        run()
        samples.append((clock() - started) * 1000)
    return round(statistics.median(samples), 1)


def town_layer(folder: Path, fy: int) -> Path:
    """About 12,000 parcels with owners and a footprint each, on 97 generated streets."""
    per_street = len(range(1, demo_layer.LAST_NUMBER, 4)) * 2
    streets = [f"Bench Street {n}" for n in range(-(-TOWN_PARCELS // per_street))]
    rows, footprints = demo_layer.generate(streets, [], fy=fy, seed=12)
    return write_layer(folder / "M284-bench.zip", rows, footprints)


def figures(*, clerk, application, today) -> dict:
    """`application`: one whose lot the figures may link to a parcel and draw a plan for."""
    with tempfile.TemporaryDirectory() as folder:
        path = town_layer(Path(folder), today.year)
        started, cpu = time.perf_counter(), time.process_time()
        done = actions.import_parcel_layer(path=path, by=clerk)
        import_s = round(time.perf_counter() - started, 2)
        # This process's CPU time: on a shared, loaded machine the wall clock mostly measures
        # the other processes (with SQLite the database work is in this process too).
        import_cpu_s = round(time.process_time() - cpu, 2)
    middle = Parcel.objects.filter(poly_type="FEE").order_by("min_y", "min_x")[
        Parcel.objects.count() // 2
    ]
    lot = Lot.objects.get(pk=application.lot_id)
    actions.link_lot_to_parcel(lot=lot, parcel=middle, by=clerk)
    application.lot = lot
    draft_ms = _median_ms(lambda: actions.draft_abutter_list(application=application, by=clerk), 5)
    x0, y0, x1, y1 = middle.shape.bounds
    shapes = [
        {
            "id": s.label,
            "kind": "structure",
            "form": "rect",
            "x": (x0 + x1) / 2,
            "y": y0 + 30 + i * 5,
            "width_ft": 10,
            "depth_ft": 12,
            "rotation_deg": 15,
        }
        for i, s in enumerate(application.structures.all())
    ] + [
        {
            "id": "HOUSE",
            "kind": "dwelling",
            "form": "rect",
            "x": (x0 + x1) / 2,
            "y": y0 + 10,
            "width_ft": 40,
            "depth_ft": 30,
            "rotation_deg": 0,
        },
        {"id": "WELL", "kind": "well", "form": "point", "x": x0 + 5, "y": y1 - 5},
        {
            "id": "SEPTIC",
            "kind": "septic",
            "form": "rect",
            "x": x1 - 8,
            "y": y0 + 20,
            "width_ft": 20,
            "depth_ft": 20,
            "rotation_deg": 0,
        },
    ]

    def measure():
        actions.measure_shapes(application=application, shapes=shapes, today=today)

    distances_ms = _median_ms(measure, 20)
    distances_cpu_ms = _median_ms(measure, 20, clock=time.process_time)
    draft_cpu_ms = _median_ms(
        lambda: actions.draft_abutter_list(application=application, by=clerk),
        5,
        clock=time.process_time,
    )
    return {
        "parcels_imported": done.parcels_added,
        "footprints_imported": done.footprints,
        "parcel_import_s": import_s,
        "parcel_import_cpu_s": import_cpu_s,
        "abutter_draft_cpu_ms": draft_cpu_ms,
        "plan_distances_cpu_ms": distances_cpu_ms,
        "abutter_draft_ms": draft_ms,
        "abutters_drafted": application.abutter_drafts.first().entries.count(),
        "plan_distances_ms": distances_ms,
    }
