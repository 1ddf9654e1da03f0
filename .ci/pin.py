"""Write requirements.lock and requirements-dev.lock from pyproject.toml (`make lock`).

The runtime lock pins what `[project] dependencies` need, with everything they need in turn;
the development lock pins what the `dev` extra adds on top, and reads the runtime lock first.
Versions are those installed in the virtual environment this runs in (make lock installs the
project there first), so a production install carries no test tool and both locks agree.
"""

from __future__ import annotations

import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
HEADER = "# Written by `make lock` from pyproject.toml; do not edit by hand.\n"


def closure(requirements: list[str]) -> dict[str, metadata.Distribution]:
    """Every installed distribution the requirements need, by canonical name."""
    found: dict[str, metadata.Distribution] = {}
    pending = [(Requirement(text), "") for text in requirements]
    while pending:
        requirement, extra = pending.pop()
        if requirement.marker and not requirement.marker.evaluate({"extra": extra}):
            continue
        name = canonicalize_name(requirement.name)
        try:
            distribution = found.get(name) or metadata.distribution(requirement.name)
        except metadata.PackageNotFoundError:
            sys.exit(f"{requirement.name} is not installed: run `make lock`, which installs it.")
        if not requirement.specifier.contains(distribution.version, prereleases=True):
            sys.exit(f"{distribution.name} {distribution.version} does not meet {requirement}.")
        seen = name in found
        found[name] = distribution
        # A package asked for again with extras brings the extras' requirements too.
        for wanted in ([""] if not seen else []) + sorted(requirement.extras):
            pending += [(Requirement(text), wanted) for text in distribution.requires or []]
    return found


def pins(distributions: dict[str, metadata.Distribution]) -> str:
    return "".join(f"{d.name}=={d.version}\n" for _, d in sorted(distributions.items()))


def main() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = closure(project["dependencies"])
    everything = closure(project["dependencies"] + project["optional-dependencies"]["dev"])
    development = {name: d for name, d in everything.items() if name not in runtime}
    (ROOT / "requirements.lock").write_text(HEADER + pins(runtime))
    (ROOT / "requirements-dev.lock").write_text(
        HEADER + "# Tests, browser journeys and lint, on top of the runtime lock.\n"
        "-r requirements.lock\n" + pins(development)
    )
    print(f"Pinned {len(runtime)} runtime and {len(development)} development packages.")


if __name__ == "__main__":
    main()
