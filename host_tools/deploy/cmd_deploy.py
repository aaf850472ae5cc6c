"""host_tools/gin deploy: put the firmware on a Pico running MicroPython.

    host_tools/gin deploy [--board NAME] [--port PORT] [--dry-run] [--scan]

Finds the Pico (or uses --port: a serial device, or a pyserial URL such as
socket://host:port), reads its MicroPython version and .mpy format, compiles
the firmware with the matching mpy-cross, copies only the files whose SHA-256
on the device differs, soft-resets and waits for the app's first line,
"gin-score-device <VERSION>". --scan lists the I2C addresses on the board's bus.
"""
import argparse
import ast
import os
import re
import sys

from host_tools.deploy import deploy_build as build
from host_tools.deploy.deploy_link import Device, find_port
from host_tools.devtext import visible
from host_tools.errors import GinError
from host_tools.mpy_compile import ROOT

MANIFEST = "/.gin-deploy"  # what the last deploy put there, so it can tidy up later
BLOCK = 4096               # littlefs block: every file takes whole blocks
ASSUMED_PICO = 6 | 3 << 8 | 4 << 10  # sys.implementation._mpy of a Pico: .mpy 6.3, armv6m (dry run, no device)

# The RP2040's I2C pin pairs (bus, SDA, SCL), GP0/GP1 to GP26/GP27, for --scan
# when the board file does not name its pins.
PICO_I2C_PAIRS = [((sda // 2) % 2, sda, sda + 1) for sda in (0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 26)]


class Parser(argparse.ArgumentParser):
    def error(self, message):
        raise GinError("deploy: " + message)


def parse(argv):
    p = Parser(prog="host_tools/gin deploy", description=__doc__.split("\n\n")[1],
               formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--board", metavar="NAME", help="board module from boards/ (default: the only one, or pico_i2c)")
    p.add_argument("--port", metavar="PORT", help="serial port or pyserial URL (default: the one Pico on USB)")
    p.add_argument("--dry-run", action="store_true", help="print the plan; copy nothing")
    p.add_argument("--scan", action="store_true", help="list the I2C addresses found on the board's bus; copy nothing")
    p.add_argument("--wifi", metavar="SSID", help="a Pico W joins this Wi-Fi for Phones (the password is asked, "
                   "kept on the device only); - removes it (host_tools/deploy/deploy_wifi.py)")
    p.add_argument("--organiser", metavar="HOST[:PORT]", help="with --wifi: a table device of a club night finds "
                   "the organiser's device at this address on that Wi-Fi (default: the network's gateway)")
    p.add_argument("--club-key", metavar="FILE", help="a club's Pico Ws share this key (FILE on the PC, made the "
                   "first time): table devices sign their joins with it and find the organiser's own network")
    return p.parse_args(argv)


def kb(n):
    return "%.1f KB" % (n / 1024.0)


def blocks(size):
    return max(1, (size + BLOCK - 1) // BLOCK) * BLOCK


def check_device(info):
    """Refuse what cannot run the firmware; return the .mpy tag to compile for."""
    name, version, tag, machine, platform, free = info[:6]
    if name != "micropython":
        raise GinError("the device runs %s, not MicroPython: flash MicroPython's UF2 for the Pico (docs/hardware.md: Deploy)" % visible(name, 60))
    if tuple(version) < build.MIN_VERSION or not tag:
        raise GinError("MicroPython %s is too old (deploy needs %s or newer): flash a newer UF2 (docs/hardware.md: Deploy)"
                       % (build.version_text(version), build.version_text(build.MIN_VERSION)))
    build.compiler_for(tag)  # refuses a .mpy version with no matching mpy-cross
    return tag


def describe(info):
    name, version, tag, machine, platform, free = info[:6]
    major, sub, arch = build.decode_mpy(tag)
    room = ", %s free" % kb(free) if free >= 0 else ""
    text = "MicroPython %s on %s (.mpy %d.%d, %s)%s" % (
        build.version_text(version), visible(machine or platform, 100), major, sub, arch or "bytecode only", room)
    frozen = frozen_app(info)
    if frozen:
        text += "; the app %s frozen in (board %s)" % tuple(visible(x, 40) for x in frozen)
    return text


def frozen_app(info):
    """(version, board) of the app frozen into the device's firmware (gin
    firmware), or None."""
    return tuple(info[6]) if len(info) > 6 and info[6] else None


def frozen_plan(items, frozen, board, version):
    """What to copy to a device whose firmware holds the app frozen in:
    nothing of the same version (the files would only take RAM and shadow
    it), but a board override when the wiring differs; everything when the
    versions differ (files win over frozen modules; main.py and boot.py stay
    the frozen ones). Returns (items, a line saying which)."""
    if frozen is None:
        return items, None
    fv, fboard = frozen
    fv_shown, fboard_shown = visible(fv, 40), visible(fboard, 40)
    if fv != version:
        return items, ("the firmware holds app %s frozen in; these files (%s) take its place, except "
                       "main.py and boot.py: build a new UF2 (gin firmware) to update those" % (fv_shown, version))
    keep = [it for it in items if it.dest == build.BOARD_MODULE + ".mpy" and board != fboard]
    if keep:
        return keep, "the app %s is frozen in: only the board %s goes on (the firmware has %s)" % (
            fv_shown, board, fboard_shown)
    return [], "the app %s is frozen in with board %s: no file to copy (files left by an earlier deploy go)" % (
        fv_shown, fboard_shown)


def board_consts(board, root=ROOT):
    """{NAME: int} of the top-level integer constants in boards/NAME.py (read, not run)."""
    path = os.path.join(root, "boards", board + ".py")
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError):
        return {}
    found = {}
    for node in tree.body:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name):
            continue
        value = node.value
        if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "const" and value.args:
            value = value.args[0]
        if isinstance(value, ast.Constant) and isinstance(value.value, int) and not isinstance(value.value, bool):
            found[node.targets[0].id.upper()] = value.value
    return found


def _first(consts, test):
    for key in sorted(consts):
        if test(key):
            return consts[key]
    return None


def board_pins(board, root=ROOT):
    """[(bus, sda, scl)] named in boards/NAME.py (constants with SDA/SCL in
    their names, optionally I2C_ID or I2C_BUS), or None."""
    c = board_consts(board, root)
    sda = _first(c, lambda k: "SDA" in k)
    scl = _first(c, lambda k: "SCL" in k and "SCLK" not in k)
    if sda is None or scl is None:
        return None
    bus = _first(c, lambda k: "I2C_ID" in k or "I2C_BUS" in k)
    return [((sda // 2) % 2 if bus is None else bus, sda, scl)]


def board_chip(board, root=ROOT):
    """The display chip boards/NAME.py drives: its DISPLAY_CHIP ("sh1106"),
    or "ssd1306" (read, not run)."""
    path = os.path.join(root, "boards", board + ".py")
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError):
        return "ssd1306"
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                getattr(node.targets[0], "id", "") == "DISPLAY_CHIP" and \
                isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return node.value.value.lower()
    return "ssd1306"


CHIPS = {"ssd1306": ("SSD1306", "it answers reads with its status byte"),
         "sh1106": ("SH1106", "it reads its display RAM back, 8 pages of it"),
         "sh1107": ("SH1107", "it reads its display RAM back, 16 pages of it")}


def chip_line(addr, chip, board, root=ROOT):
    """What the probe (deploy_link.PROBE) found at addr, said for board."""
    if chip not in CHIPS:
        return ("an SSD1306, SH1106 or SH1107 at 0x%02X (cannot tell which by I2C): a picture shifted two columns "
                "with noise along one edge is an SH1106's (board %s)"
                % (addr, ", ".join(boards_for("sh1106", root)) or "with DISPLAY_CHIP = \"sh1106\""))
    name, why = CHIPS[chip]
    text = "0x%02X is an %s (%s)" % (addr, name, why)
    others = ", ".join(b for b in boards_for(chip, root) if b != board)
    if not others and (board is None or board_chip(board, root) != chip):
        return text + "; no I2C board here drives one"
    if board is None or not board_pins(board, root):
        return text + "; boards for it: %s" % others
    want = board_chip(board, root)
    if want == chip:
        return text + ", as board %s expects" % board
    return text + ", but board %s drives an %s: deploy with --board %s" % (board, CHIPS[want][0], others)


def boards_for(chip, root=ROOT):
    """The I2C boards in boards/ whose display is chip."""
    return [b for b in build.boards(root) if board_pins(b, root) and board_chip(b, root) == chip]


def board_addr(board, root=ROOT):
    """The display's I2C address the board file uses (ADDR, I2C_ADDR...), or None."""
    return _first(board_consts(board, root), lambda k: "ADDR" in k)


def do_scan(dev, board, out, root=ROOT):
    pins = board_pins(board, root) if board else None
    if board and not pins and "SPI_ID" in board_consts(board, root):
        print("board %s drives its display over SPI: there are no I2C addresses to find "
              "(check SCK, MOSI, CS, DC, RES); scanning I2C anyway" % board, file=out)
    # A board's own SPI and control pins are no I2C bus: not scanned (no false chip).
    owned = set(v for k, v in board_consts(board, root).items()
                if k in ("SCK", "MOSI", "CS", "DC", "RES", "BACKLIGHT")) if board else set()
    buses = pins or [p for p in PICO_I2C_PAIRS if not owned & set(p[1:])]
    print("scanning I2C (%s)" % ("pins of board " + board if pins else "every GP pin pair"), file=out)
    seen = set()
    displays = []
    for bus, sda, scl, addrs, err in dev.scan(buses):
        displays += [(bus, sda, scl, a) for a in addrs if a in (0x3C, 0x3D)]
        where = "I2C%d SDA=GP%d SCL=GP%d" % (bus, sda, scl)
        if err:
            print("  %s: error %s" % (where, visible(err, 120)), file=out)
        elif addrs:
            seen.update(addrs)
            print("  %s: %s" % (where, " ".join("0x%02X" % a for a in addrs)), file=out)
        elif len(buses) == 1:
            print("  %s: nothing answers" % where, file=out)
    want = board_addr(board, root) if pins else None
    if not seen:
        print("no I2C device answered: check power (3V3, GND) and the SDA/SCL wires", file=out)
    elif want is not None and want in seen:
        print("the display answers at 0x%02X, where board %s expects it" % (want, board), file=out)
    elif want is not None:
        other = [a for a in (0x3C, 0x3D) if a in seen]
        hint = ("an SSD1306 answers at 0x%02X: set ADDR = const(0x%02X) in boards/%s.py and deploy again"
                % (other[0], other[0], board)) if other else "no SSD1306 address (0x3C, 0x3D) answers"
        print("board %s expects the display at 0x%02X, which does not answer; %s" % (board, want, hint), file=out)
    else:
        print("an SSD1306 display answers at 0x3C or 0x3D; the board file must use that address", file=out)
    if displays:
        for (bus, sda, scl, a), chip in zip(displays, dev.probe(displays)):
            print(chip_line(a, chip, board, root), file=out)


def main(argv, root=None, out=None):
    args = parse(argv)
    out = out or sys.stdout
    # GIN_DEPLOY_ROOT: deploy another checkout of the project (the tests use a copy).
    root = root or os.environ.get("GIN_DEPLOY_ROOT") or ROOT
    try:
        board = build.choose_board(args.board, root)
    except GinError:
        if args.board or not args.scan:
            raise
        board = None  # --scan can do without a board: it then tries every pin pair

    if args.scan:
        dev = Device(args.port or find_port())
        try:
            check_device(dev.info())
            do_scan(dev, board, out, root)
        finally:
            leave_running(dev)
        return 0

    password = None
    if args.wifi not in (None, "-"):
        from host_tools.deploy import deploy_wifi
        if args.organiser is not None:
            deploy_wifi.check_organiser(args.organiser)
        password = deploy_wifi.ask_password(args.wifi)
        deploy_wifi.check(args.wifi, password)
    elif args.organiser is not None:
        raise GinError("deploy: --organiser goes with --wifi SSID (the Wi-Fi the organiser is on)")
    club = None
    if args.club_key is not None:
        if args.wifi == "-":
            raise GinError("deploy: --club-key cannot go with --wifi - (which removes the file the key is kept in)")
        from host_tools.deploy import deploy_wifi
        club, _ = deploy_wifi.club_key(args.club_key, out, make=not args.dry_run)
    items = build.plan(board, root)
    port = args.port
    if port is None:
        try:
            port = find_port()
        except GinError:
            if not args.dry_run:
                raise
            build.build(items, ASSUMED_PICO)
            print("no device found; the plan for a Pico with MicroPython 1.23 or newer:", file=out)
            print("board: %s -> /%s.mpy" % (board, build.BOARD_MODULE), file=out)
            for it in items:
                print("  copy  /%s (%s)" % (it.dest, kb(len(it.data))), file=out)
            print("dry run: nothing copied", file=out)
            return 0

    dev = Device(port)
    try:
        info = dev.info()
        tag = check_device(info)
        print("device: %s" % describe(info), file=out)
        items, why = frozen_plan(items, frozen_app(info), board, build.app_version(root))
        if why:
            print(why, file=out)
        else:
            print("board: %s -> /%s.mpy" % (board, build.BOARD_MODULE), file=out)
        build.build(items, tag)
        if (args.wifi is not None or club) and not args.dry_run:
            from host_tools.deploy import deploy_wifi
            deploy_wifi.put(dev, args.wifi, password, out, args.organiser, club)
        return deploy(dev, items, board, info, args.dry_run, out, root)
    finally:
        if dev.app_restarted:
            dev.close()
        else:
            leave_running(dev)  # refused or failed: the Pico goes back to what it ran


def deploy(dev, items, board, info, dry_run, out, root=ROOT):
    free = info[5]
    paths = ["/" + it.dest for it in items]
    # A leftover X.py next to X.mpy wins the import on MicroPython: remove it.
    shadows = ["/" + it.dest[:-4] + ".py" for it in items if it.compile_it]
    on_device = dev.hashes(paths + shadows)
    old_manifest = dev.ask("try:\n print(repr(open(%r).read()))\nexcept OSError:\n print(repr(''))" % MANIFEST,
                           "reading the last deploy's list", lambda v: isinstance(v, str))
    manifest = "".join(p + "\n" for p in sorted(paths))
    stale = [p for p in shadows if on_device.get(p)]
    stale += sorted(set(p for p in old_manifest.split() if deployed_path(p)) - set(paths) - set(stale))

    changed = []
    need = 0
    for it, path in zip(items, paths):
        old = on_device.get(path)
        if old and old[0] == it.sha256:
            continue
        changed.append((it, path, "changed" if old else "new"))
        need += blocks(len(it.data)) - (blocks(old[1]) if old else 0)
    # A folder none of whose files is there yet is new: littlefs gives it a metadata pair.
    dirs = {}
    for path in paths:
        for i in range(2, path.count("/") + 1):
            d = "/".join(path.split("/")[:i])
            dirs[d] = dirs.get(d, False) or bool(on_device.get(path))
    need += 2 * BLOCK * sum(1 for there in dirs.values() if not there)
    if not old_manifest:
        need += BLOCK
    # (stale files are removed after the copy, so they free nothing in time)

    for it, path, why in changed:
        print("  copy  %s (%s, %s)" % (path, kb(len(it.data)), why), file=out)
    for p in stale:
        print("  remove %s" % p, file=out)
    print("  %d unchanged" % (len(items) - len(changed)), file=out)
    if free >= 0 and need > free:
        raise GinError("flash full: the firmware needs %s more but the device has %s free; "
                       "delete old files with mpremote (docs/hardware.md: Deploy)" % (kb(need), kb(free)))
    if dry_run:
        print("dry run: nothing copied", file=out)
        leave_running(dev)
        return 0

    dev.mkdirs(sorted(dirs))
    for it, path, why in changed:
        dev.write(path, it.data)
    dev.remove(stale)
    if manifest != old_manifest:
        dev.write(MANIFEST, manifest.encode())
    print("copied %d file%s (%s), %d unchanged" % (
        len(changed), "" if len(changed) == 1 else "s", kb(sum(len(c[0].data) for c in changed)),
        len(items) - len(changed)), file=out)

    expect = "%s %s" % (build.STARTUP_LINE, build.app_version(root))
    line, _ = dev.restart(build.STARTUP_LINE)
    # "gin-score-device 0.1.0 files" (or "frozen": the app in the firmware image)
    if line.split()[:2] != expect.split():
        raise GinError("the device started '%s', expected '%s': is an old main.py still there?" % (line, expect))
    print("started: %s" % line, file=out)
    return 0


def deployed_path(p):
    """A path the last deploy's list may name: one deploy could have written
    (never the saved games in /gin); a damaged or forged list names others."""
    parts = p.split("/")
    return (re.fullmatch(r"/[A-Za-z0-9_.\-/]{1,200}", p) is not None and parts[1] != "gin"
            and not any(x in ("", ".", "..") for x in parts[1:]))


def leave_running(dev):
    """Back to the friendly REPL and soft-reset, so the app runs again as it did."""
    try:
        dev.guard.begin("leaving it running", min(5.0, dev.deadline))   # a fresh, short deadline
        dev.t.exit_raw_repl()
        dev.t.serial.write(b"\x04")
    except Exception:
        pass
    dev.app_restarted = True
    dev.close()
