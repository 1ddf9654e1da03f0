"""The application's plan and abutter pages moved to permits (issue 27): their old addresses
under /facilities/ stay, each a permanent redirect to the new one, for bookmarks and links
printed on paper."""

from __future__ import annotations

from django.shortcuts import redirect


def moved_to(name: str):
    """A view answering 308 with the address of the page `name` (same arguments, same query
    string). 308 rather than 301: a form posted to an old address is posted again, with its
    body, to the new one, instead of turning into a GET the page refuses."""

    def view(request, **kwargs):
        response = redirect(name, permanent=True, preserve_request=True, **kwargs)
        if request.META.get("QUERY_STRING"):
            response["Location"] += f"?{request.META['QUERY_STRING']}"
        return response

    return view
