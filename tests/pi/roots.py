"""The arm64 Debian roots of make pi-check: what the host needs (qemu-user-static registered with
binfmt_misc, debootstrap; installed with apt-get when missing, or the reason it cannot be),
each release's minimal root kept as a tarball in a cache outside the checkout (made again with
debootstrap when missing), and a fresh copy of it to run commands in under ``env -i``, with
proc, sys and dev bound in.

The host's own pip settings and environment never reach the root: every command runs under
``env -i`` with a PATH, HOME and LANG of its own. The host's CA certificates are copied in only
where the host needs them to reach the package index (a proxy's own authority, say): the root's
bundle is tried from the host first, and only the certificates it lacks are added.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
from pathlib import Path

ARCH = "arm64"
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
HOST_PACKAGES = ("qemu-user-static", "debootstrap", "binfmt-support")
BINFMT = Path("/proc/sys/fs/binfmt_misc")
STEP_TIMEOUT_S = 2700          # one step, emulated: trixie's first install took 1446 s (apt
                               # byte-compiles Python 3.13 and sets up mesa under qemu)


class Skip(Exception):
    """This machine cannot run the check: the reason, said as it is."""


def cache_folder() -> Path:
    """Where the roots' tarballs and the wheelhouse are kept, outside the checkout:
    $TABLEKEEPER_PI_CACHE, else /var/cache/tablekeeper-pi-check (as root), else
    $XDG_CACHE_HOME/tablekeeper-pi-check."""
    if os.environ.get("TABLEKEEPER_PI_CACHE"):
        return Path(os.environ["TABLEKEEPER_PI_CACHE"])
    if os.geteuid() == 0:
        return Path("/var/cache/tablekeeper-pi-check")
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "tablekeeper-pi-check"


def _run(command: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, **kw)


def prepare_host(out) -> None:
    """qemu-user-static, debootstrap and binfmt-support installed and aarch64 registered with
    binfmt_misc; Skip with the reason where this machine cannot have them."""
    if os.geteuid() != 0:
        raise Skip("not root: debootstrap, chroot and binfmt_misc need root (sudo make pi-check)")
    if not shutil.which("apt-get") or not shutil.which("dpkg-query"):
        raise Skip("no apt-get here: qemu-user-static and debootstrap are installed from Debian's packages")
    missing = [p for p in HOST_PACKAGES
               if _run(["dpkg-query", "-W", "-f=${Status}", p]).stdout != "install ok installed"]
    if missing:
        out(f"installing {' '.join(missing)} (apt-get)")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        for command in (["apt-get", "update", "-q"],
                        ["apt-get", "install", "-y", "-q", "--no-install-recommends", *missing]):
            done = _run(command, env=env, timeout=900)
            if done.returncode:
                raise Skip(f"{' '.join(command)} failed: {done.stderr.strip()[-300:]}")
    if not (BINFMT / "status").exists():
        done = _run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(BINFMT)])
        if done.returncode:
            raise Skip(f"binfmt_misc cannot be mounted here ({done.stderr.strip()}): this kernel or "
                       "container does not let qemu-user run arm64 programs")
    entry = BINFMT / "qemu-aarch64"
    if not entry.exists():
        _run(["update-binfmts", "--enable", "qemu-aarch64"])
    if not entry.exists() or "enabled" not in entry.read_text():
        raise Skip("qemu-aarch64 is not registered with binfmt_misc (update-binfmts --enable "
                   "qemu-aarch64 failed): arm64 programs cannot run here")
    if "flags: " not in entry.read_text() or "F" not in entry.read_text().split("flags: ")[1].split()[0]:
        raise Skip("qemu-aarch64 is registered without the F flag: a chroot would not find qemu")


def tarball(release: str, out) -> tuple[Path, float | None]:
    """The release's minimal arm64 root as a tarball in the cache (made with debootstrap when
    missing); and how long debootstrap took (None: it was in the cache)."""
    import time
    cache = cache_folder()
    path = cache / f"{release}-{ARCH}-minbase.tar"
    if path.exists():
        return path, None
    cache.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f"{release}-debootstrap-", dir=cache))
    out(f"{release}: no root in {cache}: debootstrap --arch={ARCH} --variant=minbase {release} "
        "(some minutes)")
    start = time.monotonic()
    try:
        done = _run(["debootstrap", f"--arch={ARCH}", "--variant=minbase", "--include=ca-certificates",
                     release, str(work / "root")], timeout=3600)
        if done.returncode:
            log = work / "root" / "debootstrap" / "debootstrap.log"
            tail = log.read_text(errors="replace")[-1500:] if log.exists() else done.stdout[-1500:]
            raise RuntimeError(f"debootstrap {release} failed:\n{done.stderr[-500:]}\n{tail}")
        took = time.monotonic() - start
        (work / "root" / "etc" / "apt" / "apt.conf.d" / "99pi-check").write_text(
            'Acquire::Retries "3";\n')
        subprocess.run(["tar", "-C", str(work / "root"), "--numeric-owner", "-cf",
                        str(path.with_suffix(".tmp")), "."], check=True)
        path.with_suffix(".tmp").rename(path)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return path, took


def pem_blocks(text: str) -> list[str]:
    """The certificates of a PEM bundle, each as its text."""
    end = "-----END CERTIFICATE-----"
    return [block.strip() + "\n" + end + "\n" for block in text.split(end)[:-1]
            if "-----BEGIN CERTIFICATE-----" in block]


def index_hosts() -> list[str]:
    """The hosts pip reaches for packages (its default index and where it keeps the files)."""
    from pip._internal.models.index import PyPI
    return [PyPI.netloc, PyPI.file_storage_domain]


def reaches(host: str, cafile: str) -> bool:
    """Whether a TLS connection to ``host`` verifies against the bundle ``cafile``."""
    context = ssl.create_default_context(cafile=cafile)
    try:
        with socket.create_connection((host, 443), timeout=20) as raw:
            with context.wrap_socket(raw, server_hostname=host):
                return True
    except ssl.SSLCertVerificationError:
        return False


class Root:
    """A fresh copy of a release's root (``with Root(tarball) as root``), proc, sys and dev bound
    in, and the host's resolver; removed with everything in it when done."""

    def __init__(self, tarball: Path, out):
        self.tarball, self.out = tarball, out
        self.path: Path | None = None
        self.mounts: list[Path] = []

    def __enter__(self) -> "Root":
        self.path = Path(tempfile.mkdtemp(prefix=self.tarball.stem + "-", dir=self.tarball.parent))
        subprocess.run(["tar", "-C", str(self.path), "--numeric-owner", "-xf", str(self.tarball)],
                       check=True)
        for name, how in (("proc", ["-t", "proc", "proc"]), ("sys", ["--rbind", "/sys"]),
                          ("dev", ["--rbind", "/dev"])):
            target = self.path / name
            subprocess.run(["mount", *how, str(target)], check=True)
            if how[0] == "--rbind":
                subprocess.run(["mount", "--make-rslave", str(target)], check=True)
            self.mounts.append(target)
        shutil.copy2("/etc/resolv.conf", self.path / "etc" / "resolv.conf", follow_symlinks=True)
        return self

    def __exit__(self, *exc) -> None:
        for target in reversed(self.mounts):
            subprocess.run(["umount", "-R", "-l", str(target)], capture_output=True)
        if self.path is not None:
            shutil.rmtree(self.path, ignore_errors=True)

    def host_certificates(self) -> int:
        """The host's CA certificates the root lacks, copied in and added to its bundle, if and
        only if the root's bundle alone does not reach the package index; how many."""
        host = Path(ssl.get_default_verify_paths().cafile or "/etc/ssl/certs/ca-certificates.crt")
        own = self.path / "etc" / "ssl" / "certs" / "ca-certificates.crt"
        hosts = index_hosts()
        if not host.exists() or all(reaches(h, str(own)) for h in hosts):
            return 0
        theirs = set(pem_blocks(own.read_text()))
        extra = [c for c in pem_blocks(host.read_text()) if c not in theirs]
        folder = self.path / "usr" / "local" / "share" / "ca-certificates"
        folder.mkdir(parents=True, exist_ok=True)
        for n, cert in enumerate(extra):        # kept by update-ca-certificates when apt runs it
            (folder / f"pi-check-host-{n}.crt").write_text(cert)
        with open(own, "a") as bundle:          # and in the bundle now (emulated, it takes minutes)
            bundle.write("".join(extra))
        return len(extra)

    def put(self, source: Path, inside: str, ignore=None) -> None:
        """Copy the host's ``source`` (a folder) to ``inside`` in the root."""
        target = self.path / inside.lstrip("/")
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(source, target, ignore=ignore, symlinks=True)

    def command(self, script: str, *, network: bool = True, env: dict | None = None) -> list[str]:
        """The host's command line that runs the shell ``script`` in the root under env -i; with
        ``network=False``, in a network namespace of its own with only its loopback up."""
        clean = {"PATH": PATH, "HOME": "/root", "LANG": "C.UTF-8", "TERM": "dumb", **(env or {})}
        inner = ["chroot", str(self.path), "/usr/bin/env", "-i",
                 *(f"{k}={v}" for k, v in clean.items()), "/bin/bash", "-euo", "pipefail", "-c", script]
        if network:
            return inner
        return ["unshare", "--net", "--", "sh", "-c", 'ip link set lo up && exec "$@"', "sh", *inner]

    def run(self, script: str, *, network: bool = True, env: dict | None = None, check: bool = False,
            timeout: float = STEP_TIMEOUT_S, stdin: str | None = None) -> subprocess.CompletedProcess:
        """The shell ``script`` in the root; after ``timeout`` seconds everything it started is
        killed and its exit status is 124 (as timeout(1) says)."""
        command = self.command(script, network=network, env=env)
        child = subprocess.Popen(command, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 start_new_session=True)
        try:
            out, err = child.communicate(stdin, timeout=timeout)
            status = child.returncode
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            out, err = child.communicate()
            status, err = 124, err + f"\n(killed after {timeout:.0f} s)"
        finally:
            try:
                os.killpg(child.pid, signal.SIGKILL)     # whatever it left running (a service)
            except ProcessLookupError:
                pass
        done = subprocess.CompletedProcess(command, status, out, err)
        if check and done.returncode:
            raise RuntimeError(f"{script}: exit {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
        return done
