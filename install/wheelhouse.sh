#!/usr/bin/env bash
# Build a wheelhouse: every Python package a Raspberry Pi needs to install tablekeeper (a table
# or the director's service) without internet, in one folder a USB stick carries.
#
#   install/wheelhouse.sh [--python PYTHON] [--here] DIR        (make wheelhouse: DIR=wheelhouse)
#
# The wheels are exactly the locked files (install/lock/: table.txt, director.txt and gpio.txt,
# install/lockfile.py), for the Pi: aarch64 (manylinux), CPython 3.11 (Raspberry Pi OS bookworm)
# and 3.13 (trixie); each lock's markers read for that Pi (pip would read them for the Python that
# runs it), and every file checked against the lock's hashes as it comes (a file whose hash the
# lock does not hold stops the build, named). The lock holds pip and setuptools too (the program
# is installed from its own folder, built with setuptools). Wheels only: nothing is compiled on
# the Pi. --here builds them for this machine and its Python instead, the table's and the
# director's locks (the tests install from it without network). PYTHON (default python3) runs pip
# and reads the locks. Then, on the Pi: sudo install/pi-install.sh --wheelhouse DIR (the
# checkout's own wheelhouse/ folder is found without the option).
set -euo pipefail

PYTHON=python3
HERE=0
while (($#)); do
    case "$1" in
        --python) [ $# -ge 2 ] || { echo "$0: --python PYTHON" >&2; exit 2; }; PYTHON=$2; shift 2 ;;
        --here) HERE=1; shift ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        -*) echo "$0: unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -eq 1 ] || { echo "usage: $0 [--python PYTHON] [--here] DIR" >&2; exit 2; }
OUT=$1
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mkdir -p "$OUT"

# The locks' entries a machine installs (install/lockfile.py pick), one package a line with its
# hashes and no marker, in DIR/locked-WHERE.txt; then their files, each checked against its hashes
# (--no-deps: the lock holds every dependency)
download=("$PYTHON" -m pip download --quiet --require-hashes --no-deps --only-binary=:all: -d "$OUT")

if ((HERE)); then
    "$PYTHON" "$REPO/install/lockfile.py" pick table director > "$OUT/locked-here.txt"
    "${download[@]}" -r "$OUT/locked-here.txt"
    echo "wheelhouse: $OUT, for this machine ($(uname -m), $("$PYTHON" -V)), as locked"
    exit 0
fi
for version in 3.11 3.13; do
    picked=$OUT/locked-cp${version/./}-aarch64.txt
    "$PYTHON" "$REPO/install/lockfile.py" pick --pi "$version" table gpio director > "$picked"
    "${download[@]}" --implementation cp --python-version "$version" \
        --platform manylinux_2_36_aarch64 --platform manylinux_2_34_aarch64 \
        --platform manylinux_2_28_aarch64 --platform manylinux_2_17_aarch64 \
        --platform manylinux2014_aarch64 -r "$picked"
done
count=$(find "$OUT" -name '*.whl' | wc -l)
echo "wheelhouse: $OUT: $count wheels for the Pi (aarch64; Python 3.11 bookworm, 3.13 trixie), as locked, $(du -sh "$OUT" | cut -f1)"
