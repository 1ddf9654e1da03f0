"""{% site_plan application %}: the plan drawn to scale, as inline SVG (pages and PDFs)."""

from django import template

from facilities.siteplan.drawing import plan_svg

register = template.Library()


@register.simple_tag
def site_plan(application, width="100%"):
    return plan_svg(application, width=width)
