#!/usr/bin/env bash
# Install the tablekeeper kiosk on Raspberry Pi OS Lite, 64-bit, on a Pi 4 or Pi 5: the release
# based on Debian 13 (trixie, Python 3.13) or the one before, Debian 12 (bookworm, Python 3.11).
#
#   sudo install/pi-install.sh [--director]
#
# What it does, in order (each step says what it did):
#   0. reads the release from /etc/os-release (any other release is refused: see "The release")
#   1. apt packages: Python's venv, lgpio and spidev (GPIO and SPI on a Pi 4 and a Pi 5),
#      espeak-ng (spoken times), fonts, i2c-tools, the libraries SDL needs for the KMS/DRM screen
#      (under the release's names)
#   2. the system user "kiosk", in the groups gpio video input render spi i2c
#   3. the program in /opt/tablekeeper (a copy of this repository, without .venv and var/)
#   4. a virtual environment /opt/tablekeeper/.venv made with the system's Python (/usr/bin/python3,
#      the one apt's lgpio and spidev are built for), with its site packages, and the program
#      installed into it with pip
#   5. /var/lib/tablekeeper (the SQLite journal and outbox; the service's working directory) and
#      /etc/tablekeeper/kiosk.toml (the example config; an existing file is never overwritten);
#      the director's PIN at this table, kept in it as a salted hash (see "the director's PIN")
#   6. the systemd units from systemd/ into /etc/systemd/system; tablekeeper-kiosk is enabled
#      (and tablekeeper-director with --director)
#   7. prints what is left to do: edit the config, start the kiosk, make the root file system
#      read-only with the data on a writable partition (with the release's boot partition)
#
# For a test without a Pi: --root DIR reads DIR/etc/os-release and does the file-creating steps
# under DIR (3, 4 without pip, 5, 6) and skips the ones that change the machine itself: --no-apt,
# --no-systemctl, --no-pip skip steps 1 (it still names the packages), 6's systemctl and 4's pip;
# the user (step 2) is made only when DIR is /. The venv is then made with this machine's
# /usr/bin/python3 (DIR's cannot run here).
#
# The director's PIN: the kiosk refuses to start on its buttons without a PIN of its own.
# --pin-hash HASH (made with python -m kiosk pin) puts that hash in the config; else the PIN in
# the environment variable TABLEKEEPER_PIN (4-12 digits) is hashed; else, at a terminal, the
# PIN is asked (Enter alone makes one); else a PIN of 8 digits is made and printed, once.
set -euo pipefail

ROOT=/
APT=1
SYSTEMCTL=1
PIP=1
DIRECTOR=0
PIN_HASH=
KIOSK_USER=kiosk
GROUPS_WANTED=(gpio video input render spi i2c)
SYSTEM_PYTHON=/usr/bin/python3
# The same name on both releases (checked against Debian's bookworm and trixie package lists;
# python3-lgpio comes from Raspberry Pi's own archive, which both releases have enabled):
APT_PACKAGES=(python3-venv python3-pip python3-dev python3-lgpio python3-spidev espeak-ng
              fonts-dejavu-core i2c-tools libsdl2-2.0-0 libgbm1 libdrm2 libegl1 libgles2)

usage() {
    cat <<USAGE
usage: $0 [--root DIR] [--no-apt] [--no-systemctl] [--no-pip] [--director] [--pin-hash HASH]
  --root DIR       install under DIR instead of / (for tests: no user is made)
  --no-apt         do not install apt packages
  --no-systemctl   install the unit files but do not run systemctl
  --no-pip         make the venv but do not pip install the program into it
  --director       also enable the director's service (tablekeeper-director)
  --pin-hash HASH  the director's PIN at this table, as python -m kiosk pin hashed it (else
                   TABLEKEEPER_PIN=digits, or asked at a terminal, or made and printed once)
USAGE
}

while (($#)); do
    case "$1" in
        --root) [ $# -ge 2 ] || { usage >&2; exit 2; }; ROOT=$2; shift 2 ;;
        --no-apt) APT=0; shift ;;
        --no-systemctl) SYSTEMCTL=0; shift ;;
        --no-pip) PIP=0; shift ;;
        --director) DIRECTOR=1; shift ;;
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
if ((APT)); then
    step "apt packages: ${APT_PACKAGES[*]}"
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${APT_PACKAGES[@]}"
else
    step "apt packages: skipped (--no-apt): ${APT_PACKAGES[*]}"
fi

# 2. the kiosk user
if real_root; then
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
    step "user $KIOSK_USER: skipped (--root $ROOT is not the real root)"
fi

