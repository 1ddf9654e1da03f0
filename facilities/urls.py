from django.urls import path

from facilities.views import lots, parcel_corrections
from facilities.views.moved import moved_to

app_name = "facilities"

# The application's abutter and plan pages, now under /permits/applications/N/ (permits.urls):
# each old address answers with a permanent redirect to its page's new one.
MOVED_TO_PERMITS = {
    "applications/<int:pk>/abutters/": "abutter-import",
    "applications/<int:pk>/abutters/add/": "abutter-add",
    "applications/<int:pk>/abutters/certify/": "abutter-certify",
    "abutters/<int:pk>/void/": "abutter-void",
    "applications/<int:pk>/plan/": "site-plan",
    "applications/<int:pk>/plan/figure/": "site-plan-figure",
    "applications/<int:pk>/plan/measure/": "site-plan-measure",
    "applications/<int:pk>/abutters/draft/": "abutter-draft",
    "applications/<int:pk>/abutters/draft.csv": "abutter-draft-csv",
    "applications/<int:pk>/abutters/draft.pdf": "abutter-draft-pdf",
}

urlpatterns: list = [
    path("lots/", lots.lot_list, name="lot-list"),
    path("lots/<int:pk>/", lots.lot_detail, name="lot-detail"),
    path("lots/<int:pk>/unmapped/", lots.lot_unmapped_reason, name="lot-unmapped-reason"),
    path("lots/<int:pk>/parcel-id/", lots.lot_parcel_id, name="lot-parcel-id"),
    path("lots/<int:pk>/merge/", lots.lot_merge, name="lot-merge"),
    path(
        "lots/<int:pk>/parcel-id/correct/",
        parcel_corrections.lot_parcel_id_correct,
        name="lot-parcel-id-correct",
    ),
    *(
        path(old, moved_to(f"permits:{name}"), name=f"moved-{name}")
        for old, name in MOVED_TO_PERMITS.items()
    ),
]
