"""An application's payments: one recorded, one voided or corrected with its reason. (The
day's payments for the Town Treasurer are treasury.py's.)"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.http import require_POST

from permits import actions
from permits.application_page import correction_form, fees_of, load_application, render_with
from permits.forms import PaymentForm
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import submit


@role_required(Role.CLERK)
@require_POST
def payment_correct(request, pk, payment_pk):
    """Void a payment recorded in error, or correct it (void it and record it as it was made),
    with the reason; both kept in the payment's history."""
    application = load_application(pk)
    payment = get_object_or_404(application.payments.all(), pk=payment_pk, voided=False)
    then = reverse("permits:application-detail", args=[pk]) + "#fees"
    fees = fees_of(application)
    outstanding = None if fees["due"] is None else fees["due"] - fees["paid"] + payment.amount
    form = correction_form(payment, request.POST, outstanding)
    if "void" in request.POST:
        # Voiding reads only the reason; the payment's own fields are not asked again.
        for name in ("amount", "received_on", "method", "reference"):
            form.fields[name].required = False
        done = submit(
            request,
            form,
            lambda data: actions.void_payment(
                payment=payment, reason=data["reason"], by=request.user
            ),
            success=lambda voided: f"The payment of ${voided.amount} is void.",
            then=then,
        )
    else:
        done = submit(
            request,
            form,
            lambda data: actions.correct_payment(payment=payment, by=request.user, **data),
            success=lambda corrected: (
                f"The payment of ${payment.amount} is void; ${corrected.amount} is recorded in "
                "its place."
            ),
            then=then,
        )
    return done or render_with(request, application, correction_form=form, corrected=payment.pk)


@role_required(Role.CLERK)
@require_POST
def payment_add(request, pk):
    application = load_application(pk)
    fees = fees_of(application)
    outstanding = None if fees["due"] is None else fees["balance"]
    form = PaymentForm(request.POST, prefix="pay", outstanding=outstanding)
    done = submit(
        request,
        form,
        lambda data: actions.record_payment(application=application, by=request.user, **data),
        success=lambda payment: f"Payment of ${payment.amount} recorded.",
        then=reverse("permits:application-detail", args=[pk]) + "#fees",
    )
    return done or render_with(request, application, payment_form=form)
