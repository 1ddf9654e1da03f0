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
    """As a browser reads them: a field belongs to the form it sits in, or to the one its
    `form` attribute names (it may sit outside it); a button with a `formaction` sends its
    form elsewhere, with its own name and value: read as one more form (the first such button
    of each action and name only)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: Field | None = None
        self._by_id: dict[str, Form] = {}
        self._sent_elsewhere: list[tuple[Form, Form, Field | None]] = []

    def _owner(self, a) -> Form | None:
        return self._by_id.get(a["form"]) if a.get("form") else self._form

    def _button(self, owner: Form, a) -> None:
        if not a.get("formaction"):
            return
        key = (a["formaction"], a.get("name", ""))
        if any((v.action, s.name if s else "") == key for _, v, s in self._sent_elsewhere):
            return
        variant = Form("post", a["formaction"])
        submitter = Field(a["name"], "hidden", a.get("value", "")) if a.get("name") else None
        self._sent_elsewhere.append((owner, variant, submitter))
        self.forms.append(variant)

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self._form = Form(a.get("method", "get").lower(), a.get("action", ""))
            self.forms.append(self._form)
            if a.get("id"):
                self._by_id[a["id"]] = self._form
            return
        owner = self._owner(a)
        if owner is not None and tag == "button" and "disabled" not in a:
            self._button(owner, a)
        if owner is None or "name" not in a or "disabled" in a:
            return
        if tag == "input":
            kind = a.get("type", "text").lower()
            if kind in ("submit", "button", "reset", "image"):
                if kind == "submit":
                    self._button(owner, a)
                return
            owner.fields.append(Field(a["name"], kind, a.get("value", ""), checked="checked" in a))
        elif tag == "textarea":
            owner.fields.append(Field(a["name"], "textarea"))
        elif tag == "select":
            kind = "select-multiple" if "multiple" in a else "select"
            self._select = Field(a["name"], kind)
            owner.fields.append(self._select)
        elif tag == "option" and self._select is not None:
            self._select.options.append(a.get("value", ""))

    def close(self):
        super().close()
        # The fields of a form sent elsewhere are those of its form once read to the end.
        for owner, variant, submitter in self._sent_elsewhere:
            variant.fields = [*owner.fields, *([submitter] if submitter else [])]

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None


def forms_in(html: str) -> list[Form]:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.forms
