"""The parts of make pi-check that run on the host, on real files: the 16 KB page check reads
the LOAD segments' alignment of real ELF libraries, inside wheels as make wheelhouse keeps them;
the host's CA bundle splits into its certificates; the steps run in the order an install needs
and each says what its output must show. (make pi-check itself runs the roots: CI runs it.)"""
import glob
import ssl
import sys
import zipfile
from pathlib import Path

import pygame

from tests.pi import elf, roots
from tests.pi.check import RELEASES, tool_pins
from tests.pi.steps import steps


def a_library() -> Path:
    """A compiled library of this machine (pygame-ce's), an ELF file like any wheel's."""
    return Path(sorted(glob.glob(str(Path(pygame.__file__).parent / "*.so")))[0])


def test_the_load_segments_alignment_is_read_from_a_real_library():
    aligns = elf.load_alignments(a_library().read_bytes())
    assert aligns and all(a & (a - 1) == 0 for a in aligns)       # powers of two
    assert elf.load_alignments(Path(sys.executable).resolve().read_bytes())


def test_a_library_aligned_below_16_kb_is_named_and_one_at_64_kb_is_not(tmp_path):
    library = a_library()
    data = bytearray(library.read_bytes())
    with zipfile.ZipFile(tmp_path / "small-1.0-cp311-cp311-manylinux_2_17_aarch64.whl", "w") as wheel:
        wheel.writestr("small/_core.so", bytes(data))
    found = elf.wheel_libraries(tmp_path)
    assert [(w, name) for w, name, _ in found] == [
        ("small-1.0-cp311-cp311-manylinux_2_17_aarch64.whl", "small/_core.so")]
    smallest = min(elf.load_alignments(bytes(data)))
    assert (elf.too_small(found) != []) == (smallest < elf.PAGE_16K)
    assert elf.too_small([("w.whl", "x.so", 65536)]) == []
    assert elf.too_small([("w.whl", "x.so", 4096)]) == [("w.whl", "x.so", 4096)]


def test_not_an_elf_file_is_refused():
    try:
        elf.load_alignments(b"#!/bin/sh\n")
    except ValueError as exc:
        assert "not an ELF file" in str(exc)
    else:
        raise AssertionError("a shell script taken for a library")


def test_the_hosts_bundle_splits_into_its_certificates():
    bundle = Path(ssl.get_default_verify_paths().cafile or "/etc/ssl/certs/ca-certificates.crt")
    certs = roots.pem_blocks(bundle.read_text())
    assert len(certs) > 10
    assert all(c.startswith("-----BEGIN CERTIFICATE-----") and c.endswith("-----END CERTIFICATE-----\n")
               for c in certs)


def test_each_release_installs_the_table_then_the_director_then_again_offline():
    for release, python in RELEASES.items():
        names = [s.name for s in steps(release, python, tool_pins())]
        assert names[0].startswith("table: pi-install.sh") and "director" in names[1]
        assert names[-1].endswith("no network at all")
        offline = steps(release, python, tool_pins())[-1]
        assert not offline.network and "apt packages: all installed already" in offline.says
        assert all(s.says or s.name.startswith("test tools") for s in steps(release, python, tool_pins()))
    assert not any(p.startswith("playwright") for p in tool_pins())
