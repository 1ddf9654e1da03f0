from allauth.account import views as allauth_views
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path
from django.views.generic import RedirectView

from permits.views import day_changes, search
from records.export import views as records_out
from stoneham_boh import views

# Only allauth's sign-up, confirmation and reset pages: log-in is ours (axes, staff two-factor),
# and allauth's own name for it leads to the same page.
allauth_patterns = [
    path(
        "sign-in/",
        RedirectView.as_view(pattern_name="login", query_string=True),
        name="account_login",
    ),
    path("signup/", views.SignupView.as_view(), name="account_signup"),
    # allauth's "manage your addresses" page is not ours: a code page with nothing pending
    # sends a logged-in user there, so it leads home.
    path("email/", RedirectView.as_view(pattern_name="home"), name="account_email"),
    path(
        "confirm-email/",
        views.email_verification_sent,
        name="account_email_verification_sent",
    ),
    path("password/reset/", allauth_views.password_reset, name="account_reset_password"),
    path(
        "password/reset/done/",
        allauth_views.password_reset_done,
        name="account_reset_password_done",
    ),
    re_path(
        r"^password/reset/key/(?P<uidb36>[0-9A-Za-z]+)-(?P<key>.+)/$",
        allauth_views.password_reset_from_key,
        name="account_reset_password_from_key",
    ),
    path(
        "password/reset/key/done/",
        allauth_views.password_reset_from_key_done,
        name="account_reset_password_from_key_done",
    ),
]

urlpatterns = [
    path("", views.public_home, name="public-home"),
    path("home/", views.home, name="home"),
    path("search/", search.search_records, name="search"),
    path("changes/", day_changes.day_changes, name="day-changes"),
    path(
        "accounts/login/",
        views.LoginView.as_view(),
        name="login",
    ),
    path("accounts/", include(allauth_patterns)),
    path("accounts/logout/", views.LogoutView.as_view(), name="logout"),
    path("accounts/two-factor/", include("stoneham_boh.accounts.urls")),
    path(
        "accounts/password/",
        views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    # Each app's public pages sit at the root, its staff pages under its own prefix.
    path("", include("permits.urls")),
    path("", include("hearings.urls")),
    path("facilities/", include("facilities.urls")),
    path("inspections/", include("inspections.urls")),
    path("api/", include("records.api.urls")),
    path("records/", records_out.records_page, name="records"),
    path("records/export.zip", records_out.records_download, name="records-export"),
    path("records/", include("records.urls")),
    path("settings/town/", include("stoneham_boh.town.urls")),
    path("settings/amendments/", include("permits.amendments.urls")),
    path("admin/", admin.site.urls),
    # Browsers ask for /favicon.ico on any page that names no icon (the admin's, the API's
    # JSON): the site's icon, rather than a 404 in every log.
    path("favicon.ico", views.favicon, name="favicon"),
]

handler403 = "stoneham_boh.views.permission_denied"
handler404 = "stoneham_boh.views.page_not_found"
handler500 = "stoneham_boh.views.server_error"
# allauth's limits (sign-up, resets, codes) answer through this one.
handler429 = "stoneham_boh.rate_limits.too_many_requests"
