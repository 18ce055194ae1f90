"""Hatchling hooks that put a prebuilt whatsnew binary into the wheel.

    WHATSNEW_BINARY        the binary to ship; without it the wheel is pure (py3-none-any) and
                           the package runs a `whatsnew` found on PATH
    WHATSNEW_VERSION       the package's version (SemVer pre-releases become PEP 440: 1.5.0-beta.2
                           is 1.5.0b2); default: what the binary's --version prints
    WHATSNEW_PLATFORM_TAG  the wheel's platform tag (linux_x86_64, manylinux_2_28_x86_64, ...);
                           set, it is taken as is and the binary is not checked

The binary goes in as a script (<name>.data/scripts/whatsnew), so installers put it in the
environment's bin/ folder, as the wheels of ruff and git-cliff do. The platform tag is read from
the binary itself rather than from the machine that builds, so a binary built elsewhere is
tagged for where it runs: ELF (Linux, manylinux from the glibc symbol versions it needs),
and Mach-O (macOS, thin or universal).
"""

import os
import re
import struct
import subprocess

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
    from hatchling.metadata.plugin.interface import MetadataHookInterface
except ImportError:
    # Run as a script (the release's checks, on a runner's bare Python): the hooks are not used.
    BuildHookInterface = MetadataHookInterface = object


class BinaryError(Exception):
    """A binary the wheel cannot ship, or cannot tag."""


# -- The version --------------------------------------------------------------------------------

SEMVER_PRE_RELEASE = {"alpha": "a", "a": "a", "beta": "b", "b": "b", "rc": "rc", "dev": ".dev"}


def pep440(version):
    """SemVer's 1.5.0-beta.2 as PEP 440's 1.5.0b2; build metadata (+abc) becomes a local version."""
    version = version.strip().lstrip("v")
    core, _, build = version.partition("+")
    core, _, pre = core.partition("-")
    if pre:
        match = re.fullmatch(r"([A-Za-z]+)[.-]?(\d*)", pre)
        if not match or match.group(1).lower() not in SEMVER_PRE_RELEASE:
            raise BinaryError(f"version {version}: the pre-release `{pre}` has no PEP 440 form "
                              "(use alpha.N, beta.N, rc.N or dev.N)")
        core += SEMVER_PRE_RELEASE[match.group(1).lower()] + (match.group(2) or "0")
    if build:
        core += "+" + re.sub(r"[^A-Za-z0-9.]", ".", build)
    return core


def binary_version(binary):
    """What `whatsnew --version` prints: its last word, the version number."""
    try:
        result = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=60)
    except OSError as error:
        raise BinaryError(f"cannot run {binary} --version ({error}); a binary for another platform "
                          "needs WHATSNEW_VERSION") from error
    words = result.stdout.split()
    if result.returncode != 0 or not words:
        raise BinaryError(f"{binary} --version failed: {result.stderr.strip()}")
    return words[-1]


def package_version():
    if os.environ.get("WHATSNEW_VERSION"):
        return pep440(os.environ["WHATSNEW_VERSION"])
    binary = shipped_binary()
    if binary:
        return pep440(binary_version(binary))
    # A pure wheel without a stated version: a development build of the wrapper alone.
    return "0.0.0.dev0"


# -- Linux: ELF --------------------------------------------------------------------------------

# ELF e_machine → the architecture part of a manylinux tag, and the oldest glibc that
# architecture has a manylinux tag for.
ELF_MACHINES = {62: ("x86_64", 5), 3: ("i686", 5), 183: ("aarch64", 17), 21: ("ppc64le", 17),
                22: ("s390x", 17), 40: ("armv7l", 17)}

# The libraries every manylinux system has (PEP 600 keeps PEP 513's list); anything else must
# be linked in.
MANYLINUX_LIBRARIES = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1",
                       "libgcc_s.so.1", "libstdc++.so.6", "libutil.so.1", "libresolv.so.2"}

