"""The native code emitter for the few hot loops of the card search.

MicroPython compiles a function to machine code when it is decorated
`@micropython.native`, but only as those very words: the compiler reads them,
there is no `micropython.native` to call at run time, and a port without
the emitter (the PC's WebAssembly build) refuses them. So a hot function
says `@native` (this identity decorator: plain bytecode under CPython and
the WebAssembly MicroPython, and in files copied onto a Pico), and
`gin firmware` turns that into `@micropython.native` in the copy it freezes
(host_tools/deploy/cmd_firmware.py native_text), where mpy-cross is told
the chip's architecture. The frozen machine code lives in flash.

The emitter path is checked against the plain one on MicroPython's unix port
(tests/host/test_native_path.py) and, frozen, in the RP2040 emulator.
"""


def native(f):
    return f
