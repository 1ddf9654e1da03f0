from django.urls import path

from permits.views.public import permit_verify

urlpatterns: list = [
    path("verify/<str:token>/", permit_verify, name="permit-verify"),
]
