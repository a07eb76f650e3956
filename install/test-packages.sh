#!/usr/bin/env bash
# The system programs the tests drive for real, installed when missing (Debian's packages), as
# make test's first step: chromium (the director's pages, through Playwright), shellcheck (the
# install scripts), espeak-ng (spoken times, rendered to WAV), systemd's systemd-analyze (the
# unit files), iproute2's ip (the network namespaces of the DNS-SD and offline-install tests),
# and Python's venv (make builds .venv with it).
#
# As root (CI) they are installed with apt-get; otherwise with sudo if it needs no password;
# otherwise the script stops at once with one line naming the command to run.
set -euo pipefail
PYTHON=${PYTHON:-python3}
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v shellcheck >/dev/null || need+=(shellcheck)
command -v espeak-ng >/dev/null || need+=(espeak-ng)
command -v systemd-analyze >/dev/null || need+=(systemd)
command -v ip >/dev/null || need+=(iproute2)
"$PYTHON" -c "import venv, ensurepip" 2>/dev/null || need+=(python3-venv)
((${#need[@]})) || exit 0
if [ "$(id -u)" -eq 0 ]; then
    sudo=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo=(sudo -n)
else
    echo "make test: missing ${need[*]}: run  sudo apt-get install -y --no-install-recommends ${need[*]}  then make test again" >&2
    exit 1
fi
echo "make test: installing ${need[*]} (apt-get)"
"${sudo[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${need[@]}"
