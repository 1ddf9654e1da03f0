from django.apps import AppConfig
from django.db.models.signals import post_migrate


class StonehamBohConfig(AppConfig):
    name = "stoneham_boh"
    verbose_name = "Accounts and roles"

    def ready(self) -> None:
        # late: these read models, which the app registry loads after this module; importing
        # them here connects their signal receivers and deploy checks
        from stoneham_boh.accounts import (  # noqa: F401 - signal receivers, deploy checks
            checks,
            code_limit,
            phone_session,
            security,
            two_factor,
        )
        from stoneham_boh.accounts.roles import ensure_role_groups

        # Groups and their permissions are part of the schema: every migrate keeps them true.
        post_migrate.connect(ensure_role_groups, sender=self)
