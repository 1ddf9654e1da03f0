"""The editor's POST as a Django form: every field capped before it is parsed.

The page posts one row of fields per shape (`s0-id`, `s0-x`... up to `shape-count`). The form
builds a field for each row it will read, no more than the editor's MAX_ROWS, each with a
length cap, so a post of 100,000 corners or a 1e308 is refused at the field in microseconds;
then the rows become stored shapes (metres) through `editor.shapes_from_post`, whose problems
name the shape and the field.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from facilities.siteplan import editor
from facilities.siteplan.shapes import FORMS, KINDS, MAX_POINTS, MAX_SHAPES

# The longest number a person types for feet or degrees ("-1234.56"), with room to spare.
NUMBER_CHARS = 16
# "east,north" pairs separated by a space: MAX_POINTS of them, each at most two numbers.
POINTS_CHARS = MAX_POINTS * (2 * NUMBER_CHARS + 2)


def printable_id(value: str) -> None:
    if value and not value.isprintable():
        raise ValidationError("Use letters, digits and punctuation only (no control characters).")


class SitePlanForm(forms.Form):
    """The rows of the site-plan editor; `cleaned_data["shapes"]` holds the plan (metres)."""

    def __init__(self, data=None, *, origin: editor.Origin, **kwargs):
        super().__init__(data, **kwargs)
        self.origin = origin
        self.fields["shape-count"] = forms.IntegerField(
            min_value=0, max_value=min(editor.MAX_ROWS, MAX_SHAPES) + 1, required=False
        )
        for index in range(self._rows_posted()):
            self.fields.update(self._row_fields(index))

    def _rows_posted(self) -> int:
        raw = str((self.data or {}).get("shape-count", "0"))
        # Read only a short string of ASCII digits; anything else is the count field's error.
        if len(raw) > 4 or not (raw.isascii() and raw.isdigit()):
            return 0
        return min(int(raw), editor.MAX_ROWS)

    @staticmethod
    def _row_fields(index: int) -> dict:
        p = f"s{index}-"
        number = {"max_length": NUMBER_CHARS, "required": False, "strip": True}
        return {
            p + "id": forms.CharField(max_length=20, required=False, validators=[printable_id]),
            p + "kind": forms.ChoiceField(choices=[("", ""), *KINDS.items()], required=False),
            p + "form": forms.ChoiceField(
                choices=[("", ""), *((f, f) for f in FORMS)], required=False
            ),
            p + "x": forms.CharField(**number),
            p + "y": forms.CharField(**number),
            p + "width_ft": forms.CharField(**number),
            p + "depth_ft": forms.CharField(**number),
            p + "rotation_deg": forms.CharField(**number),
            p + "points": forms.CharField(max_length=POINTS_CHARS, required=False),
            p + "remove": forms.BooleanField(required=False),
        }

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        rows = {name: value for name, value in cleaned.items() if value not in (None, False)}
        try:
            cleaned["shapes"] = editor.shapes_from_post(rows, self.origin)
        except editor.FormProblem as problem:
            raise ValidationError(str(problem)) from problem
        return cleaned

    def problems(self) -> list[str]:
        """Every error, each naming its shape and field, in the editor's words."""
        said = []
        for name, errors in self.errors.items():
            for error in errors:
                if name == "__all__":
                    said.append(error)
                    continue
                index, _, field = name.partition("-")
                shape = (self.data.get(f"{index}-id") or "").strip()[:20]
                shape = shape if shape.isprintable() and shape else f"Row {index[1:]}"
                if name == "shape-count":
                    said.append(f"The plan holds at most {editor.MAX_ROWS} shapes: {error}")
                else:
                    said.append(f"{shape}, {FIELD_WORDS.get(field, field)}: {error}")
        return said


FIELD_WORDS = {
    "id": "name",
    "kind": "kind",
    "form": "form",
    "x": "east",
    "y": "north",
    "width_ft": "width",
    "depth_ft": "depth",
    "rotation_deg": "turn",
    "points": "corners",
}
