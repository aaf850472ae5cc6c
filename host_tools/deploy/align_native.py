"""The app's machine code put on 4-byte boundaries in the frozen firmware.

The card search's hot loops are frozen as machine code (gincore/fast.py).
MicroPython 1.28's freezer (tools/mpy-tool.py) aligns the RP2040's Thumb
machine code to 2 bytes, but that code takes 4 for granted: every call reads
the function's first word with a 4-byte load, which stops a Cortex-M0+ with
a HardFault when the code sits 2 bytes past a boundary, and its long jumps
read their distance from a word placed as if the code started on one.
Which functions land 2 bytes off depends on the sizes of all the code
before them.

So gin firmware's board folder has the build run align() on the frozen
code's C file as soon as MicroPython writes it (CMAKE, added to the board's
mpconfigboard.cmake), and after the build misplaced() reads the firmware's
symbols (arm-none-eabi-nm) and refuses a UF2 with machine code off a
boundary.

    python align_native.py build/frozen_content.c
"""
import re
import sys

TWO = "__attribute__ ((aligned (2)))"
FOUR = "__attribute__ ((aligned (4)))"

# Appended to the staged board's mpconfigboard.cmake (%s: this file). DEFER:
# the frozen code's target is made after the board's file is read.
CMAKE = """
# Added by gin firmware: the frozen machine code on 4-byte boundaries
# (host_tools/deploy/align_native.py says why).
function(gin_align_native)
    add_custom_command(TARGET BUILD_FROZEN_CONTENT POST_BUILD
        COMMAND ${Python3_EXECUTABLE} "%s" ${MICROPY_FROZEN_CONTENT} VERBATIM)
endfunction()
cmake_language(DEFER CALL gin_align_native)
"""


def align(path):
    """The 2-byte alignments of the C file at path made 4; how many."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    n = text.count(TWO)
    if n:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace(TWO, FOUR))
    return n


_SYMBOL = re.compile(r"^([0-9a-fA-F]+) [tT] (fun_data_\S+)$")


def misplaced(nm_text):
    """The frozen functions in the code section (machine code: bytecode is
    data) that nm's listing puts off a 4-byte boundary: [(address, name)]."""
    out = []
    for line in nm_text.splitlines():
        m = _SYMBOL.match(line.strip())
        if m and int(m.group(1), 16) % 4:
            out.append((int(m.group(1), 16), m.group(2)))
    return out


if __name__ == "__main__":
    print("align_native: %d frozen functions aligned to 4 bytes" % align(sys.argv[1]))
