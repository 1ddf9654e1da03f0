"""Forms of the clerk's desk. They check single fields; the actions check the workflow.

A module per noun, as the actions and the views: intake (the applicant, the lot, what was
applied for, the structures and animals, the day received), documents, payments, issue, the
paper register, the clerk's letters and corrections. This package re-exports every name, so
that `from permits.forms import PaymentForm` keeps working.
"""

from __future__ import annotations

from permits.forms.corrections import unreceive_form
from permits.forms.documents import BuildingInspectorForm, DocumentForm
from permits.forms.intake import (
    AREA_HELP,
    DISTANCE_CITATIONS,
    DISTANCE_NAMES,
    MAX_ROWS,
    STRUCTURE_FIELDS,
    AnimalForm,
    AnimalFormSet,
    AnimalFormSetBase,
    ApplicantForm,
    ApplicationForm,
    ChooseOrCreateForm,
    LotFactsForm,
    LotForm,
    ReceiveForm,
    StructureForm,
    StructureFormSet,
    StructureFormSetBase,
    UniqueFormSet,
    clean_animal_name,
)
from permits.forms.issue import IssueForm
from permits.forms.letters import ClerkLetterForm
from permits.forms.payments import (
    CONFIRM_AMOUNT,
    CONFIRM_DAY,
    PaymentCorrectionForm,
    PaymentForm,
)
from permits.forms.register import RegisterPermitForm

__all__ = [
    "AREA_HELP",
    "CONFIRM_AMOUNT",
    "CONFIRM_DAY",
    "DISTANCE_CITATIONS",
    "DISTANCE_NAMES",
    "MAX_ROWS",
    "STRUCTURE_FIELDS",
    "AnimalForm",
    "AnimalFormSet",
    "AnimalFormSetBase",
    "ApplicantForm",
    "ApplicationForm",
    "BuildingInspectorForm",
    "ChooseOrCreateForm",
    "ClerkLetterForm",
    "DocumentForm",
    "IssueForm",
    "LotFactsForm",
    "LotForm",
    "PaymentCorrectionForm",
    "PaymentForm",
    "ReceiveForm",
    "RegisterPermitForm",
    "StructureForm",
    "StructureFormSet",
    "StructureFormSetBase",
    "UniqueFormSet",
    "clean_animal_name",
    "unreceive_form",
]
