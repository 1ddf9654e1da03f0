from django.urls import path

from . import views
from .endpoints import ENDPOINTS

app_name = "api"

urlpatterns = [
    path("", views.documentation, name="index"),
    *(path(f"{e.name}/", views.endpoint, {"name": e.name}, name=e.name) for e in ENDPOINTS),
]