SHT_DYNAMIC = 6
SHT_GNU_VERNEED = 0x6FFFFFFE
DT_NULL = 0
DT_NEEDED = 1


class Elf:
    """The few parts of an ELF file a platform tag needs: machine, DT_NEEDED, symbol versions."""

    def __init__(self, data):
        self.data = data
        self.wide = data[4] == 2  # ELFCLASS64
        self.order = "<" if data[5] == 1 else ">"
        self.machine = self._unpack("H", 18)[0]
        if self.wide:
            shoff, = self._unpack("Q", 0x28)
            shentsize, shnum, shstrndx = self._unpack("HHH", 0x3A)
        else:
            shoff, = self._unpack("I", 0x20)
            shentsize, shnum, shstrndx = self._unpack("HHH", 0x2E)
        self.sections = [self._section(shoff + index * shentsize) for index in range(shnum)]
        if not self.sections:
            # Without section headers (sstrip) there is no telling what it links.
            raise BinaryError("the ELF binary has no section headers to read its libraries from")

    def _unpack(self, layout, offset):
        return struct.unpack_from(self.order + layout, self.data, offset)

    def _section(self, offset):
        # (type, link, offset, size, entry size) of one section header.
        if self.wide:
            _, kind, _, _, start, size, link, _, _, entsize = self._unpack("IIQQQQIIQQ", offset)
        else:
            _, kind, _, _, start, size, link, _, _, entsize = self._unpack("IIIIIIIIII", offset)
        return kind, link, start, size, entsize

    def _string(self, table, offset):
        start = self.sections[table][2] + offset
        return self.data[start:self.data.index(b"\0", start)].decode("ascii", "replace")

    def needed(self):
        """The DT_NEEDED libraries: what the loader must find on the machine."""
        names = []
        for kind, link, start, size, _ in self.sections:
            if kind != SHT_DYNAMIC:
                continue
            width = 16 if self.wide else 8
            for offset in range(start, start + size, width):
                tag, value = self._unpack("qQ" if self.wide else "iI", offset)
                if tag == DT_NULL:
                    break
                if tag == DT_NEEDED:
                    names.append(self._string(link, value))
        return names

    def version_needs(self):
        """Every symbol version the binary asks for (GLIBC_2.34, GLIBCXX_3.4.29, ...)."""
        versions = []
        for kind, link, start, _, _ in self.sections:
            if kind != SHT_GNU_VERNEED:
                continue
            entry = start
            while True:
                _, count, _, aux, following = self._unpack("HHIII", entry)
                auxiliary = entry + aux
                for _ in range(count):
                    _, _, _, name, next_aux = self._unpack("IHHII", auxiliary)
                    versions.append(self._string(link, name))
                    auxiliary += next_aux
                if not following:
                    break
                entry += following
        return versions


def allowed_library(name):
    return name in MANYLINUX_LIBRARIES or name.startswith("ld-linux") or name.startswith("ld64.so")


def manylinux_tag(data):
    elf = Elf(data)
    if elf.machine not in ELF_MACHINES:
        raise BinaryError(f"ELF machine {elf.machine} has no manylinux tag")
    arch, oldest = ELF_MACHINES[elf.machine]
    if arch == "ppc64le" and elf.order == ">":
        raise BinaryError("big-endian ppc64 has no manylinux tag")
    needed = elf.needed()
    outside = [name for name in needed if not allowed_library(name)]
    if outside:
        raise BinaryError(
            "the binary links libraries a manylinux system need not have: " + ", ".join(outside)
            + ". Build it with the Swift runtime linked in (swift build --static-swift-stdlib, or "
            "the static Linux SDK), or set WHATSNEW_PLATFORM_TAG (linux_x86_64) for a wheel that "
            "only installs where those libraries are")
    if not needed:
        # Linked statically: it needs no C library at all, so musl systems take it too.
        return f"manylinux_2_17_{arch}.musllinux_1_1_{arch}"
    glibc = [int(match.group(1)) for version in elf.version_needs()
             for match in [re.fullmatch(r"GLIBC_2\.(\d+)(?:\.\d+)?", version)] if match]
    return f"manylinux_2_{max(glibc + [oldest])}_{arch}"


