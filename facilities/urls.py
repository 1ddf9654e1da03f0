from django.urls import path

from facilities.views import abutters, lots

app_name = "facilities"

urlpatterns: list = [
    path("lots/", lots.lot_list, name="lot-list"),
    path("lots/<int:pk>/", lots.lot_detail, name="lot-detail"),
    path("applications/<int:pk>/abutters/", abutters.abutter_import, name="abutter-import"),
    path("applications/<int:pk>/abutters/add/", abutters.abutter_add, name="abutter-add"),
    path(
        "applications/<int:pk>/abutters/certify/", abutters.abutter_certify, name="abutter-certify"
    ),
    path("abutters/<int:pk>/void/", abutters.abutter_void, name="abutter-void"),
]
