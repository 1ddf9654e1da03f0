"""The regulation's official text, quoted on the public pages beside the plain words.

The text ships with the code (text/keeping-of-animals-2002.md, the Board's adopted text as
typed from the original) and is read here into pieces, each a paragraph of the original with
the citation it belongs to, in the original's order. A provision's quote is its pieces; a
section's page and the PDF show them all.

The original numbers most paragraphs ("4.", "(a)", "f)"), but not all: a few lost their number
in the typing, one sentence is a provision of its own, one closing paragraph belongs to its
parent and not to the item above it. Those are named below, by their opening words, so every
provision of the coverage map quotes exactly the words it stands for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

TEXT = Path(__file__).with_name("text") / "keeping-of-animals-2002.md"

_SECTION = re.compile(r"Sec\. 20[_-](\d+)\. (.+?)\.?$")
_NUMBERED = re.compile(r"(\d+)\. ")
_LETTERED = re.compile(r"\(?([a-z])\) ")

#: Paragraphs without a number in the original, by their opening words: the citation each is.
UNNUMBERED = {
    "Dead animals shall be disposed of": "§20-16(7)",
    "Facilities for the keeping of horses": "§20-17(2)",
    "Lofts shall be disinfected": "§20-18(2)",
    "There shall be at least one (1) square foot": "§20-18(3)",
    "Every effort and precaution": "§20-18(4)",
    "Training or exercising of the pigeons": "§20-18(5)",
    "Exercise shall be allowed only": "§20-18(6)",
    # After the list of distances: it speaks of all of them, so it is §20-15(4)'s own.
    "The above minimum requirements": "§20-15(4)",
}
#: Sentences that are a provision of their own inside a paragraph of another.
OWN_SENTENCES = {"No one shall release pigeons": "§20-18(7)"}
#: Lines the typing broke in the middle of a sentence: they continue the paragraph above.
CONTINUES = ("the Conservation Committee",)


@dataclass(frozen=True)
class Piece:
    citation: str
    text: str

    @property
    def is_item(self) -> bool:
        """A lettered item (§20-15(4)(a)): printed indented under its paragraph."""
        return self.citation.count("(") >= 2


@dataclass(frozen=True)
class Section:
    citation: str  # "§20-15"
    title: str  # "General Requirements", as the original heads it
    pieces: tuple[Piece, ...]


def _paragraphs(text: str) -> list[str]:
    paragraphs: list[str] = []
    for block in text.split("\n\n"):
        block = " ".join(block.split())
        if not block:
            continue
        if paragraphs and block.startswith(CONTINUES):
            paragraphs[-1] = f"{paragraphs[-1]} {block}"
        else:
            paragraphs.append(block)
    return paragraphs


def _split_own_sentences(citation: str, paragraph: str) -> list[Piece]:
    for opening, own in OWN_SENTENCES.items():
        at = paragraph.find(opening)
        if at > 0:
            return [Piece(citation, paragraph[:at].strip()), Piece(own, paragraph[at:])]
    return [Piece(citation, paragraph)]


@cache
def preamble() -> tuple[str, ...]:
    """What stands before §20-13: the town and the statutory authority."""
    paragraphs = _paragraphs(TEXT.read_text(encoding="utf-8").split("---", 1)[1])
    return tuple(p for p in paragraphs[: _first_section(paragraphs)])


def _first_section(paragraphs: list[str]) -> int:
    return next(i for i, p in enumerate(paragraphs) if _SECTION.match(p))


@cache
def sections() -> tuple[Section, ...]:
    # The file opens with a note of ours above a rule ("---"): the original starts after it.
    paragraphs = _paragraphs(TEXT.read_text(encoding="utf-8").split("---", 1)[1])
    found: list[Section] = []
    section = title = number = ""
    pieces: list[Piece] = []

    def close():
        if section:
            found.append(Section(section, title, tuple(pieces)))

    for paragraph in paragraphs[_first_section(paragraphs) :]:
        heading = _SECTION.match(paragraph)
        if heading:
            close()
            section, title, number, pieces = f"§20-{heading.group(1)}", heading.group(2), "", []
            continue
        citation = next(
            (cite for opening, cite in UNNUMBERED.items() if paragraph.startswith(opening)), None
        )
        numbered = _NUMBERED.match(paragraph)
        lettered = _LETTERED.match(paragraph)
        if citation:
            number = citation.split("(")[1].rstrip(")")
        elif numbered:
            number = numbered.group(1)
            citation = f"{section}({number})"
        elif lettered and number:
            citation = f"{section}({number})({lettered.group(1)})"
        elif pieces:
            citation = pieces[-1].citation  # a list inside an item, or a closing line
        else:
            citation = section
        if paragraph.startswith("Published summary"):
            citation = section  # the note under the last section, about the whole
        pieces.extend(_split_own_sentences(citation, paragraph))
    close()
    return tuple(found)


def section(citation: str) -> Section | None:
    return next((s for s in sections() if s.citation == citation), None)


@cache
def quotes() -> dict[str, tuple[str, ...]]:
    """Each citation -> the paragraphs of the original that are its words."""
    quoted: dict[str, list[str]] = {}
    for each in sections():
        for piece in each.pieces:
            quoted.setdefault(piece.citation, []).append(piece.text)
    return {citation: tuple(texts) for citation, texts in quoted.items()}


def quote(citation: str) -> tuple[str, ...]:
    """The original's words for a provision; a parent with no words of its own (§20-16(1)'s
    items all have theirs) still quotes its opening paragraph, and a section its pieces."""
    found = quotes().get(citation)
    if found:
        return found
    whole = section(citation)
    return tuple(piece.text for piece in whole.pieces) if whole else ()
