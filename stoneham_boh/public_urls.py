"""Public pages and the applicant's own pages (included at the root, no namespace)."""

from django.urls import path

from stoneham_boh import portal_views, public_views

urlpatterns: list = [
    path("pre-check/", public_views.pre_check, name="pre-check"),
    path("verify-a-permit/", public_views.verify_lookup, name="verify-lookup"),
    path("invitation/<str:token>/", portal_views.accept_invitation, name="accept-invitation"),
    path("my/", portal_views.my_applications, name="my-applications"),
    path("my/applications/<int:pk>/", portal_views.my_application, name="my-application"),
    path("my/permits/<int:pk>/pdf/", portal_views.my_permit_pdf, name="my-permit-pdf"),
    path("my/permits/<int:pk>/renewal/", portal_views.my_renewal, name="my-renewal"),
    path("applicants/<int:pk>/invite/", portal_views.invite_applicant, name="invite-applicant"),
]
