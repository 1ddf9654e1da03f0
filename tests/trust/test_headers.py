"""What every answer says about the site, and what it lets a page do (issue 38, information
points): no Server header naming gunicorn, a Permissions-Policy that switches off the browser
features no page uses, and only GET, HEAD and POST answered (OPTIONS refused, 405)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.urls import reverse

from stoneham_boh.lib.permissions_policy import DENIED

ROOT = Path(__file__).resolve().parents[2]
STATIC_JS = ROOT / "static" / "js"

pytestmark = pytest.mark.django_db


def policy_of(response) -> dict[str, str]:
    header = response["Permissions-Policy"]
    return dict(part.strip().split("=", 1) for part in header.split(","))


def test_every_kind_of_answer_switches_off_camera_microphone_and_position(client, clerk):
    answers = [
        client.get(reverse("public-home")),
        client.get("/no-such-page/"),
        client.generic("OPTIONS", reverse("login")),
    ]
    client.force_login(clerk)
    answers.append(client.get(reverse("home")))
    for response in answers:
        policy = policy_of(response)
        for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
            assert policy[feature] == "()", (response.status_code, feature)


def test_the_policy_switches_off_only_what_no_page_uses():
    """The agent's photo comes through the file field's `capture` (the phone's camera app),
    which `camera=()` does not touch; a script that asked for the camera or the position
    would be refused by the policy, so none may, until the policy allows it."""
    uses = {
        "camera": ("getUserMedia", "mediaDevices"),
        "microphone": ("getUserMedia",),
        "geolocation": ("geolocation",),
        "payment": ("PaymentRequest",),
        "screen-wake-lock": ("wakeLock",),
    }
    scripts = {path.name: path.read_text(encoding="utf-8") for path in STATIC_JS.glob("*.js")}
    for feature, calls in uses.items():
        if feature not in DENIED:
            continue
        using = [name for name, text in scripts.items() if any(call in text for call in calls)]
        assert not using, f"{using} use {feature}, which the Permissions-Policy switches off"


@pytest.mark.parametrize("method", ["OPTIONS", "PUT", "DELETE", "PATCH"])
def test_a_method_no_page_is_meant_for_is_refused(client, method):
    for path in (
        reverse("public-home"),
        reverse("login"),
        reverse("api:index"),
        reverse("logout"),
        "/static/js/formset.js",
        "/no-such-page/",
    ):
        response = client.generic(method, path)
        assert response.status_code == 405, (method, path, response.status_code)
        assert response["Allow"] == "GET, HEAD, POST"


def test_get_head_and_post_are_still_answered(client):
    assert client.get(reverse("public-home")).status_code == 200
    assert client.head(reverse("public-home")).status_code == 200
    assert client.post(reverse("logout")).status_code == 302


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_gunicorn_as_the_readme_starts_it_does_not_name_itself():
    """The README's command, from the checkout (where gunicorn reads gunicorn.conf.py); a static
    file, which whitenoise answers before anything reads the database."""
    port = _free_port()
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "stoneham_boh.wsgi",
            "--workers",
            "1",
            "--bind",
            f"127.0.0.1:{port}",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/js/formset.js") as r:
                    headers = r.headers
                    break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    server.kill()
                    pytest.fail(f"gunicorn did not answer: {server.communicate()[1][-2000:]!r}")
                time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert "gunicorn" not in headers.get("Server", "").lower()
    assert headers.get("Server") == "web"
    assert "camera=()" in headers["Permissions-Policy"]
