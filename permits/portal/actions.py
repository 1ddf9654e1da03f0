"""Changes of state of applicant accounts and online renewal requests.

Like every actions module: atomic, keyword-only, names who acted (`by`), re-checks what it
depends on and raises `ActionRefused` with every reason when it cannot proceed.
"""

from __future__ import annotations

import smtplib

from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from permits.models import Applicant, Application, Permit
from permits.portal import invitations, notifications
from permits.portal.eligibility import renewal_request_refusals
from permits.portal.models import AccountLink, DetailsChange, Invitation, RenewalRequest
from stoneham_boh.accounts.roles import Role, is_staff_member
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


def _account_refusals(applicant: Applicant) -> list[str]:
    reasons = []
    if not applicant.email.strip():
        reasons.append("Add the applicant's e-mail address first: the link is sent there.")
    user = applicant.user
    if user is not None:
        # A staff account must never be reachable through a link a clerk can send to any
        # address; a working applicant account already has a password of its own.
        if is_staff_member(user) or user.is_staff:
            reasons.append("The applicant is linked to a staff account, which cannot be invited.")
        elif user.has_usable_password():
            reasons.append(
                f"{applicant} already has an account (user name {user.username}) and has set "
                "a password."
            )
    return reasons


def _new_applicant_user(applicant: Applicant, by):
    first, _, last = (applicant.contact_person or applicant.name).partition(" ")
    user = get_user_model()(
        username=invitations.username_for(applicant.email),
        email=applicant.email.strip(),
        first_name=first[:150],
        last_name=last[:150],
    )
    # No password until the applicant sets one through the link.
    user.set_unusable_password()
    save_as(user, by)
    user.groups.add(Group.objects.get(name=Role.APPLICANT.value))
    applicant.user = user
    save_as(applicant, by)
    return user


@transaction.atomic
def invite_applicant(*, applicant: Applicant, by) -> Invitation:
    """Open (or re-offer) the applicant's account and e-mail a one-time link to set a password.

    Sending again replaces the earlier link. The e-mail is sent before the transaction commits,
    so a failed send leaves nothing behind and the clerk is told.
    """
    applicant = (
        Applicant.objects.select_for_update(of=("self",))
        .select_related("user")
        .get(pk=applicant.pk)
    )
    reasons = _account_refusals(applicant)
    if reasons:
        raise ActionRefused(f"{applicant} cannot be invited.", reasons)
    user = applicant.user or _new_applicant_user(applicant, by)
    now = timezone.now()
    for earlier in Invitation.objects.filter(applicant=applicant).usable(now):
        earlier.superseded_at = now
        save_as(earlier, by)
    token, token_digest = invitations.new_token()
    invitation = save_as(
        Invitation(
            applicant=applicant,
            user=user,
            email=applicant.email.strip(),
            token_digest=token_digest,
            created_at=now,
            expires_at=now + invitations.VALID_FOR,
            created_by=by,
        ),
        by,
    )
    try:
        notifications.send_invitation(invitation, token=token)
    except (OSError, smtplib.SMTPException) as error:
        raise ActionRefused(
            "The invitation e-mail could not be sent; nothing was changed. Try again later."
        ) from error
    return invitation


@transaction.atomic
def accept_invitation(*, invitation: Invitation, password: str):
    """Set the invited applicant's password; the link then stops working. Returns the user."""
    invitation = (
        Invitation.objects.select_for_update(of=("self",))
        .select_related("user")
        .get(pk=invitation.pk)
    )
    now = timezone.now()
    problem = invitations.why_unusable(invitation, now)
    if problem:
        raise ActionRefused(problem)
    user = invitation.user
    try:
        password_validation.validate_password(password, user)
    except ValidationError as error:
        raise ActionRefused("Choose a different password.", list(error.messages)) from error
    user.set_password(password)
    user.is_active = True
    save_as(user, user)
    invitation.accepted_at = now
    save_as(invitation, user)
    return user


