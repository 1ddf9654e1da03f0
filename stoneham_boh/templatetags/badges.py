"""The status badge as a template tag (see stoneham_boh.lib.badges).

{% load badges %}{% status_badge finding.status finding.status_label %}
"""

from django import template

from stoneham_boh.lib.badges import status_badge

register = template.Library()
register.simple_tag(status_badge)
