"""Run the fake Pico by hand, to try deploy and export without hardware:

    .venv/bin/python -m host_tools.fakedevice [--dir FOLDER] [--idle SECONDS]
    host_tools/gin deploy --port socket://127.0.0.1:PORT     (in another terminal)

It prints its URL, keeps its files in FOLDER (default: a temporary folder,
removed at the end) and stops after --idle seconds without a client, or on Ctrl-C.
"""
import argparse
import os
import time

from host_tools.fakedevice import FakeDevice


def main():
    p = argparse.ArgumentParser(prog="python -m host_tools.fakedevice", description=__doc__.split("\n\n")[0])
    p.add_argument("--dir", help="the device's filesystem, a folder on the PC (kept)")
    p.add_argument("--idle", type=float, default=600.0, help="stop after this many seconds without a client")
    args = p.parse_args()
    if args.dir:
        os.makedirs(args.dir, exist_ok=True)
    dev = FakeDevice(root=args.dir and os.path.abspath(args.dir), idle=args.idle, life=24 * 3600.0)
    dev.start()
    print("fake Pico at %s (files in %s); Ctrl-C stops it" % (dev.url, dev.root), flush=True)
    try:
        while dev._thread.is_alive():
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        dev.stop()


if __name__ == "__main__":
    main()
