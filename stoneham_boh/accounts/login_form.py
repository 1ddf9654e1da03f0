"""The log-in form: Django's, plus what a signed-up address not yet confirmed needs."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.contrib.auth.forms import AuthenticationForm


class LoginForm(AuthenticationForm):
    # The password was right but the account's address is not confirmed: the view sends a code
    # to the address, to be typed in this session, instead of logging in.
    needs_confirmation = False

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Signed-up residents' user name is their e-mail address.
        self.fields["username"].help_text = "Residents who signed up: your e-mail address."

    def confirm_login_allowed(self, user) -> None:
        super().confirm_login_allowed(user)
        # A signed-up account gets its role only when its address is confirmed; clerk-made and
        # invited accounts have a role from the start. (allauth also records the address of
        # anyone who asks for a reset, unconfirmed, so the record alone proves nothing.)
        if user.is_superuser or user.groups.exists():
            return
        addresses = EmailAddress.objects.filter(user=user)
        if addresses.exists() and not addresses.filter(verified=True).exists():
            self.needs_confirmation = True
