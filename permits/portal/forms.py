"""Forms of the applicant's pages."""

from __future__ import annotations

from django import forms

from stoneham_boh.lib.forms import helper


class RenewalRequestForm(forms.Form):
    unchanged = forms.ChoiceField(
        label="Since this permit was issued",
        choices=[
            ("yes", "Nothing has changed: the same animals, structures and lot"),
            ("no", "Something has changed"),
        ],
        widget=forms.RadioSelect,
        help_text="A permit covers exactly the animals and facility it names (§20-20(3)); "
        "anything different needs the Board's review.",
    )
    changes = forms.CharField(
        label="What has changed?",
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="For example more or different animals (§20-20(3)), a new or moved "
        "structure (§20-20(2)), or a new way of handling manure (§20-16).",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper()

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("unchanged") == "no" and not cleaned.get("changes", "").strip():
            self.add_error("changes", "Say what has changed, so that the clerk can prepare it.")
        return cleaned


class AccountLinkDecisionForm(forms.Form):
    """The clerk's answer to "is this signed-up account the applicant on file?"."""

    decision = forms.ChoiceField(
        choices=[("link", "Same person: link the account"), ("decline", "Not the same person")]
    )


class DetailsChangeDecisionForm(forms.Form):
    """The clerk's answer to a resident's change of their details."""

    decision = forms.ChoiceField(choices=[("accept", "Accept"), ("decline", "Decline")])
