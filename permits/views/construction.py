"""The construction's records on the application page: the building inspector's approval
(§20-20(2)(a)); the others follow the construction's own steps (permits.construction)."""

from __future__ import annotations

from django.urls import reverse
from django.views.decorators.http import require_POST

from permits import actions
from permits.application_page import load_application, render_with
from permits.forms import BuildingInspectorForm
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import submit


@role_required(Role.CLERK)
@require_POST
def building_inspector_approval(request, pk):
    """The clerk records the building inspector's approval, its date and document
    (§20-20(2)(a))."""
    application = load_application(pk)
    form = BuildingInspectorForm(request.POST, request.FILES, prefix="inspector", user=request.user)
    done = submit(
        request,
        form,
        lambda data: actions.record_building_inspector_approval(
            application=application,
            approved_on=data["approved_on"],
            upload=data["file"],
            description=data["description"],
            by=request.user,
        ),
        success=lambda _: "The building inspector's approval is recorded.",
        then=reverse("permits:application-detail", args=[pk]) + "#construction",
    )
    if done:
        return done
    form.keep_uploads()
    return render_with(request, application, inspector_form=form)
