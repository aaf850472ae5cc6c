# The app as MicroPython freezes it into a firmware image: its code then runs
# from flash instead of being loaded into RAM (MicroPython's manifest format;
# paths are relative to this file). `host_tools/gin firmware` builds the UF2:
# its own manifest includes the board's stock one, this one, the chosen
# boards/NAME.py as `board` and the SSD1306 driver (docs/firmware.md).
# Every module under firmware/ must be listed here (a test checks).
module("main.py")
module("boot.py")
package("base")
package("gincore")
package("storage")
package("play")
package("device")
package("ui")
package("net")   # Pico W: phones (QR codes, the page, the server); imported only while Phones runs
