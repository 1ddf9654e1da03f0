"""The pages of two-factor authentication: set up, verify at log-in, recovery codes."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.views.decorators.http import require_http_methods

from stoneham_boh.accounts import two_factor


class CodeForm(forms.Form):
    code = forms.CharField(
        label="Code",
        max_length=40,
        strip=True,
        help_text="The six-digit code your authenticator app shows now.",
        widget=forms.TextInput(
            attrs={"autocomplete": "one-time-code", "autocapitalize": "none", "spellcheck": "false"}
        ),
    )


class VerifyForm(CodeForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields[
            "code"
        ].help_text = (
            "The six-digit code your authenticator app shows now, or one of your recovery codes."
        )


def _next_url(request, default: str = "home") -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return reverse(default)


def _with_next(url_name: str, next_url: str) -> str:
    return f"{reverse(url_name)}?{urlencode({'next': next_url})}"


@login_required
@require_http_methods(["GET", "POST"])
def setup(request):
    """Enrol an authenticator app, or (when enrolled) show the state of two-factor."""
    step = two_factor.pending_step(request)
    if step == two_factor.VERIFY:
        return redirect(_with_next("two_factor:verify", _next_url(request)))
    if two_factor.has_app(request.user):
        return render(
            request,
            "security/two_factor_status.html",
            {"codes_left": two_factor.recovery_codes_left(request.user)},
        )
    device, expired = two_factor.pending_app(request)
    form = CodeForm(request.POST or None)
    if request.method == "POST" and expired:
        form.is_valid()
        form.add_error(
            "code",
            f"This set-up took too long (more than {settings.TWO_FACTOR_SETUP_MINUTES} minutes) "
            "or was replaced: add the new key below to your app, then type its code.",
        )
    elif request.method == "POST" and form.is_valid():
        codes = two_factor.confirm_app(
            request=request, device=device, token=form.cleaned_data["code"]
        )
        if codes is not None:
            request.session[two_factor.NEW_CODES_KEY] = codes
            messages.success(request, "Two-factor authentication is on for your account.")
            return redirect(_with_next("two_factor:recovery-codes", _next_url(request)))
        form.add_error(
            "code", "That code is not right. Check the time on your phone and try again."
        )
    return render(
        request,
        "security/two_factor_setup.html",
        {
            "form": form,
            "qr": two_factor.qr_data_uri(device),
            "secret": two_factor.secret_for_typing(device),
            "required": two_factor.is_required_for(request.user),
            "next": _next_url(request),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def verify(request):
    """The second step of log-in for a user who has enrolled."""
    if two_factor.pending_step(request) != two_factor.VERIFY:
        return redirect(_next_url(request))
    form = VerifyForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        accepted, problem = two_factor.verify(request=request, token=form.cleaned_data["code"])
        if accepted:
            return redirect(_next_url(request))
        form.add_error("code", problem)
    return render(
        request, "security/two_factor_verify.html", {"form": form, "next": _next_url(request)}
    )


@login_required
@require_http_methods(["GET", "POST"])
def recovery_codes(request):
    """Show new recovery codes once; a POST replaces them (the old ones stop working)."""
    if request.method == "POST":
        if not two_factor.has_app(request.user):
            return redirect("two_factor:setup")
        request.session[two_factor.NEW_CODES_KEY] = two_factor.replace_recovery_codes(
            user=request.user
        )
        return redirect("two_factor:recovery-codes")
    codes = request.session.pop(two_factor.NEW_CODES_KEY, None)
    return render(
        request,
        "security/recovery_codes.html",
        {"codes": codes, "next": _next_url(request), "has_app": two_factor.has_app(request.user)},
    )
