"""Every parcel layer of tests/data/parcels/ through the parcel import (the clerk's and the
`import_parcels` command's one action). A new file is a new case: nothing to add here. A file
named `refused_*` must be refused with its problems named and nothing written; every other
one is imported whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from facilities import actions
from facilities.parcels.models import Parcel
from stoneham_boh.lib.errors import ActionRefused

CORPUS = Path(__file__).resolve().parents[1] / "data" / "parcels"
FILES = sorted(CORPUS.glob("*.zip"))


@pytest.mark.django_db
@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_every_parcel_layer_is_imported_or_refused_with_its_problems_named(clerk, path):
    if path.name.startswith("refused_"):
        with pytest.raises(ActionRefused) as refusal:
            actions.import_parcel_layer(path=path, by=clerk, source_name=path.name)
        assert refusal.value.reasons, refusal.value
        assert not Parcel.objects.exists()
        return
    actions.import_parcel_layer(path=path, by=clerk, source_name=path.name)
    assert Parcel.objects.filter(poly_type="FEE").exclude(owner_name="").exists()
    assert all(len(p.owner_zip) in (0, 5, 10) for p in Parcel.objects.all())
