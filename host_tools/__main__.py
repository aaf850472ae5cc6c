"""host_tools/gin: a table of commands, one handler each.

Every handler takes the remaining arguments. Exit status, the same for
every command: 0 done, 1 a check failed (`gin test` with a failing test),
2 bad input or use - one line `gin: message` on standard error (a GinError,
an unknown or missing command, an option a command does not know).
`gin --help` and `gin COMMAND --help` print the usage and exit 0; `gin`
alone prints it too, as a missing command: exit 2.
"""
import sys

from host_tools.errors import GinError, shorten

# name -> (module under host_tools, one-line help). Modules load only when used,
# so `gin test` does not pay for the simulator and so on.
COMMANDS = {
    "bench": ("bench.cmd_bench", "time the rules core on CPython (with RLCard, OpenSpiel) and MicroPython"),
    "club": ("score.cmd_club", "a club night (round robin, knockout, Swiss): pairings, standings and the pot"),
    "deadwood": ("score.cmd_deadwood", "best melds and deadwood of 10 cards, or of 11 with the best discard"),
    "hand": ("score.cmd_hand", "a whole hand from both players' cards: lay-offs, outcome and points"),
    "deploy": ("deploy.cmd_deploy", "put the firmware on a Pico with MicroPython (--dry-run, --scan)"),
    "firmware": ("deploy.cmd_firmware", "build one UF2 with the app frozen in (from a MicroPython source tree)"),
    "export": ("export.cmd_export", "saved matches as a CSV of every hand and an HTML score sheet with charts"),
    "game": ("score.cmd_game", "score sheet of a match from hands given as JSON lines"),
    "sim": ("sim.cmd_sim", "the device's firmware in a terminal: play it with the keys; the match is saved"),
    "test": ("cmd_test", "run every test on CPython and MicroPython, and the mpy-cross compile check"),
}


def usage():
    lines = ["usage: host_tools/gin COMMAND [ARGS...]", "", "commands:"]
    for name in sorted(COMMANDS):
        lines.append("  %-9s %s" % (name, COMMANDS[name][1]))
    lines.append("")
    lines.append("host_tools/gin COMMAND --help shows a command's options.")
    return "\n".join(lines)


def main(argv=None):
    try:
        try:
            return _run(sys.argv[1:] if argv is None else argv)
        finally:
            sys.stdout.flush()  # here (also after argparse's --help), not at exit, where it is a traceback
    except BrokenPipeError:
        # The reader went away (| head): stop quietly, as other command-line
        # tools do; stdout goes to /dev/null so the exit flush cannot fail.
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _run(argv):
    if not argv:
        print(usage(), file=sys.stderr)
        print("gin: no command given", file=sys.stderr)
        return 2
    if argv[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    name, args = argv[0], argv[1:]
    if name not in COMMANDS:
        print("gin: unknown command %r (commands: %s)" % (name, ", ".join(sorted(COMMANDS))), file=sys.stderr)
        return 2
    module = __import__("host_tools." + COMMANDS[name][0], fromlist=["main"])
    try:
        return module.main(args) or 0
    except GinError as e:
        # One line whatever a device or a folder put into the message (devtext),
        # with echoed junk cut to its start and end first (errors.shorten).
        from host_tools.devtext import visible
        print("gin: %s" % visible(shorten(e), 2000), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
