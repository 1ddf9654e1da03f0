"""``{% standing "key" fact=value %}``: a standing paragraph in the administrator's wording."""

from django import template

from stoneham_boh.town.standing import paragraph

register = template.Library()


@register.simple_tag
def standing(key: str, plain: bool = False, **facts):
    return paragraph(key, facts, plain=plain)
