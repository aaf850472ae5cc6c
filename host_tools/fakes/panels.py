"""The panel stand-in a board module's display is, wired as the board wires it.

    from panels import attach
    panel = attach(board_module)   # on the fake machine's bus, RES line included

DISPLAY_CHIP in the board module names the chip ("ssd1306" when absent);
each has its stand-in here, decoding the bytes as that chip does.
"""
import machine


def make(mod):
    chip = getattr(mod, "DISPLAY_CHIP", "ssd1306")
    if chip == "sh1106":
        from sh1106_panel import Panel
        return Panel()
    if chip == "sh1107":
        from sh1107_panel import Panel
        return Panel()
    if chip == "st7789":
        from st7789_panel import Panel
        return Panel()
    if chip == "ssd1309":
        from ssd1309_panel import Panel
        return Panel()
    from ssd1306_panel import Panel
    return Panel(getattr(mod, "HEIGHT", 64))   # the glass the board's module has


def attach(mod, panel=None):
    """panel (default: make(mod)) on the board's bus: SPI with CS, DC and
    RES, or I2C at ADDR (with RES when the module has one)."""
    if panel is None:
        panel = make(mod)
    res = getattr(mod, "RES", None)
    if hasattr(mod, "SPI_ID"):
        machine.spi_bus(mod.SPI_ID).attach(panel, cs=mod.CS, dc=mod.DC, res=res)
        bl = getattr(mod, "BACKLIGHT", None)
        if bl is not None:
            panel.backlight_line = machine.line(bl)   # its brightness is the PWM on that pin
    else:
        machine.i2c_bus(mod.I2C_ID).attach(mod.ADDR, panel)
        if res is not None:
            panel.res_line = machine.line(res)
    return panel
