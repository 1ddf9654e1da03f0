"""The regulation's official text as the public pages quote it (permits/regulations/official.py)."""

from __future__ import annotations

from permits.regulations import official
from permits.rules.coverage import PROVISIONS


def _words(text: str) -> str:
    return " ".join(text.split())


def test_every_provision_quotes_words_of_the_shipped_text():
    original = _words(official.TEXT.read_text(encoding="utf-8"))
    for provision in PROVISIONS:
        quoted = official.quote(provision.citation)
        assert quoted, f"{provision.citation} quotes nothing"
        for paragraph in quoted:
            assert paragraph in original, f"{provision.citation}: {paragraph[:60]!r}"


def test_the_paragraphs_the_original_left_unnumbered_are_quoted_under_their_provision():
    assert official.quote("§20-16(7)")[0].startswith("Dead animals shall be disposed of")
    assert official.quote("§20-17(2)")[0].startswith("Facilities for the keeping of horses")
    assert official.quote("§20-18(7)") == (
        "No one shall release pigeons to fly for exercise, training, or competition when said "
        "pigeons have been fed within the previous four (4) hours.",
    )
    # The sentence of its own is not quoted twice.
    assert not official.quote("§20-18(6)")[0].endswith("four (4) hours.")
    # The closing line of the list of distances is the paragraph's, not its last item's.
    assert official.quote("§20-15(4)")[-1].startswith("The above minimum requirements")
    assert len(official.quote("§20-15(4)(f)")) == 1


def test_every_section_of_the_regulation_is_read_whole_and_in_order():
    cited = [section.citation for section in official.sections()]
    assert cited == [f"§20-{number}" for number in range(13, 24)]
    all_pieces = " ".join(p.text for s in official.sections() for p in s.pieces)
    assert all_pieces.count("Roosters shall be prohibited") == 1
