"""The clerk's corrections' forms (permits/views/corrections.py): why an application was marked
received by mistake.
"""

from __future__ import annotations

from stoneham_boh.lib.forms import ReasonForm


def unreceive_form(data=None) -> ReasonForm:
    """Why an application was marked received by mistake (permits.corrections.actions)."""
    form = ReasonForm(
        data,
        prefix="unreceive",
        label="Why it was marked received by mistake",
        help_text="Kept on the application's history with your name and the time.",
    )
    form.fields["reason"].error_messages["required"] = "Say why the receipt was a mistake."
    return form