@transaction.atomic
def request_renewal(*, permit: Permit, by, unchanged: bool, changes: str = "") -> RenewalRequest:
    """The holder asks for next year's renewal, saying that nothing changed or what did."""
    permit = Permit.objects.select_for_update().select_related("holder").get(pk=permit.pk)
    changes = changes.strip()
    reasons = renewal_request_refusals(permit, by, timezone.localdate())
    if not unchanged and not changes:
        reasons.append("Say what has changed since the permit was issued.")
    if reasons:
        raise ActionRefused("The renewal request was not sent.", reasons)
    request = RenewalRequest(
        permit=permit,
        submitted_by=by,
        unchanged=unchanged,
        changes="" if unchanged else changes,
    )
    return save_as(request, by)


@transaction.atomic
def take_up_renewal_request(
    *, renewal_request: RenewalRequest, application: Application, by
) -> RenewalRequest:
    """The clerk opened `application` (a renewal of the same permit) from the holder's request."""
    renewal_request = RenewalRequest.objects.select_for_update().get(pk=renewal_request.pk)
    reasons = []
    if renewal_request.status != RenewalRequest.Status.SUBMITTED:
        reasons.append("This renewal request was already taken up.")
    if application.kind != Application.Kind.RENEWAL or application.renews_id != (
        renewal_request.permit_id
    ):
        reasons.append("The application is not a renewal of the requested permit.")
    if reasons:
        raise ActionRefused("The renewal request cannot be taken up.", reasons)
    renewal_request.status = RenewalRequest.Status.TAKEN_UP
    renewal_request.application = application
    renewal_request.taken_up_at = timezone.now()
    renewal_request.taken_up_by = by
    return save_as(renewal_request, by)


@transaction.atomic
def open_applicant_account(*, user, by) -> Applicant | None:
    """A signed-up user confirmed their e-mail: give them the Applicant role and a record.

    An address proves a mailbox, not a person: when the clerk already has an applicant (with
    no log-in) under the same address (allauth's canonical form, exactly), the account is not
    linked to it; the clerk is asked (`AccountLink`, on the clerk's home) and the account waits
    without a record (None) until the clerk confirms or declines.
    """
    user = get_user_model().objects.select_for_update().get(pk=user.pk)
    if is_staff_member(user) or user.is_staff:
        raise ActionRefused("A staff account cannot become an applicant's account.")
    user.groups.add(Group.objects.get(name=Role.APPLICANT.value))
    existing = Applicant.objects.filter(user=user).first()
    if existing is not None:
        return existing
    email = user.email.strip()
    known = list(
        Applicant.objects.select_for_update().with_email(email).filter(user__isnull=True)
        if email
        else []
    )
    if known:
        for applicant in known:
            if not AccountLink.objects.pending().filter(user=user, applicant=applicant).exists():
                save_as(
                    AccountLink(
                        user=user,
                        applicant=applicant,
                        name_given=user.get_full_name(),
                        email=email,
                    ),
                    by,
                )
        return None
    return _own_record(user, by)


def _own_record(user, by) -> Applicant:
    email = user.email.strip()
    return save_as(
        Applicant(name=user.get_full_name() or email, email=email, user=user),
        by,
    )


def _locked_link(link: AccountLink) -> AccountLink:
    return (
        AccountLink.objects.select_for_update().select_related("user", "applicant").get(pk=link.pk)
    )


@transaction.atomic
def confirm_account_link(*, link: AccountLink, by) -> Applicant:
    """The clerk confirms that the signed-up account is the applicant's on file: link them."""
    link = _locked_link(link)
    applicant = Applicant.objects.select_for_update().get(pk=link.applicant_id)
    reasons = []
    if link.status != AccountLink.Status.PENDING:
        reasons.append(f"This request was already decided ({link.get_status_display()}).")
    if applicant.user_id is not None:
        reasons.append(f"{applicant} already has an account.")
    if Applicant.objects.filter(user=link.user).exists():
        reasons.append(f"The account {link.email} already has an applicant record.")
    if reasons:
        raise ActionRefused("The account was not linked.", reasons)
    applicant.user = link.user
    save_as(applicant, by)
    now = timezone.now()
    for other in AccountLink.objects.pending().filter(Q(user=link.user) | Q(applicant=applicant)):
        other.status = (
            AccountLink.Status.LINKED if other.pk == link.pk else AccountLink.Status.DECLINED
        )
        other.decided_at, other.decided_by = now, by
        save_as(other, by)
    return applicant


