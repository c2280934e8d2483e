#!/usr/bin/env bash
# What the test suite needs beside node_modules, checked before `npm test` (its `pretest`) and by
# .ci/run: Debian's Chromium (browser tests), tmux (the TUI in a real terminal), bubblewrap (the
# sandbox tests), git, procps and util-linux. As root with apt-get the missing ones are installed;
# otherwise this fails at once naming the packages, so no test skips for want of a tool.
set -euo pipefail

# "path-or-command apt-package": a path is checked as a file, a name on PATH.
chromium="${KERN_CHROMIUM_PATH:-/usr/bin/chromium}"
needs=(
  "$chromium chromium"
  "tmux tmux"
  "/usr/bin/bwrap bubblewrap"
  "git git"
  "pgrep procps"
  "ps procps"
  "prlimit util-linux"
)

missing_packages() {
  local entry tool package found=()
  for entry in "${needs[@]}"; do
    tool="${entry% *}"
    package="${entry##* }"
    if [[ "$tool" == /* ]]; then [[ -x "$tool" ]] && continue; else command -v "$tool" >/dev/null 2>&1 && continue; fi
    [[ " ${found[*]-} " == *" $package "* ]] || found+=("$package")
  done
  echo "${found[*]-}"
}

missing="$(missing_packages)"
[[ -z "$missing" ]] && exit 0

if [[ "$EUID" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "tests need: $missing — installing with apt-get" >&2
  # shellcheck disable=SC2086 # one word per package
  if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null; then
    missing="$(missing_packages)"
    [[ -z "$missing" ]] && exit 0
  fi
  echo "error: apt-get could not install: $missing; the tests need them (nothing was run)" >&2
  exit 1
fi

echo "error: the tests need these Debian packages, not installed: $missing" >&2
echo "  install them: sudo apt-get update && sudo apt-get install -y $missing" >&2
if [[ "$missing" == *chromium* && -n "${KERN_CHROMIUM_PATH:-}" ]]; then
  echo "  (or point KERN_CHROMIUM_PATH at a Chromium; it is $KERN_CHROMIUM_PATH now)" >&2
fi
exit 1
