#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the .deb that CPack builds with apt, as a user would (`apt install ./iolens_*.deb`,
# dependencies from the Debian archive), checks that the menu can start iolens from what dpkg
# installed, then removes the package again and checks that nothing of it is left.
#   tests/packaging/install_deb_package.sh BUILD_DIR
# It changes the machine (it installs into /usr), so it is not a ctest test: CI calls it after
# the tests. It needs root; otherwise it prints SKIP with the reason (exit 77), or fails with
# IOLENS_REQUIRE_REFERENCE=1.
set -euo pipefail
build=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
if [ "$(id -u)" != 0 ]; then
  [ "${IOLENS_REQUIRE_REFERENCE:-0}" = 1 ] && fail "installing the package needs root"
  echo "SKIP: installing the package needs root"
  exit 77
fi
if dpkg -s iolens >/dev/null 2>&1; then
  fail "iolens is installed already; remove it first (apt-get remove iolens)"
fi

work=$(mktemp -d)
chmod 755 "$work" # apt's sandbox user must be able to read the package
trap 'apt-get remove -y -qq iolens >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
cpack --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1 \
  || { cat "$work/cpack.log"; fail "cpack could not build the package"; }
deb=$(ls "$work"/out/*.deb)
chmod 644 "$deb"

DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" >"$work/apt.log" 2>&1 \
  || { cat "$work/apt.log"; fail "apt-get could not install $(basename "$deb")"; }
[ "$(dpkg-query -W -f '${Status}' iolens)" = "install ok installed" ] \
  || fail "dpkg does not list iolens as installed"

# What a desktop menu does: find the entry, resolve its Exec through PATH, find its icon.
desktop=/usr/share/applications/io.github.iolens.desktop
[ -f "$desktop" ] || fail "no desktop entry at $desktop"
# Hints count too: one warns that an entry with two main categories shows twice in the menu.
remarks=$(desktop-file-validate "$desktop" 2>&1) || fail "desktop-file-validate rejects the entry: $remarks"
[ -z "$remarks" ] || fail "desktop-file-validate remarks on the entry: $remarks"
grep -q '^Categories=.*Utility\|^Categories=.*Development\|^Categories=.*System' "$desktop" \
  || fail "the desktop entry names no menu category: $(grep '^Categories' "$desktop")"
exec_line=$(sed -n 's/^Exec=//p' "$desktop")
program=$(command -v "${exec_line%% *}") || fail "Exec=$exec_line is not on PATH"
[ "$program" = /usr/bin/iolens ] || fail "Exec resolves to $program, not /usr/bin/iolens"
icon=$(sed -n 's/^Icon=//p' "$desktop")
[ -f "/usr/share/icons/hicolor/scalable/apps/$icon.svg" ] || fail "Icon=$icon is not installed"

iolens-cli --version >"$work/version.txt" || fail "the installed iolens-cli does not start"
QT_QPA_PLATFORM=offscreen "$program" --example tiered --screenshot "$work/window.png" \
  >"$work/gui.log" 2>&1 || { cat "$work/gui.log"; fail "the installed iolens did not start"; }
[ "$(head -c 8 "$work/window.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] \
  || fail "the installed iolens wrote no PNG screenshot"

apt-get remove -y -qq iolens >"$work/remove.log" 2>&1 || { cat "$work/remove.log"; fail "apt-get remove"; }
for file in /usr/bin/iolens /usr/bin/iolens-cli "$desktop"; do
  [ ! -e "$file" ] || fail "$file is left after apt-get remove"
done
echo "OK: apt installed $(basename "$deb") ($(cat "$work/version.txt")); the menu entry starts" \
  "$program; apt removed it cleanly"
