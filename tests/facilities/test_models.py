"""The database itself refuses impossible records, whatever code writes them."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from facilities.models import AnimalKept
from permits.models import Permit
from tests import factories


@pytest.mark.django_db
def test_a_lot_area_cannot_be_negative():
    with pytest.raises(IntegrityError), transaction.atomic():
        factories.lot(area_acres=Decimal("-0.5"))


@pytest.mark.django_db
def test_mature_count_never_exceeds_count(clerk):
    application = factories.hen_renewal(by=clerk)
    with pytest.raises(IntegrityError), transaction.atomic():
        AnimalKept.objects.create(
            application=application, species="pigeon", count=10, mature_count=11
        )


@pytest.mark.django_db
def test_a_species_is_listed_once_per_application(clerk):
    application = factories.hen_renewal(by=clerk)
    with pytest.raises(IntegrityError), transaction.atomic():
        AnimalKept.objects.create(application=application, species="chicken", count=2)


@pytest.mark.django_db
def test_a_permit_number_is_unique(clerk):
    # Issued on a day after the Board's vote on the vermin plan (§20-19), as the factory dates it.
    first = factories.issued_permit(by=clerk)
    second_application = factories.hen_renewal(by=clerk)
    with pytest.raises(IntegrityError), transaction.atomic():
        Permit.objects.create(
            number=first.number,
            year=first.year + 1,
            sequence=1,
            application=second_application,
            holder=second_application.applicant,
            lot=second_application.lot,
            issued_on=first.issued_on,
            expires_on=first.expires_on,
        )


@pytest.mark.django_db
def test_a_structure_area_cannot_be_negative(clerk):
    from facilities.models import Structure

    application = factories.hen_renewal(by=clerk)
    with pytest.raises(IntegrityError), transaction.atomic():
        Structure.objects.create(application=application, label="X", kind="pen", area_sqft=-1)


def test_model_vocabularies_equal_the_rules_contract():
    from facilities.choices import ManureMethod, Species, StructureKind
    from permits.rules import vocabulary

    assert set(Species.values) == set(vocabulary.SPECIES)
    assert set(StructureKind.values) == set(vocabulary.STRUCTURE_KINDS)
    assert set(ManureMethod.values) == set(vocabulary.MANURE_METHODS)


@pytest.mark.django_db
@pytest.mark.parametrize(("species", "name"), [("other_domestic", ""), ("duck", "Mallard")])
def test_only_an_other_domestic_animal_carries_a_name(clerk, species, name):
    application = factories.hen_renewal(by=clerk)
    with pytest.raises(IntegrityError), transaction.atomic():
        AnimalKept.objects.create(application=application, species=species, name=name, count=2)


@pytest.mark.django_db
def test_each_named_other_domestic_animal_is_its_own_row(clerk):
    application = factories.hen_renewal(by=clerk)
    for name in ("Guinea pig", "Ferret"):
        AnimalKept.objects.create(
            application=application, species="other_domestic", name=name, count=1
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        AnimalKept.objects.create(
            application=application, species="other_domestic", name="Ferret", count=3
        )
