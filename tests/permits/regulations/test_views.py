"""The public Regulations page: every provision, how it is enforced, the figures in force."""

from __future__ import annotations

import dataclasses
import html
import re
from datetime import date

import pytest
from django.urls import reverse

from permits.regulations import catalogue as regulation_catalogue
from permits.regulations.links import provision_slug, provision_url
from permits.rules import ruleset as ruleset_module
from permits.rules.coverage import ENFORCEMENT_KINDS, PROVISIONS
from permits.rules.ruleset import RULESETS
from permits.rules.ruleset_model import Figure, frozen_mapping

# The pages read the town's settings (the layout, and the version of the Board's amendments).
pytestmark = pytest.mark.django_db

INDEX = "/regulations/"
ARTICLE = re.compile(r'<article\b[^>]*data-citation="([^"]+)"[^>]*>(.*?)</article>', re.S)


def articles(response) -> dict[str, str]:
    """Each provision card on the page, by citation: its markup."""
    return dict(ARTICLE.findall(response.content.decode()))


def text(markup: str) -> str:
    """What a reader sees: tags removed, entities decoded, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def kinds_shown(markup: str) -> set[str]:
    return set(re.findall(r'data-kind="([a-z_]+)"', markup))


def test_the_index_is_public_and_named_regulations(client):
    assert reverse("permits:regulations") == INDEX
    response = client.get(INDEX)
    assert response.status_code == 200
    assert "The Keeping of Animals regulation" in text(response.content.decode())


def test_every_provision_is_listed_with_its_citation_and_how_it_is_enforced(clerk_client):
    shown = articles(clerk_client.get(INDEX))
    assert list(shown) == [entry.citation for entry in PROVISIONS]
    for entry in PROVISIONS:
        card = shown[entry.citation]
        assert kinds_shown(card) == set(entry.enforcement), entry.citation
        assert entry.summary in text(card)
        if entry.not_decidable:
            assert entry.not_decidable in text(card)


def test_the_page_names_the_ruleset_in_force_and_its_effective_date(client):
    page = text(client.get(INDEX).content.decode())
    assert RULESETS[-1].title in page
    assert "Effective August 1, 2002; still in force." in page


def test_provisions_are_grouped_by_section_with_a_table_of_contents(client):
    content = client.get(INDEX).content.decode()
    for citation, title in regulation_catalogue.SECTIONS:
        anchor = f"section-{provision_slug(citation)}"
        assert f'href="#{anchor}"' in content
        assert f'id="{anchor}"' in content
        assert title in text(content)


@pytest.mark.parametrize(
    ("citation", "figure"),
    [
        ("§20-15(4)(a)", "50 ft"),
        ("§20-15(4)(f)", "35 ft"),
        ("§20-17(1)", "1 acre"),
        ("§20-17(3)", "1,000 sq ft"),
        ("§20-17(3)", "6 ft"),
        ("§20-20(9)", "14 days"),
        ("§20-16(7)", "72 hours"),
        ("§20-18(5)", "10 AM to 3 PM, June to September"),
    ],
)
def test_each_provision_shows_the_figures_in_force(client, citation, figure):
    assert figure in text(articles(client.get(INDEX))[citation])


def test_the_figures_section_lists_each_rules_figures_with_its_citation(client):
    content = client.get(INDEX).content.decode()
    row = re.search(r'<tr data-rule="20-17.3">(.*?)</tr>', content, re.S).group(1)
    assert "§20-17(3)" in text(row)
    assert "Corral area for the first equine 1,000 sq ft" in text(row)
    assert "Corral area for each further equine 300 sq ft" in text(row)
    assert 'href="/regulations/20-17-3/"' in row


def test_rules_checklist_questions_and_workflow_steps_are_spelled_out(clerk_client):
    shown = articles(clerk_client.get(INDEX))
    corral = text(shown["§20-17(3)"])
    assert "20-17.3" in corral
    assert "Is the corral fence sturdy, visible to the horses and at least 6 ft high?" in corral
    expiry = text(shown["§20-20(5)"])
    assert "Every permit expires on December 31 of its year." in expiry


def test_the_readings_the_board_adopted_are_shown(client):
    page = text(client.get(INDEX).content.decode())
    assert "Readings the Board has adopted" in page
    assert "is read as three in all" in page
    assert "The corral minimum includes the stable site" in page
    assert "Every equine counts as a horse: donkey, horse, mule and pony" in page


@pytest.mark.parametrize("kind", ENFORCEMENT_KINDS)
def test_the_filter_keeps_only_provisions_enforced_that_way(clerk_client, kind):
    response = clerk_client.get(INDEX, {"enforced": kind})
    assert response.status_code == 200
    expected = [entry.citation for entry in PROVISIONS if kind in entry.enforcement]
    shown = articles(response)
    assert list(shown) == expected
    assert all(kind in kinds_shown(card) for card in shown.values())
    assert f'href="?enforced={kind}" aria-current="page"' in response.content.decode()


def test_the_filter_chips_are_plain_links_and_the_page_has_no_inline_script(clerk_client):
    content = clerk_client.get(INDEX).content.decode()
    for label, value in [("All", ""), ("Automated", "rule"), ("Not decidable", "not_decidable")]:
        href = f"?enforced={value}" if value else "?"
        assert re.search(rf'href="{re.escape(href)}"[^>]*>{label} ', content)
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", content)
    assert not re.search(r"\son[a-z]+=", content)


def test_an_unknown_filter_shows_every_provision_and_says_so(client):
    response = client.get(INDEX, {"enforced": "magic"})
    assert response.status_code == 400
    assert len(articles(response)) == len(PROVISIONS)
    assert "There is no “magic” filter" in text(response.content.decode())


@pytest.mark.parametrize("bad", ["yesterday", "2027-02-30", "2027-13-01", "0003-01-01", "9" * 40])
def test_a_bad_date_shows_a_clear_message_and_todays_rules(client, bad):
    response = client.get(INDEX, {"on": bad})
    assert response.status_code == 400
    page = text(response.content.decode())
    assert "Part of the address could not be used" in page
    assert "The rules in force today are shown instead." in page
    assert len(articles(response)) == len(PROVISIONS)


def test_a_date_before_the_regulation_shows_the_earliest_ruleset_with_a_note(client):
    response = client.get(INDEX, {"on": "1999-06-30"})
    assert response.status_code == 200
    page = text(response.content.decode())
    assert "Rules in force on June 30, 1999" in page
    assert RULESETS[0].title in page
    assert "The regulation took effect on August 1, 2002; no earlier rules are recorded" in page
    assert "50 ft" in text(articles(response)["§20-15(4)(a)"])


def test_a_date_on_or_after_the_effective_date_has_no_such_note(client):
    page = text(client.get(INDEX, {"on": "2002-08-01"}).content.decode())
    assert "no earlier rules are recorded" not in page


def test_the_chosen_date_is_kept_by_the_filter_chips_and_provision_links(clerk_client):
    content = clerk_client.get(INDEX, {"on": "2030-01-15"}).content.decode()
    assert 'href="?enforced=rule&amp;on=2030-01-15"' in content
    assert 'href="/regulations/20-17-3/?on=2030-01-15"' in content


@pytest.fixture
def amended(monkeypatch):
    """A 2030 amendment that raises the property-line setback to 75 ft."""
    base = RULESETS[0]
    spec = base.rules["20-15.4.a"]
    raised = dataclasses.replace(
        spec, figures=frozen_mapping({"minimum_ft": Figure(75, "ft", "distance, amended")})
    )
    amendment = dataclasses.replace(
        base,
        id="amendment-2030",
        title="Keeping of Animals, as amended in 2030",
        effective=date(2030, 1, 1),
        rules=frozen_mapping({**base.rules, "20-15.4.a": raised}),
    )
    monkeypatch.setattr(ruleset_module, "RULESETS", (base, amendment))
    monkeypatch.setattr(regulation_catalogue, "RULESETS", (base, amendment))
    return amendment


def test_the_as_of_date_shows_the_ruleset_in_force_that_day(client, amended):
    before = client.get(INDEX, {"on": "2029-12-31"})
    assert "50 ft" in text(articles(before)["§20-15(4)(a)"])
    assert "Effective August 1, 2002, replaced on January 1, 2030." in text(before.content.decode())
    after = client.get(INDEX, {"on": "2030-01-01"})
    assert "75 ft" in text(articles(after)["§20-15(4)(a)"])
    assert amended.title in text(after.content.decode())


def test_each_provision_has_its_own_page(clerk_client):
    for entry in PROVISIONS:
        response = clerk_client.get(provision_url(entry.citation))
        assert response.status_code == 200, entry.citation
        heading = re.search(r"<h1\b[^>]*>(.*?)</h1>", response.content.decode(), re.S).group(1)
        assert text(heading) == f"{entry.citation} {entry.title}"
        assert kinds_shown(response.content.decode()) >= set(entry.enforcement)


def test_every_section_has_a_page_of_its_own(client):
    """§20-15 lists several provisions: its page quotes the whole section (issue 26.14)."""
    for number in range(13, 24):
        response = client.get(f"/regulations/20-{number}/")
        assert response.status_code == 200, number
        heading = re.search(r"<h1\b[^>]*>(.*?)</h1>", response.content.decode(), re.S).group(1)
        assert text(heading).startswith(f"§20-{number} ")


def test_a_provision_page_shows_its_figures_and_its_neighbours(client):
    response = client.get("/regulations/20-17-3/")
    page = text(response.content.decode())
    assert "1,000 sq ft" in page
    assert "§20-17(2) Site of a horse facility" in page
    assert "§20-17(4) Stable" in page


@pytest.mark.parametrize("slug", ["20-99", "nothing", "20-15.4.a", "20-17-3-z"])
def test_an_unknown_provision_page_is_not_found(client, slug):
    assert client.get(f"/regulations/{slug}/").status_code == 404


def test_a_provision_page_with_a_bad_date_says_so(client):
    response = client.get("/regulations/20-17-3/", {"on": "31/12/2027"})
    assert response.status_code == 400
    assert "The date “31/12/2027” could not be read" in text(response.content.decode())


@pytest.mark.parametrize(
    ("reference", "url"),
    [
        ("20-15.4.a", "/regulations/20-15-4-a/"),
        ("20-20.2", "/regulations/20-20-2/"),
        ("§20-17(1)", "/regulations/20-17-1/"),
        ("20-17(1)", "/regulations/20-17-1/"),
        ("20-17-1", "/regulations/20-17-1/"),
        ("20-16.5.feed-sealed", "/regulations/20-16-5/"),
        ("§20-13", "/regulations/20-13/"),
        ("no such rule", "/regulations/"),
        ("", "/regulations/"),
    ],
)
def test_provision_url_links_a_rule_id_checklist_item_or_citation(reference, url):
    assert provision_url(reference) == url


def test_every_workflow_step_is_worded_for_the_public():
    steps = {step for entry in PROVISIONS for step in entry.workflow}
    assert steps <= set(regulation_catalogue.WORKFLOW_STEPS)


def test_regulations_is_in_the_public_navigation(client):
    content = client.get(INDEX).content.decode()
    assert re.search(r'<a class="nav-link" href="/regulations/"[^>]*>Regulations</a>', content)


def test_the_pages_make_one_query_each_for_the_towns_settings(client, django_assert_num_queries):
    client.get(INDEX)  # the Board's amendments, read once per process until they change
    with django_assert_num_queries(3):
        client.get(INDEX)
        client.get(INDEX, {"enforced": "checklist", "on": "2010-05-01"})
        client.get("/regulations/20-17-3/")


@pytest.mark.django_db
def test_a_signed_in_visitor_costs_the_same_queries_on_every_page(client, clerk):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(clerk)
    client.get(INDEX)  # the Board's amendments, read once per process until they change
    counts = []
    for url in [INDEX, f"{INDEX}?enforced=rule", "/regulations/20-15-4-a/", "/regulations/20-21/"]:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    assert len(set(counts)) == 1


def test_every_workflow_step_the_coverage_map_claims_is_carried_out_by_real_code():
    """§20-20 and the rest: a step named in the map resolves to an action, a read or a page."""
    from importlib import import_module

    from django.urls import reverse
    from django.urls.exceptions import NoReverseMatch

    from permits.rules.coverage import PROVISIONS

    steps = {step for entry in PROVISIONS for step in entry.workflow}
    done_by = regulation_catalogue.WORKFLOW_DONE_BY
    assert steps == set(done_by), "every claimed step, and only those, says what carries it out"
    for step, targets in done_by.items():
        assert targets, step
        for target in targets:
            if target.startswith("url:"):
                name = target.removeprefix("url:")
                try:
                    reverse(name)
                except NoReverseMatch as error:
                    # A page of one record: the name exists when only its argument is missing.
                    assert "with no arguments not found" in str(error), f"{step}: no URL {name}"
            else:
                module, _, function = target.rpartition(".")
                assert callable(getattr(import_module(module), function, None)), (
                    f"{step}: {target} does not exist"
                )


def test_the_preliminary_approval_to_the_building_department_is_marked_outside_the_product():
    from permits.rules.coverage import provision

    entry = provision("§20-20(2)(b)")
    assert entry.enforcement == ("not_decidable",)
    assert "outside this system" in entry.not_decidable


def test_the_public_sees_the_regulation_without_the_staffs_enforcement_labels(client):
    """How software enforces a provision is the staff's concern (issue 26.14): a resident
    reads the provisions, their plain words and the original's, with no such label."""
    for address in (INDEX, "/regulations/20-15-4-a/", "/regulations/20-15/"):
        page = text(client.get(address).content.decode())
        for label in ("Automated", "Not decidable by software", "Workflow step"):
            assert label not in page, (address, label)
        assert "The regulation says" in page or "The text of the regulation" in page


def test_the_regulations_pdf_is_laid_out_once_and_anew_when_the_town_changes(client, monkeypatch):
    import io

    from pypdf import PdfReader
    from weasyprint import Document

    from stoneham_boh.town.models import Town

    layouts = []
    write_pdf = Document.write_pdf
    monkeypatch.setattr(
        Document, "write_pdf", lambda self, *a, **k: layouts.append(1) or write_pdf(self, *a, **k)
    )

    def text() -> str:
        response = client.get(reverse("permits:regulation-pdf"))
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
        return " ".join(
            page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages
        )

    first = text()
    assert text() == first
    assert len(layouts) == 1  # the second reader got the document kept, not a new layout
    Town.objects.filter(is_current=True).update(board_name="Board of Health of Testville")
    assert "TESTVILLE" in text().upper()
    assert len(layouts) == 2
