"""The compiled build: the modules that bots and random play spend their time in, compiled with
mypyc. It is the default wherever this machine can build it; elsewhere the package is pure
Python, the same source, which plays the same games to the bit (tests/test_compiled.py).

mypyc writes one C file per module (``multi_file``), all linked into one library as before, and
the C files are compiled on every core at once, largest first: on two cores about a minute
rather than three for one file of 32 MB, with the same speed of play (docs/bots.md, "The
compiled build").

``UPRIVER_COMPILE`` chooses:

- unset or ``auto``: compile a regular install when a C compiler and Python's headers are
  present, and install pure Python otherwise or if the build fails (``upriver serve`` says so
  in one line, since pip hides a build's messages). An editable install (``pip install -e``)
  stays pure Python: compiled modules would hide every later edit of the sources.
- ``1``: compile, and fail if it cannot;
- ``0``: pure Python.

Everything else is configured in pyproject.toml.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

GAMES = "src/upriver/games"
COMPILED = [
    *(f"{GAMES}/twelve_rivers/{m}.py" for m in (
        "state", "components", "exploration", "collection", "delivery", "supply", "taking_cards",
        "preparation", "evaluation", "scoring", "view", "stages", "encoding")),
    *(f"{GAMES}/the_river/{m}.py" for m in (
        "state", "components", "cleanup", "evaluation", "scoring", "setup", "stages",
        "storage", "terrain", "turns", "view", "encoding")),
    *(f"{GAMES}/wayfarers/{m}.py" for m in (
        "state", "components", "caravan", "cards", "effects", "evaluation", "journal",
        "opponent", "priorities", "resolve", "scoring", "setup", "stack", "turns", "view",
        "encoding")),
    "src/upriver/core/game.py",
    "src/upriver/core/rng.py",
    "src/upriver/core/plain_state.py",
    "src/upriver/core/margins.py",
    "src/upriver/agents/greedy.py",
    "src/upriver/agents/mcts.py",
]
MODES = ("auto", "1", "0")


def notice(reason: str) -> None:
    print(f"upriver: installing pure Python ({reason}); bots will think about 2-3 times slower",
          file=sys.stderr)


def tell_the_person(line: str) -> None:
    """One line on the terminal of the person installing: pip hides what a build prints (``-q``
    or not), and a minute of silence looks like a hang. Nothing when there is no terminal."""
    try:
        with open("/dev/tty", "w") as tty:
            tty.write(line + "\n")
    except OSError:
        pass


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def cannot_compile() -> str:
    """Why this machine cannot build the compiled modules, or "" if it can."""
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler: {compiler} is not installed"
    if not (Path(sysconfig.get_path("include")) / "Python.h").exists():
        return "no Python headers (Python.h): install your Python's development package"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed in the build environment"
    return ""


class ParallelBuildExt(build_ext):
    """Compiles the C files of each extension on every core at once (distutils compiles them one
    after another), the largest first so that no long file starts last."""

    def build_extensions(self) -> None:
        one_by_one = self.compiler.compile
        jobs = cores()
        if self.extensions:
            tell_the_person(f"upriver: compiling the game engine for faster bots on {jobs} "
                            f"core{'s' if jobs > 1 else ''}; this takes a minute or two...")

        def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            largest_first = sorted(sources, key=lambda s: -Path(s).stat().st_size)
            with ThreadPoolExecutor(jobs) as pool:
                built = pool.map(lambda source: one_by_one([source], *args, **kwargs),
                                 largest_first)
                objects = dict(zip(largest_first, built, strict=True))
            return [obj for source in sources for obj in objects[source]]

        self.compiler.compile = compile_all
        super().build_extensions()


class OptionalBuildExt(ParallelBuildExt):
    """In ``auto`` mode a failed build leaves no compiled module behind: the install goes on
    as pure Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # a compiler error of any kind
            for built in self.get_outputs():
                Path(built).unlink(missing_ok=True)
            self.extensions = []
            notice(f"the build failed: {type(exc).__name__}")


def drop_old_binaries() -> None:
    """A wheel packs all of build/lib: binaries an earlier build left there (a module compiled
    then, or any module in a build that is now pure Python) would ship beside today's sources."""
    for built in Path("build").glob("lib*/**/*.so"):
        built.unlink()


def ext_modules(mode: str) -> tuple[list[Any], dict[str, type]]:
    editable = any(cmd in sys.argv for cmd in ("editable_wheel", "develop"))
    metadata_only = len(sys.argv) > 1 and sys.argv[1] in ("egg_info", "dist_info")
    if metadata_only:
        return [], {}
    drop_old_binaries()
    if mode == "0" or (mode == "auto" and editable):
        return [], {}
    reason = cannot_compile()
    if reason:
        if mode == "1":
            raise SystemExit(f"UPRIVER_COMPILE=1 cannot build here: {reason}")
        notice(reason)
        return [], {}
    from mypyc.build import mypycify

    if mode == "1":
        return list(mypycify(COMPILED, opt_level="3", multi_file=True)), {
            "build_ext": ParallelBuildExt}
    try:
        modules = list(mypycify(COMPILED, opt_level="3", multi_file=True))
    except (Exception, SystemExit) as exc:  # mypyc refused the sources: build pure Python
        notice(f"mypyc failed: {type(exc).__name__}")
        return [], {}
    return modules, {"build_ext": OptionalBuildExt}


mode = os.environ.get("UPRIVER_COMPILE", "auto") or "auto"
if mode not in MODES:
    raise SystemExit(f"UPRIVER_COMPILE must be auto, 1 or 0, not {mode!r}")
extensions, commands = ext_modules(mode)
setup(ext_modules=extensions, cmdclass=commands)
