"""The clerk's letters to an applicant: write one, and print it to post."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from permits.clerk_letters import letter_pdf, write_letter
from permits.forms import ClerkLetterForm
from permits.models import Application, ClerkLetter
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import submit
from stoneham_boh.lib.pdf import pdf_response


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def letter_write(request, pk):
    application = get_object_or_404(Application.objects.select_related("applicant", "lot"), pk=pk)
    form = ClerkLetterForm(request.POST or None)
    if request.method == "POST":
        done = submit(
            request,
            form,
            lambda data: write_letter(application=application, by=request.user, **data),
            success="The letter is kept on the application's file; print it to post.",
            then=reverse("permits:application-detail", args=[application.pk]) + "#letters",
        )
        if done:
            return done
    return render(
        request,
        "permits/letter_write.html",
        {"application": application, "form": form},
        status=400 if form.errors else 200,
    )


@role_required(Role.CLERK)
@require_GET
def letter_print(request, pk, letter_pk):
    letter = get_object_or_404(
        ClerkLetter.objects.select_related("application__applicant", "written_by"),
        pk=letter_pk,
        application_id=pk,
    )
    return pdf_response(letter_pdf(letter), f"letter-{pk}-{letter.pk}.pdf")
