"""The database cache's table (settings.CACHES, boh_cache): the shared home of the sign-up,
reset and confirmation-code counters, made with the schema the database cache expects."""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("stoneham_boh", "0001_initial")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
