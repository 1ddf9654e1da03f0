"""The project's own apps, read from settings.INSTALLED_APPS through Django's registry: the guards
that walk every app take them from here, so an app added to the settings is guarded with no list
of apps to keep by hand (issue 35).

An app is the project's own when its package lives in this repository at the path its dotted
name says (`stoneham_boh.town` in stoneham_boh/town/); the installed packages (Django's, allauth,
...) live elsewhere, in the virtual environment, even where that sits inside the repository.
"""

from __future__ import annotations

from pathlib import Path

from django.apps import apps
from django.conf import settings

ROOT = Path(__file__).resolve().parents[1]

#: The project package, whose URLs are the site's (stoneham_boh): an installed app too, whose
#: tier-1 parts (lib/, accounts/, town/) the apps read. (Read from ROOT_URLCONF, which a test's
#: override_settings keeps, where it drops SETTINGS_MODULE.)
PROJECT = settings.ROOT_URLCONF.partition(".")[0]

#: Every installed app of ours, in the settings' order: the project package and its town app
#: among them.
OUR_APP_CONFIGS = tuple(
    config
    for config in apps.get_app_configs()
    if Path(config.path).resolve() == ROOT.joinpath(*config.name.split("."))
)

#: Their dotted names (`stoneham_boh`, `stoneham_boh.town`, `facilities`, ...).
OUR_APPS = tuple(config.name for config in OUR_APP_CONFIGS)

#: Their labels, as models name them (`stoneham_boh`, `town`, `facilities`, ...).
OUR_LABELS = tuple(config.label for config in OUR_APP_CONFIGS)

#: The apps proper, outside the project package: each a top-level folder of the repository
#: (permits, facilities, hearings, inspections, records).
APPS = tuple(name for name in OUR_APPS if name.partition(".")[0] != PROJECT)
