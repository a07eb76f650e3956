#!/usr/bin/env bash
# make lock: the lock files in install/lock/ made again from pyproject.toml, with uv.
#
#   install/lock.sh [--upgrade] [--python PYTHON]          (make lock; make lock UPGRADE=1)
#
# Each lock (install/lockfile.py says what each holds: table, gpio, director, dev) names every
# package a machine installs, direct or indirect, with the sha256 of every file of its version, so
# the Pi (install/pi-install.sh), the wheelhouse (install/wheelhouse.sh) and make's venv install
# exactly it, with pip --require-hashes. Without --upgrade, a version already locked stays as it
# is unless pyproject.toml's pins need another (a changed pin moves that package, and what it
# needs, alone); --upgrade takes the newest versions the pins allow for every indirect package.
#
# Why uv (uv pip compile --universal --generate-hashes) and not pip-tools: pip-compile resolves
# for the machine it runs on, its Python and its platform, so a lock made on a developer's x86-64
# PC on 3.11 would say nothing of the Pi's aarch64 and 3.13 (adafruit-lgpio is 3.13's lgpio, for
# one). uv's universal resolution is made once for every platform and every Python the project
# allows (>= 3.11), and writes the markers that tell them apart; its hashes cover every file of
# each version, the Pi's aarch64 wheels and the PC's x86-64 ones alike. The lock is pip's own
# requirements format: pip reads it, so neither the Pi, nor CI, nor make's venv needs uv. uv is
# the lock's maker alone, pinned here and kept in .venv-lock/ (out of git), made on first use.
# PYTHON (default python3, 3.11 or newer) makes that venv and reads pyproject.toml.
set -euo pipefail

UV_VERSION=0.13.8
PYTHON=python3
UPGRADE=()
while (($#)); do
    case "$1" in
        --upgrade) UPGRADE=(--upgrade); shift ;;
        --python) [ $# -ge 2 ] || { echo "$0: --python PYTHON" >&2; exit 2; }; PYTHON=$2; shift 2 ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        *) echo "$0: unknown option $1" >&2; exit 2 ;;
    esac
done
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TOOL=$REPO/.venv-lock
UV=$TOOL/bin/uv
LOCKS=$REPO/install/lock

if [ "$("$UV" --version 2>/dev/null | cut -d' ' -f2)" != "$UV_VERSION" ]; then
    "$PYTHON" -m venv --clear "$TOOL"
    "$TOOL/bin/python" -m pip install --quiet "uv==$UV_VERSION"
fi
mkdir -p "$LOCKS"

# LOCK [uv's options...]: install/lock/LOCK.txt resolved for every platform from Python 3.11 on
lock() {
    local name=$1
    shift
    "$PYTHON" "$REPO/install/lockfile.py" inputs "$name" |
        (cd "$REPO" && "$UV" pip compile - --quiet --universal --python-version 3.11 --generate-hashes \
            --custom-compile-command "make lock" "${UPGRADE[@]}" "$@" -o "install/lock/$name.txt")
    echo "lock: install/lock/$name.txt: $(grep -c '^[a-z0-9]' "$LOCKS/$name.txt") packages"
}
# the director's and the dev set take the table's versions, so a package shared is locked once
lock table
lock gpio -c install/lock/table.txt
lock director -c install/lock/table.txt
lock dev -c install/lock/director.txt
