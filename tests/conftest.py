"""The suite's tiers (``tests/tiers.py``) and what each xdist worker keeps to itself.

``pytest`` runs the default tier, ``pytest --deep`` the deep tier; both run on every core
(pytest-xdist, ``-n auto`` in pyproject.toml). Each worker has its own temporary folders (pytest's
``tmp_path``), its own loopback ports (``free_port``) and its own PostgreSQL database
(``tests/server/conftest.py``); the compiled build is made once per version of the sources
and shared (``tests/compiled_build.py``).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests import tiers
from tests.compiled_build import BUILDS, ROOT, sources_digest

_background: list[subprocess.Popen[bytes]] = []


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--deep", action="store_true",
                     help="run the deep tier: the exhaustive checks the default tier leaves "
                          "out (tests/tiers.py)")


def pytest_configure(config: pytest.Config) -> None:
    tiers.DEEP = bool(config.getoption("--deep"))
    config.addinivalue_line("markers", "deep: runs in the deep tier only (pytest --deep)")
    config.addinivalue_line(
        "markers", "tiered: runs in both tiers, each doing its share (tests/tiers.py)")
    config.addinivalue_line(
        "markers", "long: may take minutes, so it starts first and the run ends sooner")


def pytest_sessionstart(session: pytest.Session) -> None:
    """A run of the whole suite starts the compiled build at once, beside the first tests, so
    that the tests that need it (tests/compiled_build.py) seldom wait for it. Only the process
    that leads the xdist workers starts it; a run of chosen files builds it when a test asks."""
    config = session.config
    whole_suite = config.args_source == pytest.Config.ArgsSource.TESTPATHS
    if (hasattr(config, "workerinput") or not whole_suite or config.option.collectonly
            or importlib.util.find_spec("mypyc") is None
            or (BUILDS / sources_digest() / "upriver").is_dir()):
        return
    BUILDS.mkdir(parents=True, exist_ok=True)
    with (BUILDS.parent / "compiled.log").open("wb") as log:
        _background.append(subprocess.Popen(
            [sys.executable, "-m", "tests.compiled_build"], cwd=ROOT, stdout=log,
            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL))


def pytest_sessionfinish(session: pytest.Session) -> None:
    for build in _background:  # a run cut short leaves no build running behind it
        if build.poll() is None:
            build.terminate()
            build.wait(30)


def _tier_of(item: pytest.Item) -> str:
    if item.get_closest_marker("deep"):
        return "deep"
    if item.get_closest_marker("tiered"):
        return "both"
    return "default"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        function = getattr(item, "obj", None)
        if getattr(function, "is_hypothesis_test", False) and _tier_of(item) == "default":
            raise pytest.UsageError(
                f"{item.nodeid}: a property test runs in both tiers (count() in "
                "tests/tiers.py): mark it @pytest.mark.tiered")
    wanted = ("deep", "both") if tiers.DEEP else ("default", "both")
    kept = [item for item in items if _tier_of(item) in wanted]
    left = [item for item in items if _tier_of(item) not in wanted]
    if left:
        config.hook.pytest_deselected(items=left)
    # The longest first: the workers (xdist's load scheduling) take tests in this order, so no
    # test of minutes starts last with the other core idle.
    items[:] = sorted(kept, key=lambda item: item.get_closest_marker("long") is None)


@pytest.fixture(autouse=True)
def _tiered_share(request: pytest.FixtureRequest) -> Iterator[None]:
    """Lets ``tiers.share`` know whether the running test is marked ``tiered``."""
    tiers._marked[0] = request.node.get_closest_marker("tiered") is not None
    yield
    tiers._marked[0] = False