# 3. the program
mkdir -p "$APP"
if [ "$REPO" != "$(cd "$APP" && pwd)" ]; then
    tar -C "$REPO" --exclude=./.venv --exclude=./var --exclude=./.git --exclude=./.pytest_cache --exclude='__pycache__' \
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
if ((PIP)); then
    "$SYSTEM_PYTHON" -m venv --system-site-packages "$APP/.venv"
    "$APP/.venv/bin/python" -m pip install --quiet --upgrade pip
    "$APP/.venv/bin/python" -m pip install --quiet -e "$APP"
    step "venv: $APP/.venv (system site packages) $made_with; the program installed"
else
    "$SYSTEM_PYTHON" -m venv --system-site-packages --without-pip "$APP/.venv"
    step "venv: $APP/.venv (system site packages) $made_with; pip install skipped (--no-pip)"
fi

# 5. the data directory and the config
install -d -m 0750 "$DATA"
install -d -m 0750 "$ETC"
if [ -e "$ETC/kiosk.toml" ]; then
    step "config: $ETC/kiosk.toml kept as it is"
else
    install -m 0640 "$APP/config/kiosk.example.toml" "$ETC/kiosk.toml"
    step "config: $ETC/kiosk.toml (the example: edit it)"
fi
if real_root; then
    chown "$KIOSK_USER:$KIOSK_USER" "$DATA"
    chown "root:$KIOSK_USER" "$ETC" "$ETC/kiosk.toml"
fi
step "data: $DATA (journal and outbox)"

# --- 5b. the director's PIN at this table, as a salted hash in the config (never the PIN) -------
if grep -q '^pin_hash = "scrypt\$' "$ETC/kiosk.toml"; then
    step "director's PIN: the hash in $ETC/kiosk.toml kept"
elif ! grep -q '^pin_hash = ""$' "$ETC/kiosk.toml"; then
    step "director's PIN: NOT SET: add pin_hash (python -m kiosk pin) under [director] in $ETC/kiosk.toml"
else
    if [ -n "$PIN_HASH" ]; then
        pin_line=$(pin_tool --check "$PIN_HASH")
    elif [ -n "${TABLEKEEPER_PIN:-}" ]; then
        pin_line=$(printf '%s\n' "$TABLEKEEPER_PIN" | pin_tool)
    elif [ -t 0 ]; then
        pin_line=$(pin_tool)                     # asks; Enter alone makes one and shows it
    else
        pin_line=$(pin_tool --generate)          # shows the PIN it made, once
    fi
    sed -i "s|^pin_hash = \"\"\$|$pin_line|" "$ETC/kiosk.toml"
    step "director's PIN: its hash in $ETC/kiosk.toml (director.pin_hash)"
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
if ((SYSTEMCTL)); then
    systemctl daemon-reload
    systemctl enable tablekeeper-kiosk.service
    if ((DIRECTOR)); then
        systemctl enable tablekeeper-director.service
    fi
else
    step "systemctl: skipped (--no-systemctl)"
fi

# 7. what is left to do
cat <<DONE

Next steps
  1. Edit $ETC/kiosk.toml: [kiosk] table, [lexicon] file, [hardware] pins, [displays.left] /
     [displays.right], [leds]; and the table's link and key: the director runs
     python -m director enroll TABLE and gives you table-TABLE.key (copy it to $ETC/table.key,
     owner root, group $KIOSK_USER, mode 0640) and table-TABLE.toml (its lines go into the config,
     [director] url and table_key_file). Check it:
       cd /var/lib/tablekeeper && sudo -u $KIOSK_USER /opt/tablekeeper/.venv/bin/python -m kiosk config /etc/tablekeeper/kiosk.toml
  2. Player displays: enable the bus they use, then reboot:
       sudo raspi-config nonint do_spi 0     # MAX7219 modules (and SSD1306 on SPI)
       sudo raspi-config nonint do_i2c 0     # SSD1306 OLEDs on I2C (i2cdetect -y 1 lists them)
  3. Test the buttons, displays and LEDs (lgpio needs a writable working directory):
       sudo systemctl stop tablekeeper-kiosk
       cd /var/lib/tablekeeper && sudo -u $KIOSK_USER /opt/tablekeeper/.venv/bin/python -m kiosk selftest --config /etc/tablekeeper/kiosk.toml
  4. Start the kiosk: sudo systemctl start tablekeeper-kiosk
     (journalctl -u tablekeeper-kiosk says why if it does not start)

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
  To change the config later, turn the overlay off (raspi-config does not know the recurse=0
  form), reboot, edit, and turn it on again (c):
       sudo mount -o remount,rw $BOOT
       sudo sed -i 's/overlayroot=tmpfs:recurse=0 //' $BOOT/cmdline.txt
DONE
