"""The public Regulations pages, included at ``regulations/`` without a namespace."""

from django.urls import path

from permits import regulation_views

urlpatterns: list = [
    path("", regulation_views.regulation_index, name="regulations"),
    path("<slug:slug>/", regulation_views.regulation_detail, name="regulation-detail"),
]
