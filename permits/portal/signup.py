"""How django-allauth's sign-up fits the project: user names, the sign-up's extra field, and
what confirming the e-mail address does (the account becomes an applicant's).

allauth handles the links and their rate limits; the change of our records on confirmation is
the action `open_applicant_account`, like every other change of state.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context
from django import forms
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from permits.portal import actions, invitations
from stoneham_boh.accounts import code_limit, security
from stoneham_boh.accounts.roles import is_staff_member
from stoneham_boh.town.current import current_town, town_context


def on_site(url: str) -> str:
    """`url` on the public address: its path and query under SITE_URL (when set)."""
    if not settings.SITE_URL or not url:
        return url
    parts = urlsplit(url)
    return settings.SITE_URL + parts.path + (f"?{parts.query}" if parts.query else "")


def in_words(seconds: int) -> str:
    """A lifetime as an e-mail says it: "15 minutes", "3 days", "1 hour"."""
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'' if count == 1 else 's'}"
    return f"{max(1, seconds // 60)} minutes"


class SignupDetailsForm(forms.Form):
    """What sign-up asks beyond e-mail and password: the name the Board will write to."""

    full_name = forms.CharField(
        label="Your full name",
        max_length=200,
        help_text="As it should appear on the permit, e.g. Jane Q. Resident.",
        widget=forms.TextInput(attrs={"autocomplete": "name"}),
    )

    # allauth's password fields, which it adds to this form's subclass.
    PASSWORDS = ("password1", "password2")

    def full_clean(self) -> None:
        """A sign-up sent back for another field (the name, an address already in use) keeps the
        passwords the resident typed, once they were accepted; a refused password is asked
        for again, as it must be."""
        super().full_clean()
        passwords = [name for name in self.PASSWORDS if name in self.fields]
        if passwords and not any(name in self.errors for name in passwords):
            for name in passwords:
                self.fields[name].widget.render_value = True

    def signup(self, request, user) -> None:
        first, _, last = self.cleaned_data["full_name"].strip().partition(" ")
        user.first_name, user.last_name = first[:150], last[:150]
        user.save(update_fields=["first_name", "last_name"])


class AccountAdapter(DefaultAccountAdapter):
    def populate_username(self, request, user) -> None:
        # Residents log in on our page with their e-mail address as the user name.
        user.username = invitations.username_for(user.email)

    def confirm_email(self, request, email_address) -> bool:
        confirmed = super().confirm_email(request, email_address)
        user = email_address.user
        # Staff accounts are made by the administrator and never become an applicant's.
        if confirmed and not (is_staff_member(user) or user.is_staff):
            actions.open_applicant_account(user=user, by=user)
        return confirmed

    def send_confirmation_mail(self, request, emailconfirmation, signup) -> None:
        # Counted per address and client, and stamped so that a reset ends it (code_limit).
        code_limit.count_or_refuse(request, emailconfirmation.email_address.email)
        code_limit.stamp_code(emailconfirmation)
        super().send_confirmation_mail(request, emailconfirmation, signup)

    def send_account_already_exists_mail(self, email: str) -> None:
        code_limit.count_or_refuse(context.request, email)
        super().send_account_already_exists_mail(email)

    def get_login_redirect_url(self, request) -> str:
        return reverse("home")

    def format_email_subject(self, subject: str) -> str:
        """Every subject begins with the Board's name from the town's settings page."""
        return f"{current_town().board_name}: {subject}"

    def send_mail(self, template_prefix, email, context) -> None:
        """Every link in allauth's e-mails points at SITE_URL, never at the Host header the
        request came in with (a forged Host must not put a stranger's address in a reset
        link). In development, with no SITE_URL, links keep the request's own host."""
        context = {
            name: on_site(value) if name.endswith("_url") and isinstance(value, str) else value
            for name, value in context.items()
        }
        # How long a code and a reset link last, from the settings that decide it.
        context["code_lifetime"] = in_words(settings.ACCOUNT_EMAIL_VERIFICATION_BY_CODE_TIMEOUT)
        context["reset_link_lifetime"] = in_words(settings.PASSWORD_RESET_TIMEOUT)
        super().send_mail(template_prefix, email, {**town_context(), **context})

    def get_client_ip(self, request) -> str:
        """The client's address as the lockout reads it (behind the README's proxy, the one
        the proxy saw), so that sign-up, reset and code limits count clients, not the proxy."""
        address = security.client_address(request)
        if not address:
            raise PermissionDenied("Unable to determine the client's address.")
        return address
