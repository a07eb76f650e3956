#!/usr/bin/env bash
# Install the tablekeeper kiosk on Raspberry Pi OS Lite, 64-bit, on a Pi 4 or Pi 5: the release
# based on Debian 13 (trixie, Python 3.13) or the one before, Debian 12 (bookworm, Python 3.11);
# or, with --director, the director's service instead.
#
#   sudo install/pi-install.sh [--director] [--wheelhouse DIR]
#
# What it does, in order (each step says what it did):
#   0. reads the release from /etc/os-release (any other release is refused: see "The release")
#   1. apt packages: Python's venv, lgpio and spidev (GPIO and SPI on a Pi 4 and a Pi 5),
#      espeak-ng (spoken times), fonts, i2c-tools, the libraries SDL needs for the KMS/DRM screen
#      (under the release's names: SDL, GBM, DRM, EGL and GLES, and Mesa's EGL and DRI drivers,
#      which the screen needs and an install without recommends would leave out). Where apt has
#      no python3-lgpio (plain Debian or Armbian on another board: it is in Raspberry Pi's own
#      archive only), lgpio comes from its wheel instead (the [gpio] extra, step 4). Packages
#      all installed already need no network (a second run, from a wheelhouse, offline)
#   2. the system user "kiosk", in the groups gpio video input render spi i2c (with --director:
#      the system user "director")
#   3. the program in /opt/tablekeeper (a copy of this repository, without .venv and var/)
#   4. a virtual environment /opt/tablekeeper/.venv made with the system's Python (/usr/bin/python3,
#      the one apt's lgpio and spidev are built for), with its site packages; into it with pip,
#      exactly the locked packages, every file checked against its hash (install/lock/table.txt,
#      with --director director.txt: the [director] extra too; and gpio.txt where lgpio comes
#      from its wheel, the [gpio] extra: make lock, docs/development.md), then the program itself
#      alone (--no-deps); with --wheelhouse DIR, from DIR alone (make wheelhouse builds it, for a
#      venue without internet)
#   5. /var/lib/tablekeeper (the SQLite journal and outbox, the table's enrollment; the service's
#      working directory) and /etc/tablekeeper/kiosk.toml (the example config; an existing file is
#      never overwritten); a director's PIN if one is given (see "the director's PIN").
#      With --director instead: /var/lib/tablekeeper-director, /etc/tablekeeper/director.toml
#      (the example with a fresh tournament key, on the venue's network) and the page's password
#      (see "the director's password")
#   6. the systemd units from systemd/ into /etc/systemd/system; tablekeeper-kiosk is enabled, or
#      with --director tablekeeper-director alone (and started)
#   7. prints what is left to do: start the kiosk and enroll it, make the root file system
#      read-only with the data on a writable partition (with the release's boot partition); with
#      --director, the address to open
#
# For a test without a Pi: --root DIR reads DIR/etc/os-release and does the file-creating steps
# under DIR (3, 4 without pip, 5, 6) and skips the ones that change the machine itself: --no-apt,
# --no-systemctl, --no-pip skip steps 1 (it still names the packages), 6's systemctl and 4's pip;
# the user (step 2) is made only when DIR is /. The venv is then made with this machine's
# /usr/bin/python3 (DIR's cannot run here).
#
# The director's PIN: each table gets its own when it is enrolled (python -m director enroll
# prints it; the table keeps its salted hash on its data partition), so none is needed here.
# --pin-hash HASH (made with python -m kiosk pin) puts a PIN's hash in the config for a table
# used without a director; or the PIN in the environment variable TABLEKEEPER_PIN (4-12 digits);
# or, at a terminal, the PIN asked (Enter alone: none, the enrollment's).
#
# The director's password (--director): the page's, kept as a salted hash in the service's
# folder: the first line of --password-file FILE, else the environment variable
# TABLEKEEPER_DIRECTOR_PASSWORD, else asked at a terminal, else made and printed, once.
set -euo pipefail

