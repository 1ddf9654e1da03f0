"""The register import page names each of its regions once (axe landmark-unique, issue 34.7):
the section of the columns and the scrolling table inside it had one name."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def region_names(page: str) -> list[str]:
    names = [unescape(n) for n in re.findall(r'role="region" aria-label="([^"]+)"', page)]
    for heading_id in re.findall(r'<section[^>]*aria-labelledby="([^"]+)"', page):
        found = re.search(rf'id="{heading_id}"[^>]*>(.*?)</', page, re.S)
        names.append(unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip())
    return names


def test_every_region_of_the_register_import_page_has_its_own_name(client, admin_user):
    client.force_login(admin_user)
    names = region_names(client.get(reverse("permits:register-import")).content.decode())
    assert names and len(names) == len(set(names)), names