# -- macOS: Mach-O ------------------------------------------------------------------------------

# CPU type → (architecture, the oldest macOS it runs: Apple silicon began with macOS 11).
MACHO_CPUS = {0x0100000C: ("arm64", (11, 0)), 0x01000007: ("x86_64", (10, 15))}

# A universal ("fat") binary's magic as its first four bytes: the byte order of its header and
# the size of one architecture's entry. Apple writes them big-endian (0xcafebabe); the swapped
# form (0xbebafeca) is read too.
FAT_MAGICS = {b"\xca\xfe\xba\xbe": (">", 20), b"\xbe\xba\xfe\xca": ("<", 20),
              b"\xca\xfe\xba\xbf": (">", 32), b"\xbf\xba\xfe\xca": ("<", 32)}
# A thin Mach-O's magic → (byte order, size of its header: 28 bytes, 32 for 64-bit).
THIN_MAGICS = {b"\xcf\xfa\xed\xfe": ("<", 32), b"\xce\xfa\xed\xfe": ("<", 28),
               b"\xfe\xed\xfa\xcf": (">", 32), b"\xfe\xed\xfa\xce": (">", 28)}

LC_VERSION_MIN_MACOSX = 0x24
LC_BUILD_VERSION = 0x32
PLATFORM_MACOS = 1


def is_universal_macho(data):
    # Java class files share the magic number; their next word is a version of 45 or more, a
    # universal binary's is its number of architectures.
    if data[:4] not in FAT_MAGICS:
        return False
    order, _ = FAT_MAGICS[data[:4]]
    return struct.unpack_from(order + "I", data, 4)[0] < 20


def macho_slices(data):
    """Each architecture's Mach-O image in the file: (cpu type, its bytes)."""
    if not is_universal_macho(data) and data[:4] not in THIN_MAGICS:
        raise BinaryError("not a Mach-O binary")
    if not is_universal_macho(data):
        order, _ = THIN_MAGICS[data[:4]]
        return [(struct.unpack_from(order + "I", data, 4)[0], data)]
    order, entry = FAT_MAGICS[data[:4]]
    count, = struct.unpack_from(order + "I", data, 4)
    slices = []
    for index in range(count):
        at = 8 + index * entry
        if entry == 20:
            cpu, _, offset, size, _ = struct.unpack_from(order + "5I", data, at)
        else:
            cpu, _, offset, size, _, _ = struct.unpack_from(order + "IIQQII", data, at)
        slices.append((cpu, data[offset:offset + size]))
    return slices


def minimum_macos(image):
    """The macOS version a thin Mach-O image says it needs (LC_BUILD_VERSION's minos, or the
    older LC_VERSION_MIN_MACOSX), as (major, minor); None when it says nothing."""
    if image[:4] not in THIN_MAGICS:
        raise BinaryError("a slice of the universal binary is not a Mach-O image")
    order, header = THIN_MAGICS[image[:4]]
    count, = struct.unpack_from(order + "I", image, 16)
    at = header
    for _ in range(count):
        command, size = struct.unpack_from(order + "II", image, at)
        if command == LC_BUILD_VERSION and struct.unpack_from(order + "I", image, at + 8)[0] == PLATFORM_MACOS:
            encoded, = struct.unpack_from(order + "I", image, at + 12)
            return encoded >> 16, (encoded >> 8) & 0xFF
        if command == LC_VERSION_MIN_MACOSX:
            encoded, = struct.unpack_from(order + "I", image, at + 8)
            return encoded >> 16, (encoded >> 8) & 0xFF
        if size < 8:
            break
        at += size
    return None


