"""The HTML forms a page shows, read as a browser would: their method, action and fields."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Field:
    name: str
    kind: str  # text, hidden, checkbox, radio, select, select-multiple, textarea, file, number...
    value: str = ""
    options: list[str] = field(default_factory=list)
    checked: bool = False


@dataclass
class Form:
    method: str
    action: str
    fields: list[Field] = field(default_factory=list)

    def names(self) -> set[str]:
        return {f.name for f in self.fields}


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: Field | None = None

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self._form = Form(a.get("method", "get").lower(), a.get("action", ""))
            self.forms.append(self._form)
        elif self._form is None or "name" not in a or "disabled" in a:
            return
        elif tag == "input":
            kind = a.get("type", "text").lower()
            if kind in ("submit", "button", "reset", "image"):
                return
            self._form.fields.append(
                Field(a["name"], kind, a.get("value", ""), checked="checked" in a)
            )
        elif tag == "textarea":
            self._form.fields.append(Field(a["name"], "textarea"))
        elif tag == "select":
            kind = "select-multiple" if "multiple" in a else "select"
            self._select = Field(a["name"], kind)
            self._form.fields.append(self._select)
        elif tag == "option" and self._select is not None:
            self._select.options.append(a.get("value", ""))

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None


def forms_in(html: str) -> list[Form]:
    reader = _Reader()
    reader.feed(html)
    return reader.forms
