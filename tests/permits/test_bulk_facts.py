"""The renewal re-check loads thousands of applications with bulk_prefetches(): the rules must
find exactly what they find for each application loaded alone, or as a page loads it."""

import pytest
from django.core.management import call_command

from permits.facts_from_records import bulk_prefetches, evaluate_application, prefetches
from permits.models import Application


@pytest.mark.django_db
def test_bulk_loading_finds_what_each_application_alone_finds():
    call_command("load_demo")
    # The demo has renewals, legacy permits, hearings with notices, variances, the Board's
    # approvals and several permits on one lot.
    assert Application.objects.filter(renews__isnull=False).exists()
    assert Application.objects.filter(variances__isnull=False).exists()
    assert Application.objects.filter(docket_items__abutter_notices__isnull=False).exists()

    def results(queryset):
        return {a.pk: evaluate_application(a) for a in queryset.order_by("pk")}

    base = Application.objects.select_related("lot", "abutter_list")
    alone = {
        pk: evaluate_application(Application.objects.get(pk=pk))
        for pk in Application.objects.values_list("pk", flat=True)
    }
    assert results(base.prefetch_related(*bulk_prefetches())) == alone
    assert results(base.prefetch_related(*prefetches())) == alone
