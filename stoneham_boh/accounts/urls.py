from django.urls import path

from stoneham_boh.accounts import two_factor_views

app_name = "two_factor"

urlpatterns = [
    path("", two_factor_views.setup, name="setup"),
    path("verify/", two_factor_views.verify, name="verify"),
    path("recovery-codes/", two_factor_views.recovery_codes, name="recovery-codes"),
]
