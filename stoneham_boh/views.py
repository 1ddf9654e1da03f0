from allauth.account import app_settings
from allauth.account import views as allauth_views
from allauth.account.utils import perform_login
from allauth.core import ratelimit
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.csrf import requires_csrf_token

from permits.online import carry
from stoneham_boh import dashboard
from stoneham_boh.accounts import code_limit, phone_session, security
from stoneham_boh.accounts.login_form import LoginForm
from stoneham_boh.accounts.roles import Role, roles_of
from stoneham_boh.town.current import current_town


class LogoutView(auth_views.LogoutView):
    """Log out, and say so on the page it lands on: a bare public page left people unsure."""

    def post(self, request, *args, **kwargs):
        response = super().post(request, *args, **kwargs)
        # The session is gone; the message travels in its cookie to the next page.
        messages.success(request, "You are logged out.")
        # Whatever the page managed (or failed) to clear, the browser drops the phone's copies.
        return phone_session.clear_site_data(response)


def favicon(request):
    """/favicon.ico, which browsers ask for on pages that name no icon: the site's icon.
    The address is looked up on each request, not when the URLs are loaded, because in
    production it is the hashed name that collectstatic writes, and `check` runs before it."""
    return redirect(static("img/inspections-icon.svg"), permanent=True)


def public_home(request):
    return render(request, "public_home.html")


@login_required
def home(request):
    """The logged-in home page: one group of sections per role the person holds."""
    today = timezone.localdate()
    names = roles_of(request.user)
    is_admin = Role.ADMIN.value in names
    groups = []
    if is_admin or Role.CLERK.value in names:
        groups.append(("Clerk's desk", dashboard.clerk_sections(today)))
    if is_admin or Role.AGENT.value in names:
        groups.append(("Field work", dashboard.agent_sections(today, request.user)))
    if is_admin or Role.BOARD.value in names:
        groups.append(("Board", dashboard.board_sections(today)))
    if is_admin:
        groups.append(("Administration", dashboard.administrator_sections(timezone.now())))
    if Role.APPLICANT.value in names:
        groups.append(("Your keeping of animals", dashboard.applicant_sections(request.user)))
    precheck_waiting = Role.APPLICANT.value in names and carry.waiting(request.session) is not None
    return render(
        request,
        "home.html",
        {"groups": groups, "today": today, "precheck_waiting": precheck_waiting},
    )


def permission_denied(request, exception=None):
    return render(request, "errors/403.html", status=403)


def page_not_found(request, exception=None):
    return render(request, "errors/404.html", status=404)


@requires_csrf_token
def server_error(request):
    # Render a template that needs nothing; the office's telephone only if it can still be read
    # (the failure may be the database itself).
    try:
        phone = current_town().telephone
    except Exception:
        phone = ""
    # Without the request, so that no context processor (which reads the database) runs.
    return HttpResponse(render_to_string("errors/500.html", {"phone": phone}), status=500)


class LoginView(auth_views.LoginView):
    """Django's log-in page; an account whose address is not yet confirmed is sent a code to
    type here instead (allauth's verification by code, in this session)."""

    redirect_authenticated_user = True
    authentication_form = LoginForm

    def form_valid(self, form):
        if form.needs_confirmation:
            user = form.get_user()
            return perform_login(
                self.request,
                user,
                email_verification=app_settings.EmailVerificationMethod.MANDATORY,
                email=user.email,
                redirect_url=reverse("home"),
            )
        return super().form_valid(form)


class SignupView(allauth_views.SignupView):
    """allauth's sign-up, whose limit counts the accounts asked for: a form sent back for a
    typo (a password too short, two passwords that differ) does not bring the pause nearer.
    Each POST still counts towards allauth's looser limit ("signup"), against scripts."""

    def form_valid(self, form):
        if not ratelimit.consume(self.request, action="signup_sent"):
            return ratelimit.respond_429(self.request)
        return super().form_valid(form)


def email_verification_sent(request):
    """allauth's page for typing an e-mailed code, once a code sent before the account's
    password last changed (a reset by the address's owner) is dropped: it then sends the
    session back to log in."""
    code_limit.drop_stale_code(request)
    return allauth_views.email_verification_sent(request)


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's page; wrong current passwords are counted per user and pause it (429)."""

    def post(self, request, *args, **kwargs):
        if security.password_change_paused(request.user):
            return security.password_change_paused_response(request)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        if form.has_error("old_password"):
            security.note_password_change_failure(self.request, self.request.user)
            if security.password_change_paused(self.request.user):
                return security.password_change_paused_response(self.request)
        return super().form_invalid(form)

    def form_valid(self, form):
        security.clear_password_change_failures(self.request.user)
        return super().form_valid(form)
