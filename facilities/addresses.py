"""The lots on file at a street address, however it is typed (stoneham_boh.lib.addresses):
one lot per parcel (§20-14, Lot), so a new lot at an address already on file is refused and
an application there joins the lot on file."""

from __future__ import annotations

from stoneham_boh.lib.addresses import address_key

from .models import Lot


def lots_at_address(street_address: str, *, exclude_pk: int | None = None) -> list[Lot]:
    """The current lots (not merged into another) at `street_address`, the mapped first."""
    key = address_key(street_address)
    if not key:
        return []
    # The house number (or first word) narrows the search; the key decides.
    first = key.split()[0]
    candidates = (
        Lot.objects.current().filter(street_address__icontains=first).order_by("tax_parcel", "pk")
    )
    if exclude_pk is not None:
        candidates = candidates.exclude(pk=exclude_pk)
    return [lot for lot in candidates if address_key(lot.street_address) == key]
