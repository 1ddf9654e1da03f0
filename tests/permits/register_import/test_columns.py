"""What an office types in a register, read cell by cell (issue 34 point 8): what is
unambiguous is read and the reading said; what a person must decide is asked."""

from __future__ import annotations

from datetime import date

import pytest

from permits.register_import.columns import (
    CellError,
    Read,
    YearAlone,
    parse_animals,
    parse_date,
    parse_holder,
    parse_parcel_id,
)

TODAY = date(2026, 12, 3)


@pytest.mark.parametrize(
    "typed, read",
    [
        ("1994-05-02", date(1994, 5, 2)),
        ("5/2/1994", date(1994, 5, 2)),
        ("May 2, 1994", date(1994, 5, 2)),
        ("2 May 1994", date(1994, 5, 2)),
        ("02-May-1994", date(1994, 5, 2)),
        ("02-May-94", Read(date(1994, 5, 2), "“02-May-94” read as May 2, 1994.")),
        ("5/2/94", Read(date(1994, 5, 2), "“5/2/94” read as May 2, 1994.")),
        ("02-May-26", Read(date(2026, 5, 2), "“02-May-26” read as May 2, 2026.")),
        ("02-May-27", Read(date(1927, 5, 2), "“02-May-27” read as May 2, 1927.")),
    ],
)
def test_a_date_is_read_in_the_forms_an_office_types(typed, read):
    assert parse_date(typed, today=TODAY) == read


def test_a_year_alone_is_read_as_its_first_day_and_said():
    read = parse_date("1998", today=TODAY)
    assert isinstance(read.value, YearAlone) and read.value == date(1998, 1, 1)
    assert read.note == "“1998” read as January 1, 1998: the register gives the year alone."


@pytest.mark.parametrize("typed", ["31/12/1999", "2031", "someday", "13/45/1999"])
def test_a_date_that_is_not_one_is_refused_saying_how_to_write_it(typed):
    with pytest.raises(CellError, match="is not a date"):
        parse_date(typed, today=TODAY)


def test_spaces_around_a_parcel_ids_hyphens_are_dropped_and_said():
    assert parse_parcel_id("67 - 46 - 1") == Read("67-46-1", "“67 - 46 - 1” read as 67-46-1.")
    assert parse_parcel_id("67-46-1") == "67-46-1"


@pytest.mark.parametrize(
    "typed, count, species",
    [("hens (4)", 4, "chicken"), ("ducks - 3", 3, "duck"), ("4 hens", 4, "chicken")],
)
def test_a_count_in_brackets_or_after_a_dash_is_the_number_of_animals(typed, count, species):
    [animal] = parse_animals(typed)
    assert (animal["count"], animal["species"]) == (count, species)


@pytest.mark.parametrize(
    "typed", ["Doyle, Margaret / Doyle, Peter", "John & Mary Sullivan", "Ana and Luis Costa"]
)
def test_two_people_in_one_holder_cell_are_asked_not_taken_as_one_name(typed):
    with pytest.raises(CellError, match="names two people"):
        parse_holder(typed)


def test_joint_holders_marked_so_and_an_organisation_are_read():
    read = parse_holder("John & Mary Sullivan (joint)")
    assert read.value == "John & Mary Sullivan" and "joint holders" in read.note
    assert parse_holder("Smith & Sons Farm") == "Smith & Sons Farm"
    assert parse_holder("Doyle, Margaret") == "Doyle, Margaret"


def test_an_issue_date_given_by_its_year_alone_is_recorded_as_assumed():
    from permits.register_import.rows import issued_on_for

    values = {"issued_on": YearAlone(2020, 1, 1), "first_permitted": date(2020, 3, 1)}
    assert issued_on_for({**values, "permit_year": 2026}) == (date(2020, 3, 1), True)
    values["first_permitted"] = date(1994, 5, 2)
    assert issued_on_for({**values, "permit_year": 2026}) == (date(2020, 1, 1), True)