def macos_requirement(data):
    """(architectures, the oldest macOS every slice runs on) of a Mach-O file."""
    architectures, needs = [], []
    for cpu, image in macho_slices(data):
        if cpu not in MACHO_CPUS:
            continue
        architecture, oldest = MACHO_CPUS[cpu]
        architectures.append(architecture)
        needs.append(max(oldest, minimum_macos(image) or oldest))
    if not architectures:
        raise BinaryError("a Mach-O binary for neither arm64 nor x86_64")
    return sorted(architectures), max(needs)


def macos_tag(data):
    """The wheel tag from what the binary says it needs, so pip on an older macOS refuses the
    wheel instead of installing a binary that cannot start. From macOS 11 on, pip knows only
    major versions (macosx_14_0), so a binary needing 14.2 is tagged for 15."""
    architectures, (major, minor) = macos_requirement(data)
    if major >= 11 and minor > 0:
        major, minor = major + 1, 0
    platform = "universal2" if architectures == ["arm64", "x86_64"] else architectures[0]
    return f"macosx_{major}_{minor}_{platform}"


def platform_tag(binary):
    """The wheel platform tag for the machines `binary` runs on."""
    with open(binary, "rb") as file:
        data = file.read()
    if data[:4] == b"\x7fELF":
        return manylinux_tag(data)
    if is_universal_macho(data) or data[:4] in THIN_MAGICS:
        return macos_tag(data)
    raise BinaryError(f"{binary} is no executable this build knows (ELF or Mach-O)")


# -- The hooks ------------------------------------------------------------------------------------


def shipped_binary():
    path = os.environ.get("WHATSNEW_BINARY")
    if not path:
        return None
    path = os.path.abspath(os.path.expanduser(path))
    if not os.path.isfile(path):
        raise BinaryError(f"WHATSNEW_BINARY={path}: no such file")
    return path


class WhatsNewVersion(MetadataHookInterface):
    """The package's version is the binary's, so a wheel names the whatsnew it runs."""

    PLUGIN_NAME = "custom"

    def update(self, metadata):
        metadata["version"] = package_version()


class WhatsNewBinary(BuildHookInterface):
    """Ships WHATSNEW_BINARY as the script `whatsnew`, in a wheel tagged for where it runs."""

    PLUGIN_NAME = "custom"

    def initialize(self, version, build_data):
        if self.target_name != "wheel":
            return
        binary = shipped_binary()
        if binary is None:
            self.app.display_info("whatsnew: no WHATSNEW_BINARY, so a pure wheel that runs the "
                                  "`whatsnew` on PATH")
            return
        tag = os.environ.get("WHATSNEW_PLATFORM_TAG") or platform_tag(binary)
        build_data["pure_python"] = False
        build_data["tag"] = f"py3-none-{tag}"
        build_data["shared_scripts"][binary] = "whatsnew"
        self.app.display_info(f"whatsnew: shipping {binary} as py3-none-{tag}")


if __name__ == "__main__":
    # `python3 hatch_build.py minimum-macos BINARY` prints the macOS a Mach-O binary needs
    # (14.0), for the Homebrew formula's `depends_on macos:`; `platform-tag BINARY` the wheel's tag.
    import sys
    try:
        if len(sys.argv) == 3 and sys.argv[1] == "minimum-macos":
            with open(sys.argv[2], "rb") as file:
                print("%d.%d" % macos_requirement(file.read())[1])
        elif len(sys.argv) == 3 and sys.argv[1] == "platform-tag":
            print(platform_tag(sys.argv[2]))
        else:
            sys.exit("usage: hatch_build.py minimum-macos|platform-tag BINARY")
    except (BinaryError, OSError, KeyError, struct.error) as error:
        sys.exit(f"hatch_build.py: {sys.argv[2]}: {error}")
