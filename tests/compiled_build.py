"""The compiled build of the sources under test (``setup.py``, ``UPRIVER_COMPILE=1``), built
with the dev environment's mypyc (no download) once per version of the sources and kept
unpacked under ``build/compiled/``, for the tests that run workloads on it in a subprocess
(``PYTHONPATH`` set to the build).

The xdist workers share it: the first to need it builds it under a file lock while the others
wait, and a later run reuses it as long as the sources' digest holds. ``tests/conftest.py``
starts the build in the background when a session begins (``start_in_background``), so it is
usually ready before a test asks.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import zipfile
from pathlib import Path

from filelock import FileLock

ROOT = Path(__file__).resolve().parent.parent
BUILDS = ROOT / "build" / "compiled"


def sources_digest() -> str:
    digest = hashlib.sha256((ROOT / "setup.py").read_bytes())
    for path in sorted((ROOT / "src").rglob("*.py")):
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _lock() -> FileLock:
    BUILDS.mkdir(parents=True, exist_ok=True)
    return FileLock(BUILDS.parent / "compiled.lock")


def compiled_site() -> Path:
    """The compiled build of these sources, unpacked; built on first use."""
    site = BUILDS / sources_digest()
    with _lock():
        if (site / "upriver").is_dir():
            return site
        for old in BUILDS.glob("*"):  # builds of sources that have changed since
            if old.is_dir():
                shutil.rmtree(old)
            else:
                old.unlink()
        wheels = site.with_suffix(".wheels")
        # A session of its own: no terminal for the build's notice to interrupt the test report
        # on, and one process group to stop if the run is cut short.
        pip = subprocess.Popen(
            [sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-q",
             "-w", str(wheels), str(ROOT)],
            env={**os.environ, "UPRIVER_COMPILE": "1"}, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            _, errors = pip.communicate(timeout=1200)
        finally:
            if pip.poll() is None:
                os.killpg(pip.pid, signal.SIGKILL)
                pip.wait()
        assert pip.returncode == 0, errors[-3000:]
        (wheel,) = wheels.glob("upriver-*.whl")
        unpacking = site.with_suffix(".unpacking")
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(unpacking)
        unpacking.rename(site)  # whole or absent, whatever stops the build
        shutil.rmtree(wheels)
        return site


if __name__ == "__main__":  # python -m tests.compiled_build: build it now, print where
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stops the compiler too
    print(compiled_site())