ROOT=/
APT=1
SYSTEMCTL=1
PIP=1
DIRECTOR=0
WHEELHOUSE=
PASSWORD_FILE=
PIN_HASH=
KIOSK_USER=kiosk
DIRECTOR_USER=director
DIRECTOR_PORT=8080
GROUPS_WANTED=(gpio video input render spi i2c)
SYSTEM_PYTHON=/usr/bin/python3
# The same name on both releases (checked against Debian's bookworm and trixie package lists;
# python3-lgpio comes from Raspberry Pi's own archive, which Raspberry Pi OS has enabled: where
# apt lacks it, the [gpio] extra's wheel stands in). SDL's KMSDRM screen reaches the GPU through
# GBM and EGL, whose Mesa drivers (libegl-mesa0; libgl1-mesa-dri: vc4 and v3d) no package
# above depends on: they came only as recommends, and the install takes none.
APT_PACKAGES=(python3-venv python3-pip python3-dev python3-lgpio python3-spidev espeak-ng
              fonts-dejavu-core i2c-tools libsdl2-2.0-0 libgbm1 libdrm2 libegl1 libgles2
              libegl-mesa0 libgl1-mesa-dri)

usage() {
    cat <<USAGE
usage: $0 [--root DIR] [--no-apt] [--no-systemctl] [--no-pip] [--wheelhouse DIR]
          [--director [--password-file FILE]] [--pin-hash HASH]
  --root DIR       write a card's files under DIR instead of / (the installer's own tests:
                   no user is made, and nothing under DIR runs: its units and config name /;
                   simulated tables on a PC: docs/director.md)
  --no-apt         do not install apt packages
  --no-systemctl   install the unit files but do not run systemctl
  --no-pip         make the venv but do not pip install the program into it
  --wheelhouse DIR install the Python packages from DIR alone, no internet (make wheelhouse)
  --director       the director's service instead of a kiosk (tablekeeper-director)
  --password-file FILE  with --director: the page's password is FILE's first line (else
                   TABLEKEEPER_DIRECTOR_PASSWORD, or asked at a terminal, or made and printed once)
  --pin-hash HASH  a director's PIN for a table used without a director, as python -m kiosk pin
                   hashed it (else TABLEKEEPER_PIN=digits, or asked at a terminal; none needed:
                   enrolling the table gives it its own)
USAGE
}

