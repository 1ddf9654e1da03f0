"""The letters' own placeholder syntax: ``{name}`` replaced by a fact, nothing else.

Not the Django template language: the administrator who edits a paragraph can name a fact the
paragraph offers and nothing more (no tags, no filters, no attribute look-ups), and whatever is
typed, and whatever a fact holds, is escaped before it reaches a page or a PDF. A brace that
does not enclose a placeholder's name is refused when the paragraph is saved, so a paragraph
that was saved always renders.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")
_BRACE = re.compile(r"[{}]")


def problems(text: str, allowed: Iterable[str]) -> list[str]:
    """What is wrong with ``text`` as a paragraph offering the placeholders ``allowed``: each
    unknown placeholder named, and any brace that encloses no placeholder."""
    allowed = set(allowed)
    found = []
    unknown = [name for name in PLACEHOLDER.findall(text) if name not in allowed]
    for name in dict.fromkeys(unknown):
        offered = ", ".join(f"{{{n}}}" for n in sorted(allowed)) or "none"
        found.append(f"{{{name}}} is not a placeholder of this paragraph (it offers {offered}).")
    if _BRACE.search(PLACEHOLDER.sub("", text)):
        found.append(
            "A brace { or } must enclose a placeholder's name, such as {"
            + (sorted(allowed)[0] if allowed else "name")
            + "}; write the paragraph without other braces."
        )
    return found


def render_text(text: str, values: Mapping[str, object]) -> str:
    """The paragraph as plain text (an e-mail's text part): each placeholder replaced by its
    value; a placeholder without a value is left as written, visibly."""
    return PLACEHOLDER.sub(
        lambda match: str(values[match[1]]) if match[1] in values else match[0], text
    )


def render_html(text: str, values: Mapping[str, object]) -> SafeString:
    """The paragraph as HTML: the text escaped, each value escaped, a line break kept."""
    pieces = []
    position = 0
    for match in PLACEHOLDER.finditer(text):
        pieces.append(escape(text[position : match.start()]))
        name = match[1]
        pieces.append(escape(values[name]) if name in values else escape(match[0]))
        position = match.end()
    pieces.append(escape(text[position:]))
    return mark_safe("".join(pieces).replace("\r\n", "\n").replace("\n", "<br>"))  # noqa: S308 - every piece escaped above
