"""The lots on file at a street address, however it is typed (stoneham_boh.lib.addresses):
one lot per parcel (§20-14, Lot), so a new lot at an address already on file is refused and
an application there joins the lot on file.

An address typed without its street's suffix ("204 Marble") is the address with it when the
town has one street of that name (issue 33, finding 2): the streets known are those of the
parcel map's site addresses and of the lots on file. The audit resolves addresses the same
way (`resolve_key`, on the streets it reads itself).
"""

from __future__ import annotations

from stoneham_boh.lib.addresses import (
    address_key,
    lead_word,
    lookup_words,
    needs_resolving,
    resolve_key,
    street_of,
    street_word,
)

from .models import Lot, Parcel


def streets_named_like(key: str) -> set[str]:
    """The street keys the town knows whose name begins as `key`'s street does."""
    first = street_word(key)
    if not first:
        return set()
    # Only a street whose name begins with this word can complete it (resolve_key).
    typed = Parcel.objects.filter(street_word=first).values_list("site_address", flat=True)
    on_file = Lot.objects.current().filter(street_word=first)
    addresses = [*typed, *on_file.values_list("street_address", flat=True)]
    return {street_of(address_key(address)) for address in addresses} - {""}


def resolved_key(street_address: str) -> str:
    """The address's key, its street's suffix added where it was left off and unambiguous."""
    key = address_key(street_address)
    # The streets are read only for an address typed without its suffix.
    return resolve_key(key, streets_named_like(key)) if needs_resolving(key) else key


def lots_at_address(street_address: str, *, exclude_pk: int | None = None) -> list[Lot]:
    """The current lots (not merged into another) at `street_address`, the mapped first."""
    key = resolved_key(street_address)
    if not key:
        return []
    # The house number (or first word) narrows the search, by its indexed column; the key
    # decides (completing a suffix never changes the number).
    candidates = (
        Lot.objects.current().filter(address_number=lead_word(key)).order_by("tax_parcel", "pk")
    )
    if exclude_pk is not None:
        candidates = candidates.exclude(pk=exclude_pk)
    keyed = [(lot, address_key(lot.street_address)) for lot in candidates]
    # The streets are read only when a lot on file was typed without its suffix.
    streets = streets_named_like(key) if any(needs_resolving(k) for _, k in keyed) else set()
    return [lot for lot, lot_key in keyed if resolve_key(lot_key, streets) == key]


def parcels_at_address(street_address: str) -> list[Parcel]:
    """The parcels of the map (with an owner: land, not a way) whose site address is
    `street_address`, however it is typed."""
    key = resolved_key(street_address)
    if not key:
        return []
    return [
        parcel
        for parcel in Parcel.objects.filter(address_number=lead_word(key)).order_by("loc_id")
        if parcel.has_owner and address_key(parcel.site_address) == key
    ]


def typed_alike(records, street_address: str) -> list:
    """The records of `records` (lots or parcels) whose address is `street_address` as typed,
    whatever its case: read through the house number's index, never the whole table."""
    wanted = street_address.casefold()
    same_number = records.filter(address_number=lookup_words(street_address)[0])
    return [r for r in same_number if getattr(r, r.ADDRESS_FIELD).casefold() == wanted]