while (($#)); do
    case "$1" in
        --root) [ $# -ge 2 ] || { usage >&2; exit 2; }; ROOT=$2; shift 2 ;;
        --no-apt) APT=0; shift ;;
        --no-systemctl) SYSTEMCTL=0; shift ;;
        --no-pip) PIP=0; shift ;;
        --director) DIRECTOR=1; shift ;;
        --wheelhouse) [ $# -ge 2 ] || { usage >&2; exit 2; }; WHEELHOUSE=$2; shift 2 ;;
        --password-file) [ $# -ge 2 ] || { usage >&2; exit 2; }; PASSWORD_FILE=$2; shift 2 ;;
        --pin-hash) [ $# -ge 2 ] || { usage >&2; exit 2; }; PIN_HASH=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "$0: unknown option $1" >&2; usage >&2; exit 2 ;;
    esac
done

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PREFIX=${ROOT%/}
APP=$PREFIX/opt/tablekeeper
ETC=$PREFIX/etc/tablekeeper
DATA=$PREFIX/var/lib/tablekeeper
DIRECTOR_DATA=$PREFIX/var/lib/tablekeeper-director
UNITS=$PREFIX/etc/systemd/system

step() { printf '==> %s\n' "$*"; }
real_root() { [ -z "$PREFIX" ]; }

if real_root && [ "$(id -u)" -ne 0 ]; then
    echo "$0: run it as root: sudo $0 $*" >&2
    exit 1
fi
if [ ! -d "$ROOT" ]; then
    echo "$0: --root $ROOT: no such directory" >&2
    exit 2
fi
# --- the director's PIN: checked before anything is installed ---------------------------------
pin_tool() { (cd "$REPO" && "$SYSTEM_PYTHON" -m kiosk.pin "$@"); }   # the standard library only
if [ -n "$PIN_HASH" ] && ! pin_tool --check "$PIN_HASH" >/dev/null; then
    echo "$0: --pin-hash: expected a hash made by python -m kiosk pin" >&2
    exit 2
fi
if [ -z "$WHEELHOUSE" ] && ls "$REPO"/wheelhouse/*.whl >/dev/null 2>&1; then
    WHEELHOUSE=$REPO/wheelhouse                  # make wheelhouse's, carried with the checkout
fi
if [ -n "$WHEELHOUSE" ] && ! ls "$WHEELHOUSE"/*.whl >/dev/null 2>&1; then
    echo "$0: --wheelhouse $WHEELHOUSE: no wheels there (make wheelhouse builds it)" >&2
    exit 2
fi
if [ -n "$PASSWORD_FILE" ] && { ((DIRECTOR == 0)) || [ ! -r "$PASSWORD_FILE" ]; }; then
    echo "$0: --password-file: a readable file, with --director" >&2
    exit 2
fi
# ------------------------------------------------------------------------------------------------

# --- The release -----------------------------------------------------------------------------
# Everything that differs between the two releases is set here, from the root's os-release
# (/etc/os-release, else /usr/lib/os-release, as os-release(5) says):
#   RELEASE_APT     the packages trixie renamed: libasound2 became libasound2t64 (Debian 13's
#                   64-bit time_t transition); every other name is the same on both
#   RELEASE_PYTHON  the system's Python: 3.11 on bookworm, 3.13 on trixie
#   BOOT            the boot partition (cmdline.txt, config.txt): /boot/firmware on both (it was
#                   /boot before bookworm); the read-only root is raspi-config's overlay
#                   (nonint do_overlayfs, the overlayroot package) on both
os_release_value() {    # KEY FILE: the value of KEY in an os-release FILE, without quotes
    local key=$1 file=$2 line value
    while IFS= read -r line || [ -n "$line" ]; do
        case "$line" in
            "$key="*) value=${line#*=}; value=${value#[\"\']}; value=${value%[\"\']}
                      printf '%s\n' "$value"; return 0 ;;
        esac
    done < "$file"
    return 1
}

OS_RELEASE=$PREFIX/etc/os-release
[ -e "$OS_RELEASE" ] || OS_RELEASE=$PREFIX/usr/lib/os-release
if [ ! -r "$OS_RELEASE" ]; then
    echo "$0: no $PREFIX/etc/os-release nor $PREFIX/usr/lib/os-release: cannot tell the release" \
         "(Raspberry Pi OS bookworm or trixie)" >&2
    exit 2
fi
CODENAME=$(os_release_value VERSION_CODENAME "$OS_RELEASE" || true)
if [ -z "$CODENAME" ]; then
    case "$(os_release_value VERSION_ID "$OS_RELEASE" || true)" in
        12) CODENAME=bookworm ;;
        13) CODENAME=trixie ;;
    esac
fi
case "$CODENAME" in
    bookworm) RELEASE_APT=(libasound2);    RELEASE_PYTHON=3.11; BOOT=/boot/firmware ;;
    trixie)   RELEASE_APT=(libasound2t64); RELEASE_PYTHON=3.13; BOOT=/boot/firmware ;;
    *)
        echo "$0: $OS_RELEASE says VERSION_CODENAME=${CODENAME:-(none)}: this script installs on" \
             "Raspberry Pi OS bookworm (Debian 12) or trixie (Debian 13)" >&2
        exit 2 ;;
esac
APT_PACKAGES+=("${RELEASE_APT[@]}")
step "release: $CODENAME (from $OS_RELEASE): Python $RELEASE_PYTHON, boot partition $BOOT"
# --- end of the release ----------------------------------------------------------------------

# 1. apt packages
installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }
in_archive() { apt-cache show "$1" 2>/dev/null | grep -q '^Package:'; }
LGPIO_WHEEL=0
lgpio_from_wheel() {    # apt knows no python3-lgpio (plain Debian): its wheel, step 4
    local kept=() package
    for package in "${APT_PACKAGES[@]}"; do
        [ "$package" = python3-lgpio ] || kept+=("$package")
    done
    APT_PACKAGES=("${kept[@]}")
    LGPIO_WHEEL=1
    step "lgpio: no python3-lgpio in this system's archive: the lgpio wheel instead (the [gpio] extra)"
}
if ((APT)); then
    step "apt packages: ${APT_PACKAGES[*]}"
    if ! installed python3-lgpio && in_archive python3-venv && ! in_archive python3-lgpio; then
        lgpio_from_wheel                           # the archive's lists, read before, lack it
    fi
    missing=()
    for package in "${APT_PACKAGES[@]}"; do
        installed "$package" || missing+=("$package")
    done
    if ((${#missing[@]} == 0)); then
        step "apt packages: all installed already"
    else
        apt-get update -q
        if ((LGPIO_WHEEL == 0)) && ! installed python3-lgpio && ! in_archive python3-lgpio; then
            lgpio_from_wheel
        fi
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${APT_PACKAGES[@]}"
    fi
else
    step "apt packages: skipped (--no-apt): ${APT_PACKAGES[*]}"
fi

# 2. the kiosk user (or the director's)
if real_root && ((DIRECTOR)); then
    if ! id "$DIRECTOR_USER" >/dev/null 2>&1; then
        useradd --system --user-group --home-dir /var/lib/tablekeeper-director --no-create-home \
            --shell /usr/sbin/nologin "$DIRECTOR_USER"
    fi
    step "user $DIRECTOR_USER"
elif real_root; then
    if ! id "$KIOSK_USER" >/dev/null 2>&1; then
        useradd --system --user-group --home-dir /var/lib/tablekeeper --no-create-home \
            --shell /usr/sbin/nologin "$KIOSK_USER"
    fi
    for group in "${GROUPS_WANTED[@]}"; do
        if getent group "$group" >/dev/null; then
            usermod -a -G "$group" "$KIOSK_USER"
        else
            echo "    (no group $group on this system: skipped)"
        fi
    done
    step "user $KIOSK_USER: groups $(id -nG "$KIOSK_USER")"
else
    step "user $( ((DIRECTOR)) && echo "$DIRECTOR_USER" || echo "$KIOSK_USER"): skipped (--root $ROOT is not the real root)"
fi

# 3. the program
mkdir -p "$APP"
if [ "$REPO" != "$(cd "$APP" && pwd)" ]; then
    tar -C "$REPO" --exclude=./.venv --exclude='./.venv-*' --exclude=./var --exclude=./.git --exclude=./wheelhouse --exclude=./.pytest_cache --exclude='__pycache__' \
        --exclude='*.egg-info' -cf - . | tar -C "$APP" -xf -
    step "program: $REPO copied to $APP"
else
    step "program: already in $APP"
fi

# 4. the virtual environment, made with the system's Python (apt's lgpio and spidev are built
#    for it; a python3 elsewhere on PATH, in /usr/local/bin say, would not see them)
if [ ! -x "$SYSTEM_PYTHON" ]; then
    echo "$0: no $SYSTEM_PYTHON: install python3-venv first (step 1)" >&2
    exit 1
fi
python_version=$("$SYSTEM_PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
made_with="made with $SYSTEM_PYTHON (Python $python_version; $CODENAME's is $RELEASE_PYTHON)"
# the locks (install/lockfile.py): every package, direct or indirect, at its locked version, each
# file checked against the lock's hashes; the packages of the system's site (apt's) that are the
# locked version already stay as they are, any other version gets the locked one in the venv
locks=("install/lock/$( ((DIRECTOR)) && echo director || echo table).txt")
((LGPIO_WHEEL)) && locks+=(install/lock/gpio.txt)
requirements=()
for lock in "${locks[@]}"; do requirements+=(-r "$APP/$lock"); done
if ((PIP)); then
    "$SYSTEM_PYTHON" -m venv --system-site-packages "$APP/.venv"
    if [ -n "$WHEELHOUSE" ]; then
        offline=(--no-index --find-links "$(cd "$WHEELHOUSE" && pwd)")
        from="from $WHEELHOUSE alone"
    else
        offline=()
        from="from the package index"
    fi
    "$APP/.venv/bin/python" -m pip install --quiet --require-hashes "${offline[@]}" "${requirements[@]}"
    # the program alone: its dependencies are the lock's; built by the lock's setuptools
    "$APP/.venv/bin/python" -m pip install --quiet --no-deps --no-build-isolation "${offline[@]}" -e "$APP"
    step "venv: $APP/.venv (system site packages) $made_with; as locked (${locks[*]}, every file's hash checked), then the program ($APP) $from"
else
    "$SYSTEM_PYTHON" -m venv --system-site-packages --without-pip "$APP/.venv"
    step "venv: $APP/.venv (system site packages) $made_with; pip install skipped (--no-pip)"
fi
# 4b. the program's compiled bytecode: the services cannot write $APP (root's; under the overlay
#     file system nothing written would outlive a reboot), and compiling every module from its
#     source at each start cost the kiosk a third more CPU before its first frame
"$APP/.venv/bin/python" -m compileall -q "$APP/common" "$APP/kiosk" "$APP/drivers" "$APP/table_input" "$APP/director" >/dev/null
step "bytecode: $APP's modules compiled"

# 5d. the director's service instead of a kiosk: its folder, its config, its password
if ((DIRECTOR)); then
    install -d -m 0750 "$DIRECTOR_DATA" "$DIRECTOR_DATA/var"
    install -d -m 0755 "$ETC"        # each file readable by its own service's group alone
    made=$("$SYSTEM_PYTHON" "$REPO/install/director_setup.py" config "$APP/config/director.example.toml" "$ETC/director.toml")
    step "config: $made"
    if [ -e "$DIRECTOR_DATA/var/director.password" ]; then
        step "director's password: $DIRECTOR_DATA/var/director.password kept"
    else
        password_tool() { "$SYSTEM_PYTHON" "$REPO/install/director_setup.py" password "$DIRECTOR_DATA/var/director.password" "$@"; }
        if [ -n "$PASSWORD_FILE" ]; then
            head -n 1 "$PASSWORD_FILE" | password_tool >/dev/null
        elif [ -n "${TABLEKEEPER_DIRECTOR_PASSWORD:-}" ]; then
            printf '%s\n' "$TABLEKEEPER_DIRECTOR_PASSWORD" | password_tool >/dev/null
        elif [ -t 0 ]; then
            read -r -s -p "the director's password for the page (10 characters or more; Enter alone makes one): " typed
            echo
            printf '%s\n' "$typed" | password_tool >/dev/null
        else
            password_tool --generate >/dev/null
        fi
        step "director's password: its hash in $DIRECTOR_DATA/var/director.password"
    fi
    if real_root; then
        chown -R "$DIRECTOR_USER:$DIRECTOR_USER" "$DIRECTOR_DATA"
        chown root:root "$ETC"       # a table on the same machine reads its kiosk.toml here too
        chown "root:$DIRECTOR_USER" "$ETC/director.toml"
    fi
fi

# 5. the data directory and the config
if ((DIRECTOR == 0)); then
install -d -m 0750 "$DATA"
install -d -m 0755 "$ETC"            # each file readable by its own service's group alone
if [ -e "$ETC/kiosk.toml" ]; then
    step "config: $ETC/kiosk.toml kept as it is"
else
    install -m 0640 "$APP/config/kiosk.example.toml" "$ETC/kiosk.toml"
    step "config: $ETC/kiosk.toml (the example: edit it)"
fi
if real_root; then
    chown "$KIOSK_USER:$KIOSK_USER" "$DATA"
    chown root:root "$ETC"           # the director on the same machine reads director.toml here
    chown "root:$KIOSK_USER" "$ETC/kiosk.toml"
fi
step "data: $DATA (journal and outbox)"

# --- 5b. a director's PIN at this table, as a salted hash in the config (never the PIN) ---------
if grep -q '^pin_hash = "scrypt\$' "$ETC/kiosk.toml"; then
    step "director's PIN: the hash in $ETC/kiosk.toml kept"
elif ! grep -q '^pin_hash = ""$' "$ETC/kiosk.toml"; then
    step "director's PIN: none in $ETC/kiosk.toml: the table's own comes with its enrollment"
else
    pin_line=
    if [ -n "$PIN_HASH" ]; then
        pin_line=$(pin_tool --check "$PIN_HASH")
    elif [ -n "${TABLEKEEPER_PIN:-}" ]; then
        pin_line=$(printf '%s\n' "$TABLEKEEPER_PIN" | pin_tool)
    elif [ -t 0 ]; then
        read -r -s -p "a director's PIN for this table without a director (Enter alone: none, its enrollment gives one): " typed
        echo
        [ -z "$typed" ] || pin_line=$(printf '%s\n' "$typed" | pin_tool)
    fi
    if [ -n "$pin_line" ]; then
        sed -i "s|^pin_hash = \"\"\$|$pin_line|" "$ETC/kiosk.toml"
        step "director's PIN: its hash in $ETC/kiosk.toml (director.pin_hash)"
    else
        step "director's PIN: none here: the table gets its own when it is enrolled"
    fi
fi
fi
# ------------------------------------------------------------------------------------------------

# 6. the systemd units
install -d -m 0755 "$UNITS"
units=()
for unit in "$APP"/systemd/*.service; do
    install -m 0644 "$unit" "$UNITS/"
    units+=("$(basename "$unit")")
done
step "systemd units: ${units[*]} in $UNITS"
if ((DIRECTOR)); then
    enabled=tablekeeper-director.service
else
    enabled=tablekeeper-kiosk.service
fi
if ((SYSTEMCTL)); then
    systemctl daemon-reload
    if ((DIRECTOR)); then
        systemctl enable --now "$enabled"
    else
        systemctl enable "$enabled"
    fi
    step "systemd: $enabled enabled"
else
    step "systemctl: skipped (--no-systemctl): $enabled would be enabled"
fi

# 7d. the director's: the address to open
if ((DIRECTOR)); then
    address=$(hostname -I 2>/dev/null | awk '{print $1}')
    [ -n "$address" ] || address="$(hostname).local"
    cat <<DONE

The director's service
  Open http://$address:$DIRECTOR_PORT/ on the venue's network (on this Pi: http://127.0.0.1:$DIRECTOR_PORT/),
  log in with the password, and go to Tables: make a code for each table, type it at the table.
  Its config: $ETC/director.toml (the tournament's name and rules; its key is fresh: keep it
  there). After editing it: sudo systemctl restart tablekeeper-director
  (journalctl -u tablekeeper-director says why if it does not start)
DONE
    exit 0
fi

# 7. what is left to do
cat <<DONE

Next steps
  1. The hardware (the same on every table): edit $ETC/kiosk.toml if need be: [lexicon] file,
     [hardware] pins, [displays.left] / [displays.right], [leds]. Nothing per table: each table
     gets its number, key, PIN, rules and the director's address when it is enrolled, at the
     table, by the code the director's page shows (ENROLL on its screen). Check it:
       cd /var/lib/tablekeeper && sudo -u $KIOSK_USER /opt/tablekeeper/.venv/bin/python -m kiosk config /etc/tablekeeper/kiosk.toml
  2. Player displays: enable the bus they use, then reboot:
       sudo raspi-config nonint do_spi 0     # MAX7219 modules (and SSD1306 on SPI)
       sudo raspi-config nonint do_i2c 0     # SSD1306 OLEDs on I2C (i2cdetect -y 1 lists them)
  3. Test the buttons, displays and LEDs (lgpio needs a writable working directory):
       sudo systemctl stop tablekeeper-kiosk
       cd /var/lib/tablekeeper && sudo -u $KIOSK_USER /opt/tablekeeper/.venv/bin/python -m kiosk selftest --config /etc/tablekeeper/kiosk.toml
  4. Start the kiosk: sudo systemctl start tablekeeper-kiosk (or reboot). It opens on ENROLL:
     the table's number, the director's code. (journalctl -u tablekeeper-kiosk says why if it
     does not start.) Over SSH instead: sudo -u $KIOSK_USER sh -c 'cd /var/lib/tablekeeper &&
     /opt/tablekeeper/.venv/bin/python -m kiosk enroll --config /etc/tablekeeper/kiosk.toml --table 7'
  For 30 tables: install one card this way (with the read-only root below), then copy the card
  30 times; every table enrolls at the table, nothing on a card is per table.

Read-only root file system (a power cut cannot corrupt the card)
  The journal must stay on a WRITABLE partition: an overlay keeps every write to the root file
  system in RAM, and it is lost at the next power cut.
  a. Make a data partition: a USB stick, or a third partition on the card (shrink the root
     partition with gparted on another computer). Format it and give it a label:
       sudo mkfs.ext4 -L tkdata /dev/sda1
  b. Mount it on the data directory at every boot and hand it to the kiosk user:
       echo 'LABEL=tkdata /var/lib/tablekeeper ext4 defaults,noatime 0 2' | sudo tee -a /etc/fstab
       sudo mount /var/lib/tablekeeper && sudo chown $KIOSK_USER:$KIOSK_USER /var/lib/tablekeeper
  c. Turn the overlay on ($CODENAME: raspi-config's overlay, set in $BOOT/cmdline.txt; it also
     makes $BOOT read-only), keep the other file systems out of it, and reboot:
       sudo raspi-config nonint do_overlayfs 0
       sudo sed -i 's/overlayroot=tmpfs /overlayroot=tmpfs:recurse=0 /' $BOOT/cmdline.txt
  d. After the reboot check: findmnt / shows overlay; findmnt /var/lib/tablekeeper shows rw.
  Enrolling a table, again or for a new tournament key, writes to the data partition only: no
  overlay to turn off, no reboot. To change the config itself later, turn the overlay off
  (raspi-config does not know the recurse=0 form), reboot, edit, and turn it on again (c):
       sudo mount -o remount,rw $BOOT
       sudo sed -i 's/overlayroot=tmpfs:recurse=0 //' $BOOT/cmdline.txt
DONE
