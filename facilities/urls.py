from django.urls import path

from facilities import views

app_name = "facilities"

urlpatterns: list = [
    path("lots/", views.lot_list, name="lot-list"),
    path("lots/<int:pk>/", views.lot_detail, name="lot-detail"),
    path("applications/<int:pk>/abutters/", views.abutter_import, name="abutter-import"),
    path("applications/<int:pk>/abutters/add/", views.abutter_add, name="abutter-add"),
    path("applications/<int:pk>/abutters/certify/", views.abutter_certify, name="abutter-certify"),
    path("abutters/<int:pk>/void/", views.abutter_void, name="abutter-void"),
    path("applications/<int:pk>/abutters/draft/", views.abutter_draft, name="abutter-draft"),
]
