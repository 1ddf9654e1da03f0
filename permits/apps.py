from django.apps import AppConfig


class PermitsConfig(AppConfig):
    name = "permits"
    verbose_name = "Applications and permits"
