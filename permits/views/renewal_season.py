"""Renewal season at the clerk's desk: the renewals ready, renewed together with the fee each
holder paid, their permits printed in one PDF; and the renewal notices as letters for the
holders who gave no e-mail address. The views of permits.actions.renewal_season."""

from __future__ import annotations

from django import forms
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from permits import actions, renewal_batch
from permits.models import Payment, RenewalBatch
from permits.printing import render_permits_pdf
from permits.renewal_notices import notice_letters_pdf
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import attempt
from stoneham_boh.lib.pdf import pdf_response

NOT_PAID = ""


class RenewTogetherForm(forms.Form):
    """For each renewal ready: a tick to renew it, and the fee if the holder paid it now (its
    method and check or receipt number). A fee left "not paid" stops that renewal at its issue
    (§20-20(4)), as on its own page; the amount recorded is what is owed, shown beside it."""

    def __init__(self, *args, candidates, **kwargs):
        super().__init__(*args, **kwargs)
        self.rows = []
        for candidate in candidates:
            permit = candidate.permit
            pick = f"renew_{permit.pk}"
            method = f"method_{permit.pk}"
            reference = f"reference_{permit.pk}"
            self.fields[pick] = forms.BooleanField(
                required=False, label=f"Renew permit {permit.number}"
            )
            self.fields[method] = forms.ChoiceField(
                required=False,
                label=f"Fee for permit {permit.number}",
                choices=[(NOT_PAID, "Not paid yet"), *Payment.Method.choices],
            )
            self.fields[reference] = forms.CharField(
                required=False,
                max_length=Payment._meta.get_field("reference").max_length,
                label=f"Check or receipt number for permit {permit.number}",
            )
            self.rows.append((candidate, self[pick], self[method], self[reference]))

    def clean(self):
        cleaned = super().clean()
        # A fee taken for a renewal not ticked would be recorded nowhere: ask, at its field.
        for _candidate, pick, method, _reference in self.rows:
            if cleaned.get(method.name) and not cleaned.get(pick.name):
                self.add_error(
                    method.name, "Tick this renewal to renew it, or leave its fee as not paid."
                )
        if not self.chosen():
            raise forms.ValidationError("Tick at least one renewal to renew.")
        return cleaned

    def chosen(self) -> list:
        return [
            candidate.permit
            for candidate, pick, _method, _reference in self.rows
            if self.cleaned_data.get(pick.name)
        ]

    def payments(self) -> dict:
        taken = {}
        for candidate, _pick, method, reference in self.rows:
            if self.cleaned_data.get(method.name):
                taken[candidate.permit.pk] = actions.PaymentTaken(
                    method=self.cleaned_data[method.name],
                    reference=self.cleaned_data.get(reference.name, ""),
                )
        return taken


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def renew_together(request):
    season = renewal_batch.season()
    form = RenewTogetherForm(request.POST or None, candidates=season.ready_ones)
    if request.method == "POST":
        batch = attempt(
            request,
            form,
            lambda _data: actions.renew_together(
                permits=form.chosen(), payments=form.payments(), by=request.user
            ),
            renewal_batch.summary,
        )
        if batch is not None:
            return redirect("permits:renewal-batch", pk=batch.pk)
    return render(
        request,
        "permits/renewals/together.html",
        {"season": season, "form": form, "today": timezone.localdate()},
        status=400 if form.errors else 200,
    )


@role_required(Role.CLERK)
@require_GET
def renewal_batch_detail(request, pk):
    batch = get_object_or_404(RenewalBatch.objects.select_related("run_by"), pk=pk)
    entries = renewal_batch.entries_of(batch)
    return render(
        request,
        "permits/renewals/batch.html",
        {
            "batch": batch,
            "renewed": [e for e in entries if e.permit_id],
            "refused": [e for e in entries if not e.permit_id],
        },
    )


@role_required(Role.CLERK)
@require_GET
def renewal_batch_pdf(request, pk):
    """The permits the batch issued, one after another in one PDF, to print and post."""
    batch = get_object_or_404(RenewalBatch, pk=pk)
    permits = renewal_batch.batch_permits(batch)
    if not permits:
        return redirect("permits:renewal-batch", pk=batch.pk)
    return pdf_response(
        render_permits_pdf(permits, request),
        f"renewed-permits-{batch.renewed_on:%Y-%m-%d}-{batch.pk}.pdf",
        download=True,
    )


@role_required(Role.CLERK)
@require_GET
def renewal_letters(request):
    """The renewal notices as letters, one to each holder of a permit due who gave no e-mail."""
    content, year = notice_letters_pdf()
    return pdf_response(content, f"renewal-notices-{year + 1}-letters.pdf", download=True)
