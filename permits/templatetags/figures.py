"""The regulation's figures in templates, from the ruleset in force (see permits.figures).

{% load figures %}
at least {% figure "20-20.9" "notice_days" on=meeting.date %} before the hearing
leave blank when there is none within {% absent_distance %}
"""

from django import template

from permits import figures

register = template.Library()


@register.simple_tag
def figure(rule: str, name: str, on=None) -> str:
    return figures.figure_text(rule, name, on)


@register.simple_tag
def absent_distance(on=None) -> str:
    return figures.absent_distance_text(on)