@transaction.atomic
def decline_account_link(*, link: AccountLink, by) -> AccountLink:
    """The clerk says the account is not the applicant's on file: it gets a record of its own
    (once no other request of the same account waits)."""
    link = _locked_link(link)
    if link.status != AccountLink.Status.PENDING:
        raise ActionRefused(
            "The request was not declined.",
            [f"This request was already decided ({link.get_status_display()})."],
        )
    link.status = AccountLink.Status.DECLINED
    link.decided_at, link.decided_by = timezone.now(), by
    save_as(link, by)
    waiting = AccountLink.objects.pending().filter(user=link.user).exists()
    if not waiting and not Applicant.objects.filter(user=link.user).exists():
        _own_record(link.user, by)
    return link


# --- a resident's own details ------------------------------------------------------------

# What a resident may ask to change on their applicant record (the e-mail is the account's).
OWN_DETAILS = ("name", "mailing_street", "mailing_city", "mailing_state", "mailing_zip", "phone")


def details_differ(applicant: Applicant, details: dict) -> bool:
    """Whether what the resident typed differs from the record (a read; changes nothing)."""
    return any(
        ("" if value is None else str(value)) != (getattr(applicant, name, "") or "")
        for name, value in details.items()
    )


@transaction.atomic
def propose_details_change(*, applicant: Applicant, details: dict, by) -> DetailsChange | None:
    """The resident typed their details: blanks on the record are filled at once; a change of
    what the record says waits for the clerk (a DetailsChange replacing any earlier one).
    None when nothing waits."""
    applicant = Applicant.objects.select_for_update().get(pk=applicant.pk)
    if applicant.user_id != by.pk:
        raise ActionRefused("Only the applicant may ask to change their own details.")
    unknown = set(details) - set(OWN_DETAILS)
    if unknown:
        raise ActionRefused(f"These details cannot be changed here: {', '.join(sorted(unknown))}.")
    filled, asked = False, {}
    for name, value in details.items():
        value = "" if value is None else str(value)
        recorded = getattr(applicant, name) or ""
        if value == recorded:
            continue
        if not recorded.strip():
            setattr(applicant, name, value)
            filled = True
        else:
            asked[name] = [recorded, value]
    if filled:
        save_as(applicant, by)
    waiting = DetailsChange.objects.select_for_update().pending().filter(applicant=applicant)
    earlier = waiting.first()
    if earlier is not None and earlier.changes == asked:
        return earlier
    if earlier is not None:
        earlier.status = DetailsChange.Status.REPLACED
        earlier.decided_at = timezone.now()
        save_as(earlier, by)
    if not asked:
        return None
    return save_as(DetailsChange(applicant=applicant, requested_by=by, changes=asked), by)


def _locked_change(change: DetailsChange) -> DetailsChange:
    change = DetailsChange.objects.select_for_update().get(pk=change.pk)
    if change.status != DetailsChange.Status.PENDING:
        raise ActionRefused(
            "The change of details was already decided.", [change.get_status_display()]
        )
    return change


@transaction.atomic
def accept_details_change(*, change: DetailsChange, by) -> Applicant:
    """The clerk accepts the resident's change: the record takes it (its history says who).
    Permits already issued keep the name and address they were issued to."""
    change = _locked_change(change)
    applicant = Applicant.objects.select_for_update().get(pk=change.applicant_id)
    for name, (_, asked) in change.changes.items():
        setattr(applicant, name, asked)
    try:
        applicant.full_clean(exclude=["user"])
    except ValidationError as error:
        raise ActionRefused(
            "The change cannot be made.", [m for ms in error.message_dict.values() for m in ms]
        ) from error
    save_as(applicant, by)
    change.status = DetailsChange.Status.ACCEPTED
    change.decided_at, change.decided_by = timezone.now(), by
    save_as(change, by)
    return applicant


@transaction.atomic
def decline_details_change(*, change: DetailsChange, by) -> DetailsChange:
    change = _locked_change(change)
    change.status = DetailsChange.Status.DECLINED
    change.decided_at, change.decided_by = timezone.now(), by
    return save_as(change, by)
