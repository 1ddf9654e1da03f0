"""The look-up words stored beside an address (stoneham_boh.lib.addresses.lookup_words): the
house number and the street's first word, indexed, so that finding the lots or parcels at an
address reads the few that share them, never every address on file (issue 39)."""

from __future__ import annotations

from django.db import models

from stoneham_boh.lib.addresses import LOOKUP_WORD_LENGTH, lookup_words

LOOKUP_FIELDS = ("address_number", "street_word")


class AddressLookup(models.Model):
    """Written from the field named by `ADDRESS_FIELD` on every save; a bulk write calls
    `set_lookup_words` itself, as save() is not called there."""

    ADDRESS_FIELD = ""

    address_number = models.CharField(
        max_length=LOOKUP_WORD_LENGTH, blank=True, editable=False, db_index=True
    )
    street_word = models.CharField(
        max_length=LOOKUP_WORD_LENGTH, blank=True, editable=False, db_index=True
    )

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        self.set_lookup_words()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and self.ADDRESS_FIELD in update_fields:
            kwargs["update_fields"] = {*update_fields, *LOOKUP_FIELDS}
        super().save(*args, **kwargs)

    def set_lookup_words(self) -> None:
        self.address_number, self.street_word = lookup_words(getattr(self, self.ADDRESS_FIELD))


def write_lookup_words(model, address_field: str, *, batch: int = 2000) -> None:
    """Write the look-up words of every record of `model` from its `address_field`: for the
    records a migration found on file, and those a restore put back (loading a backup made
    before the words existed, or typed by hand, does not call save())."""
    records = model.objects.order_by("pk").only("pk", address_field)
    pending = []
    for record in records.iterator(chunk_size=batch):
        record.address_number, record.street_word = lookup_words(getattr(record, address_field))
        pending.append(record)
        if len(pending) == batch:
            model.objects.bulk_update(pending, list(LOOKUP_FIELDS))
            pending = []
    model.objects.bulk_update(pending, list(LOOKUP_FIELDS))
