"""The clerk takes back a receipt recorded by mistake, from the application's page."""

from __future__ import annotations

from django.urls import reverse
from django.views.decorators.http import require_POST

from permits.application_page import load_application, render_with
from permits.corrections.actions import undo_receipt
from permits.forms import unreceive_form
from permits.models import Application
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.form_actions import submit


@role_required(Role.CLERK)
@require_POST
def application_unreceive(request, pk):
    application = load_application(pk)
    form = unreceive_form(request.POST)
    done = submit(
        request,
        form,
        lambda data: undo_receipt(application=application, reason=data["reason"], by=request.user),
        success=lambda undone: (
            f"The receipt of {long_date(undone.received_on)} is taken back: the application is "
            + (
                "back in the Submitted online queue"
                if undone.returned_to == Application.Status.SUBMITTED
                else "a draft again"
            )
            + ", and its fee is no longer fixed."
        ),
        then=reverse("permits:application-detail", args=[pk]),
    )
    return done or render_with(request, application, unreceive_form=form)
