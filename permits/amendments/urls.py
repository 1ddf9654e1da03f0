from django.urls import path

from permits.amendments import views

app_name = "amendments"

urlpatterns = [
    path("", views.amendment_list, name="list"),
    path("<int:pk>/", views.amendment_detail, name="detail"),
    path("<int:pk>/history/", views.amendment_history, name="history"),
]
