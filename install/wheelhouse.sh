#!/usr/bin/env bash
# Build a wheelhouse: every Python package a Raspberry Pi needs to install tablekeeper (a table
# or the director's service) without internet, in one folder a USB stick carries.
#
#   install/wheelhouse.sh [--python PYTHON] [--here] DIR        (make wheelhouse: DIR=wheelhouse)
#
# The wheels are for the Pi: aarch64 (manylinux), CPython 3.11 (Raspberry Pi OS bookworm) and
# 3.13 (trixie), for the program's dependencies and its [director] extra as pyproject.toml pins
# them, and for pip and setuptools (the program is installed from its own folder, built with
# setuptools). Wheels only: nothing is compiled on the Pi. --here builds them for this machine
# and its Python instead (the tests install from it without network). PYTHON (default python3)
# runs pip and reads pyproject.toml. Then, on the Pi: sudo install/pi-install.sh --wheelhouse DIR
# (the checkout's own wheelhouse/ folder is found without the option).
set -euo pipefail

PYTHON=python3
HERE=0
while (($#)); do
    case "$1" in
        --python) [ $# -ge 2 ] || { echo "$0: --python PYTHON" >&2; exit 2; }; PYTHON=$2; shift 2 ;;
        --here) HERE=1; shift ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        -*) echo "$0: unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -eq 1 ] || { echo "usage: $0 [--python PYTHON] [--here] DIR" >&2; exit 2; }
OUT=$1
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mkdir -p "$OUT"

# the pinned requirements: the dependencies, the [director] extra, the build backend, pip; and
# the [gpio] extra (lgpio's wheel, where apt has no python3-lgpio) as requirements-gpio.txt, its
# lines' markers kept (pip download would read them for this machine's Python, not the Pi's)
mapfile -t WANTED < <("$PYTHON" - "$REPO/pyproject.toml" "$OUT/requirements-gpio.txt" <<'PY'
import sys, tomllib
project = tomllib.load(open(sys.argv[1], "rb"))
extras = project["project"]["optional-dependencies"]
for line in (project["project"]["dependencies"] + extras["director"]
             + project["build-system"]["requires"] + ["pip"]):
    print(line)
with open(sys.argv[2], "w") as gpio:
    gpio.write("".join(line + "\n" for line in extras["gpio"]))
PY
)
printf '%s\n' "${WANTED[@]}" > "$OUT/requirements.txt"

if ((HERE)); then
    "$PYTHON" -m pip download --quiet --only-binary=:all: -d "$OUT" -r "$OUT/requirements.txt"
    echo "wheelhouse: $OUT, for this machine ($(uname -m), $("$PYTHON" -V))"
    exit 0
fi
for version in 3.11 3.13; do
    # the [gpio] lines whose marker holds for this version (python_version < or >= 3.13)
    mapfile -t gpio < <(sed -n "s/; python_version $([ "$version" = 3.13 ] && echo '>=' || echo '<') '3.13'\$//p" \
        "$OUT/requirements-gpio.txt")
    "$PYTHON" -m pip download --quiet --only-binary=:all: --implementation cp --python-version "$version" \
        --platform manylinux_2_36_aarch64 --platform manylinux_2_34_aarch64 \
        --platform manylinux_2_28_aarch64 --platform manylinux_2_17_aarch64 \
        --platform manylinux2014_aarch64 -d "$OUT" -r "$OUT/requirements.txt" "${gpio[@]}"
done
count=$(find "$OUT" -name '*.whl' | wc -l)
echo "wheelhouse: $OUT: $count wheels for the Pi (aarch64; Python 3.11 bookworm, 3.13 trixie), $(du -sh "$OUT" | cut -f1)"
