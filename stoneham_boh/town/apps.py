from django.apps import AppConfig


class TownConfig(AppConfig):
    name = "stoneham_boh.town"
    label = "town"
    verbose_name = "The town's settings"
    default_auto_field = "django.db.models.BigAutoField"
