"""gin sim: the device's firmware on the PC, in a terminal.

    host_tools/gin sim [--board NAME] [--data DIR]
    host_tools/gin sim --keys "ok ok down*8 ok" [--screenshot FILE.png]

The real app runs on the same stand-ins as the tests: a board module from
boards/, the fake machine, the SSD1306 panel emulator and the firmware's
main loop. The OLED is drawn with half blocks at its own size (128 x 32
characters, in a terminal of 128 x 34; the 0.91" 128x32 panel of
--board pico_i2c_128x32 128 x 16, in 128 x 18), or at half size in braille
(64 x 16) in a smaller terminal down to 64 x 18 (120 x 40, 80 x 24). The match is saved in DIR (default sim-data/ in
the repository) in the layout of the Pico's flash, so the next start
resumes it and `host_tools/gin export --from DIR` reads it.

keys: arrows Up/Down (Right = OK, Left = Back too), Enter = OK,
Esc or Backspace = Back (on a three-button board: OK held; on an encoder
board, pico_i2c_encoder, the arrows turn the knob a detent, Enter pushes
it, Esc or Backspace is a long push), l then a key
(or Shift+arrow) = long press, h then a key = hold it down until the next
key (Hold OK to confirm), q or Ctrl-C = quit.

--keys plays a script instead, once the start screen has gone, and prints
the final screen: up, down, ok, back (taps), long:KEY (held 0.575 s),
hold:KEY:MS, wait:MS, and WORD*N for N times; spaces or commas between.
"""
import argparse
import os
import shlex
import sys

from host_tools.sim import sim_device, sim_keys, sim_screen
from host_tools.errors import GinError


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise GinError("sim: %s" % message)


def parse(argv):
    doc = __doc__.split("\n\n")
    p = _Parser(prog="host_tools/gin sim", description="\n\n".join(doc[2:]),
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--board", default=sim_device.DEFAULT_BOARD, metavar="NAME",
                   help="board module from boards/ (default %s; also: %s)"
                   % (sim_device.DEFAULT_BOARD, ", ".join(
                       n for n in sim_device.board_names() if n != sim_device.DEFAULT_BOARD)))
    p.add_argument("--data", metavar="DIR", default=None,
                   help="folder the match is saved in (default: sim-data/ in the repository)")
    p.add_argument("--keys", metavar="SCRIPT", default=None,
                   help="play these keys, print the final screen and exit (see above)")
    p.add_argument("--screenshot", metavar="FILE.png", default=None,
                   help="save the final screen as a PNG (with --keys; interactive: on quitting)")
    p.add_argument("--serve", type=int, default=None, metavar="PORT",
                   help="serve the live page and its JSON on http://127.0.0.1:PORT/ (0: a free port); "
                   "with --keys it serves on after the script until Ctrl-C")
    p.add_argument("--scale", type=int, default=2, metavar="N",
                   help="pixels per OLED pixel in the PNG (default 2)")
    return p.parse_args(argv)


def user_path(path):
    # host_tools/gin keeps the user's folder as the cwd
    return os.path.normpath(os.path.join(os.getcwd(), os.path.expanduser(path)))


def _screenshot(dev, path, scale):
    try:
        dev.panel.save_png(path, scale=scale)
    except OSError as e:
        raise GinError("sim: cannot write %s (%s)" % (path, e.strerror or e))


def again(args, data):
    """The command that opens this very device again: its board and folder."""
    cmd = ["host_tools/gin", "sim"]
    if args.board != sim_device.DEFAULT_BOARD:
        cmd += ["--board", args.board]
    if args.data:
        cmd += ["--data", data]
    return " ".join(shlex.quote(a) for a in cmd)


def play(dev, script):
    """Run a parsed script on a device that has just been powered up."""
    dev.run(sim_device.START_MS)
    for act in script:
        if act[0] == "wait":
            dev.run(act[1])
        else:
            _, button, hold_ms, gap_ms = act
            dev.press(button, hold_ms, gap_ms)


def main(argv, out=None):
    args = parse(argv)
    out = out or sys.stdout
    script = sim_keys.parse_script(args.keys) if args.keys is not None else None
    if not 1 <= args.scale <= 16:
        raise GinError("sim: --scale %d is not from 1 to 16" % args.scale)
    data = user_path(args.data) if args.data else sim_device.DEFAULT_DATA
    shot = user_path(args.screenshot) if args.screenshot else None
    if shot and not os.path.isdir(os.path.dirname(shot)):
        raise GinError("sim: no folder for --screenshot %s" % args.screenshot)
    sim_device.check_board(args.board)
    if args.serve is not None and not 0 <= args.serve <= 65535:
        raise GinError("sim: --serve %d is not a port (0 to 65535)" % args.serve)
    if script is None and not (sys.stdin.isatty() and out.isatty()):
        raise GinError("sim: needs a terminal to play in (or --keys \"...\" for a scripted run)")
    sim_device.prepare_data(data)
    lock = _lock(data)
    try:
        dev = sim_device.SimDevice(args.board, data, serve=args.serve)
        if script is not None:
            play(dev, script)
            out.write("\n".join(sim_screen.rows(dev.pixels(), dev.height)) + "\n")
            if args.serve is not None:
                serve_on(dev, out)
        else:
            from host_tools.sim import sim_term
            status = "%s (%s) - saved in %s" % (args.board, dev.title, data)
            if args.serve is not None:
                status += " - page: http://127.0.0.1:%d/" % dev.serve
            sim_term.Session(dev, status, out=out).run()
            print("gin sim: the match is saved in %s; `%s` carries on with it."
                  % (data, again(args, data)), file=out)
        if shot:
            _screenshot(dev, shot, args.scale)
    finally:
        os.remove(lock)
    return 0


def serve_on(dev, out):
    """After a script: the device runs on in real time, serving, until Ctrl-C."""
    import time
    out.write("gin sim: serving http://127.0.0.1:%d/ (Ctrl-C stops)\n" % dev.serve)
    out.flush()
    start = time.monotonic()
    turns = 0
    try:
        while True:
            dev.step()
            turns += 1
            ahead = start + turns * sim_device.STEP_MS / 1000.0 - time.monotonic()
            if ahead > 0:
                time.sleep(ahead)
    except KeyboardInterrupt:
        pass


LOCK = ".sim-lock"


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _lock(data):
    """One simulator per data folder: two would write the same store."""
    path = os.path.join(data, LOCK)
    for _ in range(3):
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            try:
                with open(path) as f:
                    pid = int(f.read().strip() or "0")
            except (OSError, ValueError):
                pid = 0
            if pid and pid != os.getpid() and _alive(pid):
                raise GinError("sim: another gin sim (process %d) is using %s; quit it or use --data"
                               % (pid, data))
            try:
                os.remove(path)  # left behind by a simulator that was killed
            except FileNotFoundError:
                pass
            continue
        os.write(fd, b"%d\n" % os.getpid())
        os.close(fd)
        return path
    raise GinError("sim: cannot lock %s" % data)
