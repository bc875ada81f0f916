#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs clang-tidy (.clang-tidy at the root) on the project's own sources in a configured build.

    tests/style/run_clang_tidy.py BUILD_DIR [--jobs N] [--no-cache]

Exits 1 on any finding. A translation unit's result is cached under
$XDG_CACHE_HOME/iolens/clang-tidy, keyed by clang-tidy's version, the .clang-tidy file, the
compile command and the content of every project file it includes (taken from Ninja's
dependency log), so CI re-checks only what changed, as ccache does for the compiler. Debian
packages no clang-tidy cache; this one is a dozen lines of hashing.
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The Qt-free core and the command line. Not ui/: parsing the Qt and QCustomPlot headers made each
# of its 86 sources cost 10-15 s of clang-tidy, 20 minutes of CI's two cores on a cold cache.
CHECKED_DIRS = ("core/", "app/")


def batch_members(batch):
    """The sources a unity batch (cmake/IolensBuildSpeed.cmake) includes."""
    return [(batch.parent / match).resolve()
            for match in re.findall(r'^#include "(.+)"$', batch.read_text(), re.M)]


def is_checked(source):
    """The project's own sources; not the tests, nor what moc and rcc generate. A unity batch is
    checked as one translation unit (its sources parse the heavy headers once, as the compiler
    does); .clang-tidy's HeaderFilterRegex reports what it finds in the included sources."""
    if not source.is_relative_to(ROOT) or "_autogen" in str(source):
        return False
    if "/unity/" in str(source):
        return all(is_checked(member) for member in batch_members(source))
    return str(source.relative_to(ROOT)).startswith(CHECKED_DIRS)


def ninja_dependencies(build_dir):
    """Object file -> the files it was compiled from, from `ninja -t deps`."""
    text = subprocess.run(["ninja", "-C", str(build_dir), "-t", "deps"], check=True,
                          capture_output=True, text=True).stdout
    deps, current = {}, None
    for line in text.splitlines():
        if line and not line.startswith(" "):
            current = line.split(":", 1)[0]
            deps[current] = []
        elif line.strip() and current is not None:
            deps[current].append(line.strip())
    return deps


def cache_key(build_dir, entry, dependencies, common):
    digest = hashlib.sha256(common)
    # Paths are taken relative to the checkout, so a fresh clone elsewhere hits the cache.
    digest.update(entry["command"].replace(str(ROOT), "").encode())
    for name in sorted(dependencies):
        path = pathlib.Path(name if os.path.isabs(name) else build_dir / name).resolve()
        if str(path).startswith("/usr/"):
            continue  # system headers change only with the packages, covered by the version
        digest.update(str(path).replace(str(ROOT), "").encode())
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"missing")
    return digest.hexdigest()


def object_file(entry):
    """The object a compile command writes, as Ninja's dependency log names it. CMake 3.25
    (Debian 12) writes no "output" field into compile_commands.json, so it is read from the
    command's -o. Without it the key would hash the unity batch alone, a list of #include lines
    that does not change when the sources it includes do."""
    if "output" in entry:
        return entry["output"]
    match = re.search(r"(?:^|\s)-o\s+(\S+)", entry["command"])
    if not match:
        sys.exit(f"run_clang_tidy: no -o in the compile command of {entry['file']}")
    return match.group(1)


def without_precompiled_header(command):
    """gcc's .gch files are no use to clang (it refuses them), and each source must include what
    it uses anyway: drop CMake's -include of cmake_pch.hxx."""
    return re.sub(r" -Winvalid-pch| -include \S*cmake_pch\.hxx", "", command)


def run_one(database_dir, source):
    result = subprocess.run(
        ["clang-tidy", "-p", str(database_dir), "--quiet",
         "--extra-arg=-Wno-unknown-warning-option", source],
        capture_output=True, text=True)
    findings = "warning:" in result.stdout or "error:" in result.stdout
    return result.returncode == 0 and not findings, result.stdout + result.stderr


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("build_dir", type=pathlib.Path)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--no-cache", action="store_true")
    args = parser.parse_args()
    build_dir = args.build_dir.resolve()

    entries = json.loads((build_dir / "compile_commands.json").read_text())
    entries = [e for e in entries if is_checked(pathlib.Path(e["file"]).resolve())]
    version = subprocess.run(["clang-tidy", "--version"], capture_output=True, text=True).stdout
    common = (version + (ROOT / ".clang-tidy").read_text()).encode()
    deps = ninja_dependencies(build_dir)
    cache_dir = pathlib.Path(os.environ.get("XDG_CACHE_HOME", pathlib.Path.home() / ".cache"))
    cache_dir = cache_dir / "iolens" / "clang-tidy"
    cache_dir.mkdir(parents=True, exist_ok=True)

    todo = []
    for entry in entries:
        key = cache_key(build_dir, entry, deps.get(object_file(entry), [entry["file"]]), common)
        if args.no_cache or not (cache_dir / key).exists():
            todo.append((entry["file"], key))
    print(f"clang-tidy: {len(entries)} sources, {len(entries) - len(todo)} unchanged (cached)")

    database_dir = pathlib.Path(tempfile.mkdtemp(prefix="iolens-tidy-"))
    for entry in entries:
        entry["command"] = without_precompiled_header(entry["command"])
    (database_dir / "compile_commands.json").write_text(json.dumps(entries))
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(run_one, database_dir, source): (source, key)
                   for source, key in todo}
        for future in concurrent.futures.as_completed(futures):
            source, key = futures[future]
            clean, output = future.result()
            if clean:
                (cache_dir / key).touch()
            else:
                failed += 1
                print(f"--- {os.path.relpath(source, ROOT)}\n{output}", flush=True)
    print(f"clang-tidy: {failed} of {len(todo)} checked sources have findings")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
