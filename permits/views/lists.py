"""The clerk's lists: applications, permits, renewals due, applicants."""

from __future__ import annotations

from django.db.models import Prefetch
from django.shortcuts import render
from django.utils import timezone

from facilities.models import AnimalKept
from permits.filters import ApplicantFilter, ApplicationFilter, PermitFilter
from permits.models import Applicant, Application, Permit, PermitAnimal
from permits.portal.models import RenewalRequest
from permits.status import application_badge, permit_badge
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.csv_export import requested_format
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.listing import list_page, page_of
from stoneham_boh.lib.tables import Column, Table

# The animals a row names, and nothing more of them (a CSV export reads 10,000 rows).
APPLICATION_ANIMALS = Prefetch(
    "animals", queryset=AnimalKept.objects.only("application", "species", "name", "count")
)
PERMIT_ANIMALS = Prefetch(
    "animals", queryset=PermitAnimal.objects.only("permit", "species", "name", "count")
)


def animals_text(obj) -> str:
    """'6 Chicken (hen), 2 Goat' from prefetched animals (no query per row)."""
    return ", ".join(str(a) for a in obj.animals.all())


APPLICATION_TABLE = Table(
    (
        Column("No.", lambda a: f"#{a.pk}", link="permits:application-detail", sort="id"),
        Column("Applicant", lambda a: a.applicant.name, sort="applicant__name"),
        Column("Lot", lambda a: a.site_address, sort="lot__street_address"),
        Column(
            "Parcel",
            lambda a: a.lot.parcel_id if a.lot_id else "(lot not matched yet)",
            css="text-nowrap",
        ),
        Column("Kind", lambda a: a.get_kind_display()),
        Column("Status", lambda a: a.get_status_display(), badge=application_badge, sort="status"),
        Column("Received", lambda a: a.received_on or "", css="text-nowrap", sort="received_on"),
        Column("Animals", animals_text),
    ),
    caption="Applications",
)

PERMIT_TABLE = Table(
    (
        Column(
            "Permit",
            lambda p: p.number,
            link="permits:permit-detail",
            css="text-nowrap",
            sort="number",
        ),
        Column("Holder", lambda p: p.holder.name, sort="holder__name"),
        Column("Lot", lambda p: p.lot.street_address, sort="lot__street_address"),
        Column("Animals", animals_text),
        Column("Status", lambda p: p.current_status_label, badge=permit_badge),
        Column("Issued", lambda p: p.issued_on, css="text-nowrap", sort="issued_on"),
        Column("Expires", lambda p: p.expires_on, css="text-nowrap", sort="expires_on"),
    ),
    caption="Permits",
)

APPLICANT_TABLE = Table(
    (
        Column("Name", lambda a: a.name, link="permits:applicant-detail", sort="name"),
        Column("Kind", lambda a: a.get_kind_display()),
        Column("Mailing address", lambda a: ", ".join(a.mailing_address_lines)),
        Column("Telephone", lambda a: a.phone),
        Column("E-mail", lambda a: a.email),
    ),
    caption="Applicants",
)


@staff_required
def application_list(request):
    # Only the columns the table shows: the rows are built 25 a page, or 10,000 in a CSV.
    queryset = (
        Application.objects.select_related("applicant", "lot")
        .only(
            "kind",
            "status",
            "received_on",
            "applicant__name",
            "lot__street_address",
            "lot__parcel_id",
        )
        .prefetch_related(APPLICATION_ANIMALS)
    )
    return list_page(
        request,
        filterset_class=ApplicationFilter,
        queryset=queryset.order_by("-received_on", "-id"),
        table=APPLICATION_TABLE,
        title="Applications",
        export_name="applications",
        empty="No application matches. Clear the filters, or start a new application.",
        new_url="permits:application-new",
        new_label="New application",
    )


@staff_required
def permit_list(request):
    queryset = (
        Permit.objects.select_related("holder", "lot")
        .only("number", "status", "issued_on", "expires_on", "holder__name", "lot__street_address")
        .prefetch_related(PERMIT_ANIMALS)
    )
    return list_page(
        request,
        filterset_class=PermitFilter,
        queryset=queryset.order_by("-year", "-sequence"),
        table=PERMIT_TABLE,
        title="Permits",
        export_name="permits",
        empty="No permit matches. Clear the filters to see every permit.",
    )


@staff_required
def applicant_list(request):
    return list_page(
        request,
        filterset_class=ApplicantFilter,
        queryset=Applicant.objects.order_by("name", "id"),
        table=APPLICANT_TABLE,
        title="Applicants",
        export_name="applicants",
        empty="No applicant matches. New applicants are added when an application is started.",
    )


# The holders of the permits due for renewal, one column per address line, for a mail merge
# of the renewal notices (a word processor's merge fields read the headers).
RENEWAL_MAILING_TABLE = Table(
    (
        Column("Permit", lambda p: p.number),
        Column("Holder", lambda p: p.holder.name),
        Column("Contact person", lambda p: p.holder.contact_person),
        Column("Mailing street", lambda p: p.holder.mailing_street),
        Column("City", lambda p: p.holder.mailing_city),
        Column("State", lambda p: p.holder.mailing_state),
        Column("ZIP", lambda p: p.holder.mailing_zip),
        Column("E-mail", lambda p: p.holder.email),
        Column("Property", lambda p: p.lot.street_address),
        Column("Animals", animals_text),
        Column("Expires", lambda p: long_date(p.expires_on)),
    )
)


@role_required(Role.CLERK)
def renewal_list(request):
    """Permits expiring this December 31 with no renewal under way (§20-15(1), §20-20(5))."""
    today = timezone.localdate()
    year_end = today.replace(month=12, day=31)
    permits = (
        Permit.objects.expiring_on(year_end)
        .select_related("holder", "lot")
        .prefetch_related(PERMIT_ANIMALS)
        .order_by("lot__street_address", "number")
    )
    under_way = (
        Application.objects.filter(
            kind=Application.Kind.RENEWAL,
            renews__expires_on=year_end,
            status__in=Application.OPEN_STATUSES,
        )
        .select_related("applicant", "lot", "renews")
        .order_by("status", "id")
    )
    requested = (
        RenewalRequest.objects.pending()
        .filter(permit__expires_on=year_end)
        .select_related("permit__holder", "permit__lot")
        .order_by("submitted_at")
    )
    fmt = requested_format(request)
    if fmt:
        return RENEWAL_MAILING_TABLE.download(
            permits.iterator(chunk_size=500), f"renewal-notices-{year_end.year + 1}", fmt
        )
    page = page_of(request, permits)
    return render(
        request,
        "permits/renewal_list.html",
        {
            "page_obj": page,
            "under_way": under_way[:50],
            "requested": requested[:50],
            "year_end": year_end,
        },
    )
