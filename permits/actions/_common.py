"""What several nouns of the permit actions share: the permit's own copy of the animals, which
an issued permit and an entry of the paper register alike keep.
"""

from __future__ import annotations

from permits.models import Application, Permit, PermitAnimal


def _keep_the_applications_animals(permit: Permit, application: Application) -> None:
    """The permit keeps its own copy of the animals applied for: the application may be amended
    later, and the permit must still say what it allowed."""
    PermitAnimal.objects.bulk_create(
        PermitAnimal(
            permit=permit,
            species=a.species,
            name=a.name,
            count=a.count,
            mature_count=a.mature_count,
        )
        for a in application.animals.all()
        if a.count > 0
    )
