"""The day's payments for the Town Treasurer: on screen, printed (PDF) and as CSV."""

from __future__ import annotations

from datetime import date

from django import forms
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from permits.treasury import CSV_HEADERS, csv_rows, payments_received_on
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.csv_export import requested_format, spreadsheet_download
from stoneham_boh.lib.forms import DateInput
from stoneham_boh.lib.pdf import pdf_response, render_pdf


class DayForm(forms.Form):
    on = forms.DateField(label="Payments received on", widget=DateInput)


def _day(request) -> tuple[DayForm, date]:
    today = timezone.localdate()
    form = DayForm(request.GET or {"on": today.isoformat()})
    day = form.cleaned_data["on"] if form.is_valid() else today
    return form, day


@role_required(Role.CLERK)
@require_GET
def payments_of_the_day(request):
    form, day = _day(request)
    sheet = payments_received_on(day)
    name = f"payments-{day:%Y-%m-%d}"
    fmt = requested_format(request)
    if fmt:
        return spreadsheet_download(CSV_HEADERS, csv_rows(sheet), name, fmt)
    context = {"form": form, "sheet": sheet, "today": timezone.localdate()}
    if request.GET.get("format") == "pdf":
        return pdf_response(render_pdf("pdf/payments_day.html", context), f"{name}.pdf")
    return render(request, "permits/payments_day.html", context, status=400 if form.errors else 200)
