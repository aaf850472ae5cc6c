"""Helpers for tests that talk to the fake Pico through the real command line.

    with FakeDevice() as dev:
        proc = gin("deploy", "--port", dev.url)          # host_tools/gin, as a user runs it
        proc = mpremote(dev, "fs", "cat", ":main.py")    # the unmodified mpremote CLI
"""
import os
import shutil
import subprocess
import sys

from host_tools.mpy_compile import ROOT

GIN = os.path.join(ROOT, "host_tools", "gin")


def gin(*args, root=None, timeout=3600):  # a hang guard, not a speed check
    """Run host_tools/gin ARGS; root: deploy from this copy of the project."""
    env = dict(os.environ)
    if root:
        env["GIN_DEPLOY_ROOT"] = root
    return subprocess.run([GIN] + list(args), capture_output=True, text=True, timeout=timeout, env=env, cwd=ROOT)


def mpremote(dev, *args, timeout=3600):
    """Run the pinned, unmodified mpremote against the fake device."""
    return subprocess.run([sys.executable, "-m", "mpremote", "connect", dev.url] + list(args),
                          capture_output=True, text=True, timeout=timeout)


# A stand-in for firmware/main.py while the real one does not exist yet: it
# keeps the startup contract (first line "gin-score-device <VERSION>").
STAND_IN_MAIN = 'import gincore\nprint("gin-score-device", gincore.VERSION)\nimport board\n'
STAND_IN_BOARD = "from micropython import const\nI2C_ID = const(0)\nSDA = const(4)\nSCL = const(5)\n"


def copy_project(dest, main=None, board=None):
    """A copy of firmware/ and boards/ in dest, to deploy and then change.
    main/board: replace firmware/main.py or add boards/pico_i2c.py."""
    shutil.copytree(os.path.join(ROOT, "firmware"), os.path.join(dest, "firmware"),
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copytree(os.path.join(ROOT, "boards"), os.path.join(dest, "boards"),
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    main_py = os.path.join(dest, "firmware", "main.py")
    if main is not None or not os.path.exists(main_py):
        with open(main_py, "w") as f:
            f.write(STAND_IN_MAIN if main is None else main)
    pico = os.path.join(dest, "boards", "pico_i2c.py")
    if board is not None or not os.path.exists(pico):
        with open(pico, "w") as f:
            f.write(STAND_IN_BOARD if board is None else board)
    return dest


def small_project(dest, main, version="0.1.0"):
    """A project with only gincore/__init__.py, a board and the given main.py:
    quick to deploy, for the start-up checks."""
    os.makedirs(os.path.join(dest, "firmware", "gincore"))
    os.makedirs(os.path.join(dest, "boards"))
    with open(os.path.join(dest, "firmware", "gincore", "__init__.py"), "w") as f:
        f.write('VERSION = "%s"\n' % version)
    with open(os.path.join(dest, "firmware", "main.py"), "w") as f:
        f.write(main)
    with open(os.path.join(dest, "boards", "pico_i2c.py"), "w") as f:
        f.write(STAND_IN_BOARD)
    return dest
