"""What was noticed is kept as the rules' facts (issue 22, findings 5-8), and the legal notice
keeps its structured content (finding 7).

A snapshot kept before (animals by species, structures with their kind and typed distances)
becomes a facts object of the rules contract holding what it said; what it did not record
(fencing, manure, areas...) is left to the contract's defaults, which enlarge nothing that
the application now states.
"""

from django.db import migrations, models


def _facts(keeping: dict, on: str) -> dict:
    animals = []
    for species, count in (keeping.get("animals") or {}).items():
        animal = {"species": species, "count": count}
        if species == "other_domestic":
            animal["name"] = "other domesticated animal"
        animals.append(animal)
    structures = [
        {
            "id": label,
            "kind": structure["kind"],
            "distances_ft": {k: v for k, v in (structure.get("distances") or {}).items()},
        }
        for label, structure in (keeping.get("structures") or {}).items()
    ]
    return {
        "application": {"kind": "new", "date": on},
        "animals": animals,
        "structures": structures,
    }


def forwards(apps, schema_editor):
    DocketItem = apps.get_model("hearings", "DocketItem")
    for item in DocketItem.objects.exclude(noticed_keeping=None).select_related("meeting"):
        on = item.meeting.date.isoformat()
        item.noticed_facts = [{"mailed_on": None, "facts": _facts(item.noticed_keeping, on)}]
        item.save(update_fields=["noticed_facts"])


class Migration(migrations.Migration):
    dependencies = [
        ("hearings", "0003_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="docketitem",
            name="noticed_facts",
            field=models.JSONField(blank=True, default=list, editable=False),
        ),
        migrations.AddField(
            model_name="historicaldocketitem",
            name="noticed_facts",
            field=models.JSONField(blank=True, default=list, editable=False),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
        migrations.RemoveField(
            model_name="docketitem",
            name="noticed_keeping",
        ),
        migrations.RemoveField(
            model_name="historicaldocketitem",
            name="noticed_keeping",
        ),
        migrations.AddField(
            model_name="historicallegalnotice",
            name="content",
            field=models.JSONField(blank=True, editable=False, null=True),
        ),
        migrations.AddField(
            model_name="legalnotice",
            name="content",
            field=models.JSONField(blank=True, editable=False, null=True),
        ),
    ]
