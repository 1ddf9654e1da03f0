from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from stoneham_boh import views

urlpatterns = [
    path("", views.public_home, name="public-home"),
    path("home/", views.home, name="home"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/two-factor/", include("stoneham_boh.accounts.urls")),
    path(
        "accounts/password/",
        auth_views.PasswordChangeView.as_view(),
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
    path("admin/", admin.site.urls),
]

handler403 = "stoneham_boh.views.permission_denied"
handler404 = "stoneham_boh.views.page_not_found"
handler500 = "stoneham_boh.views.server_error"
