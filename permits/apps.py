from django.apps import AppConfig


class PermitsConfig(AppConfig):
    name = "permits"
    verbose_name = "Applications and permits"

    def ruleset_in_force(self, day):
        """The ruleset in force on `day`, for the apps below permits (facilities), which may not
        import it: they reach it through the app registry, as they name permits' models."""
        from permits.rules import ruleset_in_force

        return ruleset_in_force(day)

    def panel_with_measured(self, application, measured):
        """The compliance panel of `application` with its structures' distances as `measured`
        on a plan being drawn (label -> distances; None: as saved), for the site-plan editor."""
        from permits.facts_from_records import evaluate_application, evaluate_parts, variances_for
        from permits.panel import panel

        if measured is None:
            return panel(evaluate_application(application))
        structures = list(application.structures.all())
        from facilities.siteplan.distances import measured_after_plan

        for structure in structures:
            structure.measured_distances_ft = measured_after_plan(
                structure, measured.get(structure.label)
            )
        return panel(
            evaluate_parts(
                application=application,
                lot=application.lot,
                animals=application.animals.all(),
                structures=structures,
                setback_enlargements=application.setback_enlargements.all(),
                variances=variances_for(application),
                record=application,
            )
        )
