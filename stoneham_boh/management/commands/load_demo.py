from django.core.management.base import BaseCommand

from stoneham_boh.ops.demo import DEMO_PASSWORD, DEMO_USERS, load_demo


class Command(BaseCommand):
    help = "Load the Stoneham demo data and demo users (idempotent: a second run changes nothing)."

    def handle(self, *args, **options):
        loaded = load_demo()
        self.stdout.write(
            "Demo data loaded." if loaded else "Demo data already present; nothing changed."
        )
        self.stdout.write(f"\nDemo log-ins (password for all: {DEMO_PASSWORD}):")
        for spec in DEMO_USERS:
            self.stdout.write(f"  {spec.username:<11} {spec.role.value}")
