from django.apps import AppConfig


class FacilitiesConfig(AppConfig):
    name = "facilities"
    verbose_name = "Lots, structures, animals and abutters"
