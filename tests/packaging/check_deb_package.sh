#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The .deb that CPack builds, checked as a clean machine would receive it: its control fields,
# the files a desktop menu needs, the desktop entry and AppStream metadata valid, and both
# programs starting from the unpacked package (the GUI offscreen, on its embedded example).
#   tests/packaging/check_deb_package.sh BUILD_DIR VERSION
# A missing packaging tool prints SKIP with the reason (exit 77); with IOLENS_REQUIRE_REFERENCE=1
# (CI) it fails instead.
set -euo pipefail
build=$1
version=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }
for tool in cpack dpkg-deb dpkg-shlibdeps desktop-file-validate appstreamcli; do
  if ! command -v "$tool" >/dev/null; then
    [ "${IOLENS_REQUIRE_REFERENCE:-0}" = 1 ] && fail "$tool is missing (packaging/install-deps.sh test installs it)"
    echo "SKIP: $tool is missing (Debian packages dpkg-dev, desktop-file-utils, appstream)"
    exit 77
  fi
done

cpack --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1 \
  || { cat "$work/cpack.log"; fail "cpack could not build the package"; }
debs=("$work"/out/*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "expected one .deb in $work/out"
deb=${debs[0]}

field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = iolens ] || fail "Package is '$(field Package)', not iolens"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', not $version"
depends=$(field Depends)
for library in libqt6widgets6 libqt6svg6 libqcustomplot libsqlite3-0; do
  grep -q "$library" <<<"$depends" || fail "Depends lacks $library: $depends"
done

dpkg-deb -c "$deb" | awk '{print $NF}' >"$work/contents"
for file in ./usr/bin/iolens ./usr/bin/iolens-cli \
            ./usr/share/applications/io.github.iolens.desktop \
            ./usr/share/metainfo/io.github.iolens.metainfo.xml \
            ./usr/share/icons/hicolor/scalable/apps/iolens.svg; do
  grep -qxF "$file" "$work/contents" || fail "the package lacks $file"
done

root=$work/root
dpkg-deb -x "$deb" "$root"
desktop=$root/usr/share/applications/io.github.iolens.desktop
# Hints count too: one warns that an entry with two main categories shows twice in the menu.
remarks=$(desktop-file-validate "$desktop" 2>&1) || fail "desktop-file-validate rejects the entry: $remarks"
[ -z "$remarks" ] || fail "desktop-file-validate remarks on the entry: $remarks"
appstreamcli validate --no-net "$root/usr/share/metainfo/io.github.iolens.metainfo.xml" \
  >"$work/appstream.log" 2>&1 || { cat "$work/appstream.log"; fail "appstreamcli rejects the metainfo"; }
exec_program=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$desktop")
[ -x "$root/usr/bin/$exec_program" ] || fail "Exec=$exec_program is not a program in /usr/bin"
icon=$(sed -n 's/^Icon=//p' "$desktop")
[ -f "$root/usr/share/icons/hicolor/scalable/apps/$icon.svg" ] || fail "Icon=$icon has no SVG"

"$root/usr/bin/iolens-cli" --version | grep -qF "$version" || fail "iolens-cli --version"
QT_QPA_PLATFORM=offscreen "$root/usr/bin/iolens" --example tiered --screenshot "$work/window.png" \
  >"$work/gui.log" 2>&1 || { cat "$work/gui.log"; fail "the packaged iolens did not start"; }
[ "$(head -c 8 "$work/window.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] \
  || fail "the packaged iolens wrote no PNG screenshot"
echo "OK: $(basename "$deb"), $(wc -l <"$work/contents") entries, Depends: $depends"
