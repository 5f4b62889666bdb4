#!/usr/bin/env bash
# Makes sure the system Chromium (Debian package `chromium`, /usr/bin/chromium) is installed.
# Idempotent and silent when it is already there. Never downloads a browser from anywhere else.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] && exit 0

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "[ensure-chromium] $CHROMIUM is missing and we are not root (no sudo): apt-get install chromium" >&2
    exit 1
  fi
fi

# Another apt/dpkg run (e.g. a background install of chromium) holds the lock: wait for it.
wait_for_apt() {
  local i
  for i in $(seq 1 600); do
    if ! pgrep -x apt-get >/dev/null 2>&1 && ! pgrep -x dpkg >/dev/null 2>&1 && ! pgrep -x apt >/dev/null 2>&1; then
      return 0
    fi
    [ "$i" = 1 ] && echo "[ensure-chromium] waiting for another apt/dpkg run to finish..." >&2
    sleep 1
  done
}

wait_for_apt
[ -x "$CHROMIUM" ] && exit 0

echo "[ensure-chromium] installing Debian package 'chromium' with apt-get" >&2
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2

[ -x "$CHROMIUM" ] || { echo "[ensure-chromium] $CHROMIUM still missing after apt-get install" >&2; exit 1; }
