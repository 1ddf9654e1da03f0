from django.apps import AppConfig


class HearingsConfig(AppConfig):
    name = "hearings"
    verbose_name = "Hearings, notices, decisions and variances"
