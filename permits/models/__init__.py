"""Applicants, applications, permits, fees and payments (§20-20): a module per noun.

Each noun's module is its models' home (`permits.models.permits` holds `Permit`); this package
imports every model, queryset and public name, so that Django finds the models here and
`from permits.models import Permit` keeps working everywhere.
"""

from __future__ import annotations

from permits.models.applicants import Applicant, ApplicantQuerySet
from permits.models.applications import (
    LOT_PROPOSAL_FIELDS,
    Application,
    ApplicationQuerySet,
    ReceiptUndone,
)
from permits.models.audit_runs import AuditRun
from permits.models.documents import DOCUMENT_FIELDS, Document
from permits.models.letters import ClerkLetter
from permits.models.payments import NON_NEGATIVE_MONEY, FeeSchedule, Payment
from permits.models.permits import (
    Permit,
    PermitAnimal,
    PermitNumberCounter,
    PermitQuerySet,
    permit_expiry,
)
from permits.models.renewal_batches import RenewalBatch, RenewalBatchEntry

# isort: split
# The records of permits' sub-packages (the amendments, applying online, the applicant's portal)
# live in their own modules; importing them here registers them with the app.
from permits.amendments.models import Amendment
from permits.online.models import InformationRequest
from permits.portal.models import Invitation, Notification, RenewalRequest

__all__ = [
    "DOCUMENT_FIELDS",
    "LOT_PROPOSAL_FIELDS",
    "NON_NEGATIVE_MONEY",
    "Amendment",
    "Applicant",
    "ApplicantQuerySet",
    "Application",
    "ApplicationQuerySet",
    "AuditRun",
    "ClerkLetter",
    "Document",
    "FeeSchedule",
    "InformationRequest",
    "Invitation",
    "Notification",
    "Payment",
    "Permit",
    "PermitAnimal",
    "PermitNumberCounter",
    "PermitQuerySet",
    "ReceiptUndone",
    "RenewalBatch",
    "RenewalBatchEntry",
    "RenewalRequest",
    "permit_expiry",
]
