"""The lots on file at a street address, however it is typed (stoneham_boh.lib.addresses):
one lot per parcel (§20-14, Lot), so a new lot at an address already on file is refused and
an application there joins the lot on file.

An address typed without its street's suffix ("204 Marble") is the address with it when the
town has one street of that name (issue 33, finding 2): the streets known are those of the
parcel map's site addresses and of the lots on file. The audit resolves addresses the same
way (`resolve_key`, on the streets it reads itself).
"""

from __future__ import annotations

from stoneham_boh.lib.addresses import address_key, resolve_key, street_of

from .models import Lot, Parcel


def streets_named_like(key: str) -> set[str]:
    """The street keys the town knows whose name begins as `key`'s street does."""
    street = street_of(key)
    if not street:
        return set()
    first = street.split()[0]
    typed = Parcel.objects.filter(site_address__icontains=first).values_list(
        "site_address", flat=True
    )
    on_file = Lot.objects.current().filter(street_address__icontains=first)
    addresses = [*typed, *on_file.values_list("street_address", flat=True)]
    return {street_of(address_key(address)) for address in addresses} - {""}


def resolved_key(street_address: str) -> str:
    """The address's key, its street's suffix added where it was left off and unambiguous."""
    key = address_key(street_address)
    return resolve_key(key, streets_named_like(key)) if key else key


def lots_at_address(street_address: str, *, exclude_pk: int | None = None) -> list[Lot]:
    """The current lots (not merged into another) at `street_address`, the mapped first."""
    key = resolved_key(street_address)
    if not key:
        return []
    # The house number (or first word) narrows the search; the key decides.
    first = key.split()[0]
    candidates = (
        Lot.objects.current().filter(street_address__icontains=first).order_by("tax_parcel", "pk")
    )
    if exclude_pk is not None:
        candidates = candidates.exclude(pk=exclude_pk)
    streets = streets_named_like(key)
    return [
        lot for lot in candidates if resolve_key(address_key(lot.street_address), streets) == key
    ]


def parcels_at_address(street_address: str) -> list[Parcel]:
    """The parcels of the map (with an owner: land, not a way) whose site address is
    `street_address`, however it is typed."""
    key = resolved_key(street_address)
    if not key:
        return []
    first = key.split()[0]
    return [
        parcel
        for parcel in Parcel.objects.filter(site_address__icontains=first).order_by("loc_id")
        if parcel.has_owner and address_key(parcel.site_address) == key
    ]
