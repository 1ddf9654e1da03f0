"""The renewal re-check loads thousands of applications with bulk_prefetches(): the rules must
find exactly what they find for each application loaded alone, or as a page loads it.

A few records hold every relation the bulk loading prefetches (the demo's own test loads the
whole demo): a renewal of a paper-register permit on the same lot, a hearing with its abutter
notices and a variance granted, the Board's approvals, an application still open."""

import pytest

from permits.facts_from_records import evaluate_application
from permits.facts_loading import bulk_prefetches, prefetches
from permits.models import Application
from tests import factories
from tests.hearings import builders as hearing
from tests.permits.helpers import renew


@pytest.mark.django_db
def test_bulk_loading_finds_what_each_application_alone_finds(clerk, board_member):
    legacy = factories.legacy_permit(by=clerk)
    renew(legacy, by=clerk)
    heard = hearing.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    hearing.decide(
        heard, by=board_member, variance_rules=["20-15.4.a"], variance_conditions="A fence."
    )
    factories.hen_renewal(by=clerk)
    factories.new_hen_application(by=clerk)
    assert Application.objects.filter(renews__isnull=False).exists()
    assert Application.objects.filter(variances__isnull=False).exists()
    assert Application.objects.filter(docket_items__abutter_notices__isnull=False).exists()
    assert Application.objects.filter(lot=legacy.lot).count() == 2

    def results(queryset):
        return {a.pk: evaluate_application(a) for a in queryset.order_by("pk")}

    base = Application.objects.select_related("lot", "abutter_list")
    alone = {
        pk: evaluate_application(Application.objects.get(pk=pk))
        for pk in Application.objects.values_list("pk", flat=True)
    }
    assert len(alone) == 5
    assert results(base.prefetch_related(*bulk_prefetches())) == alone
    assert results(base.prefetch_related(*prefetches())) == alone
