#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when two sources of one unity batch (cmake/IolensBuildSpeed.cmake) define a function of
the same name with internal linkage (in an anonymous namespace, or static at file scope).

    tests/style/check_unity_names.py BUILD_DIR

In a batch the sources share one translation unit. Two types or variables of the same name there
are a compile error, but two functions of the same name are overloads: a call may then pick the
other source's function without a word (a test's config(scheduler, KiB, read %, VMs) once took
another test's config(scheduler, KiB, MiB, read %) this way). The sources follow the committed
.clang-format, so a definition starts at column 0; the check reads those lines."""
import collections
import pathlib
import re
import sys

DEFINITION = re.compile(
    r"^(?:template\s*<[^>]*>\s*)?(?:\[\[\w+\]\]\s+)?(?:static\s+)?(?:inline\s+)?(?:constexpr\s+)?"
    r"(?:[\w:]+(?:<.*>)?[\s*&]+)+?(?P<name>[A-Za-z_]\w*)\s*\(")
KEYWORDS = {"if", "for", "while", "switch", "return", "namespace", "Q_OBJECT", "class", "struct"}


def internal_functions(source):
    """Names of the functions a source defines in an anonymous namespace or as static."""
    names = set()
    depth = 0
    anonymous_depths = []
    raw_end = None  # the closing delimiter of a raw string literal the line is in
    for line in source.read_text(errors="replace").splitlines():
        if raw_end is not None:
            if raw_end in line:
                raw_end = None
            continue
        opening = re.search(r'R"(\w*)\(', line)
        if opening and ")" + opening.group(1) + '"' not in line[opening.end():]:
            raw_end = ")" + opening.group(1) + '"'
        code = line.split("//", 1)[0]
        if re.match(r"^namespace\s*\{", code):
            anonymous_depths.append(depth)
        inside = bool(anonymous_depths) and depth == anonymous_depths[-1] + 1
        if (inside or code.startswith("static ")) and (line[:1].isalpha() or line.startswith("[[")):
            match = DEFINITION.match(code)
            if match and match.group("name") not in KEYWORDS and not code.rstrip().endswith(";"):
                names.add(match.group("name"))
        depth += code.count("{") - code.count("}")
        while anonymous_depths and depth <= anonymous_depths[-1]:
            anonymous_depths.pop()
    return names


def main():
    build_dir = pathlib.Path(sys.argv[1])
    clashes = 0
    for batch in sorted(build_dir.glob("**/unity/*/*.cpp")):
        members = [(batch.parent / m).resolve()
                   for m in re.findall(r'^#include "(.+)"$', batch.read_text(), re.M)]
        seen = collections.defaultdict(list)
        for member in members:
            for name in internal_functions(member):
                seen[name].append(member)
        for name, sources in sorted(seen.items()):
            if len(sources) > 1:
                clashes += 1
                print(f"{batch.name}: {name}() is defined in " + " and ".join(
                    str(s.relative_to(pathlib.Path.cwd())) if s.is_relative_to(pathlib.Path.cwd())
                    else str(s) for s in sources) + ": rename one, they share a unity batch")
    print(f"unity names: {clashes} clashes")
    return 1 if clashes else 0


if __name__ == "__main__":
    sys.exit(main())
