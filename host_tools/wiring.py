"""Draw the wiring diagram of every board in boards/ as a small PNG.

    .venv/bin/python -m host_tools.wiring        writes boards/<name>.png

The pins come from the board modules themselves (SDA, SCL, SCK, MOSI, CS,
DC, RES, BUTTONS), so a diagram cannot disagree with the code; a test
redraws them and compares with the committed images.
"""
import importlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def board_names():
    """Every board module in boards/ (boards/NAME.py), so a new one is drawn
    and tested without being listed anywhere."""
    names = []
    for f in os.listdir(os.path.join(ROOT, "boards")):
        if f.endswith(".py") and not f.startswith("_"):
            names.append(f[:-3])
    return tuple(sorted(names))


BOARDS = board_names()

# Raspberry Pi Pico header: physical pin -> name (same on Pico W and Pico 2).
PICO = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND",
    9: "GP6", 10: "GP7", 11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11",
    16: "GP12", 17: "GP13", 18: "GND", 19: "GP14", 20: "GP15", 21: "GP16", 22: "GP17",
    23: "GND", 24: "GP18", 25: "GP19", 26: "GP20", 27: "GP21", 28: "GND", 29: "GP22",
    30: "RUN", 31: "GP26", 32: "GP27", 33: "AGND", 34: "GP28", 35: "ADC_VREF",
    36: "3V3", 37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS",
}


def physical(gp):
    """GPIO number -> Pico header pin number."""
    name = "GP%d" % gp
    for pin, n in PICO.items():
        if n == name:
            return pin
    raise ValueError(name)


W, H = 640, 430
PX0, PX1 = 250, 390       # the Pico's left and right edges
PY0, STEP = 58, 17        # pin 1's y and the pin pitch
COLORS = {"GND": (40, 40, 40), "3V3": (200, 30, 30), "SDA": (30, 110, 200), "SCL": (230, 150, 0),
          "SCK": (230, 150, 0), "MOSI": (30, 110, 200), "CS": (140, 60, 170), "DC": (20, 150, 120),
          "RES": (150, 90, 40), "BTN": (90, 140, 40)}


def pin_xy(pin):
    if pin <= 20:
        return PX0, PY0 + (pin - 1) * STEP
    return PX1, PY0 + (40 - pin) * STEP


def _font():
    from PIL import ImageFont
    return ImageFont.load_default()


def draw(mod):
    from PIL import Image, ImageDraw
    im = Image.new("RGB", (W, H), (255, 255, 255))
    d = ImageDraw.Draw(im)
    f = _font()
    d.text((10, 8), "%s - %s" % (mod.NAME, mod.TITLE), fill=(0, 0, 0), font=f)
    # the Pico
    d.rectangle([PX0, PY0 - 18, PX1, PY0 + 19 * STEP + 12], outline=(0, 90, 0), fill=(225, 240, 225), width=2)
    d.rectangle([PX0 + 28, PY0 - 26, PX1 - 28, PY0 - 14], outline=(120, 120, 120), fill=(200, 200, 200))
    d.text((PX0 - 50, PY0 + 19 * STEP + 16), "Raspberry Pi Pico (top view, USB up)", fill=(0, 90, 0), font=f)
    used = {}

    def wire(pin, to, color, label):
        x, y = pin_xy(pin)
        used[pin] = label
        pts = [(x, y)] + to
        d.line(pts, fill=color, width=3)
        for p in (pts[0], pts[-1]):
            d.ellipse([p[0] - 3, p[1] - 3, p[0] + 3, p[1] + 3], fill=color)

    # the OLED module, right of the Pico
    ox, oy = 505, 50
    chip = "%s %dx%d" % ((getattr(mod, "DISPLAY_CHIP", "ssd1306").upper(),) + getattr(mod, "GLASS", (mod.WIDTH, mod.HEIGHT)))
    if hasattr(mod, "SDA"):
        rows = [("GND", 38), ("VCC", 36), ("SCL", physical(mod.SCL)), ("SDA", physical(mod.SDA))]
        if getattr(mod, "RES", None) is not None:   # a module that needs RES pulsed (SSD1309)
            rows.append(("RES", physical(mod.RES)))
        caption = "%s I2C (0x%02X)" % (chip, mod.ADDR)
    else:
        rows = [("GND", 38), ("VCC", 36), ("D0/SCK", physical(mod.SCK)), ("D1/MOSI", physical(mod.MOSI)),
                ("RES", physical(mod.RES)) if hasattr(mod, "RES") else ("BL", physical(mod.BACKLIGHT)),
                ("DC", physical(mod.DC)), ("CS", physical(mod.CS))]
        caption = "%s SPI" % chip
    d.rectangle([ox, oy, ox + 120, oy + 20 + 18 * len(rows)], outline=(0, 0, 120), fill=(20, 30, 60), width=2)
    d.rectangle([ox + 50, oy + 8, ox + 112, oy + 12 + 18 * len(rows)], fill=(60, 90, 160))
    d.text((ox - 10, oy + 26 + 18 * len(rows)), caption, fill=(0, 0, 120), font=f)
    for i, (name, pin) in enumerate(rows):
        py = oy + 16 + 18 * i
        d.text((ox + 6, py - 6), name, fill=(255, 255, 255), font=f)
        key = name.split("/")[-1] if name not in ("VCC",) else "3V3"
        color = COLORS.get(key, (0, 0, 0))
        x, y = pin_xy(pin)
        if pin > 20:
            lane = PX1 + 30 + 14 * i
            wire(pin, [(lane, y), (lane, py), (ox, py)], color, name)
        else:
            lane_x = PX0 - 50 - 12 * i
            top = 26 + 4 * i
            wire(pin, [(lane_x, y), (lane_x, top), (ox - 12 - 8 * i, top), (ox - 12 - 8 * i, py), (ox, py)],
                 color, name)
    # the buttons (or the encoder), left of the Pico, each to ground (pin 18)
    gnd_x = 40
    gy = pin_xy(18)[1]
    if hasattr(mod, "ENCODER"):
        _encoder(d, f, mod, wire, used)
    for i, (name, gp) in enumerate(() if hasattr(mod, "ENCODER") else mod.BUTTONS):
        pin = physical(gp)
        x, y = pin_xy(pin)
        bx = 150
        wire(pin, [(bx + 30, y)], COLORS["BTN"], name)
        d.line([(bx + 30, y), (bx + 22, y - 8)], fill=(0, 0, 0), width=2)   # the switch
        d.line([(bx + 10, y), (gnd_x, y)], fill=COLORS["GND"], width=2)
        d.text((bx - 34, y - 18), name, fill=(0, 0, 0), font=f)
    if not hasattr(mod, "ENCODER"):
        d.line([(gnd_x, pin_xy(physical(mod.BUTTONS[0][1]))[1]), (gnd_x, gy + 24), (PX0 - 8, gy + 24),
                (PX0 - 8, gy), (PX0, gy)], fill=COLORS["GND"], width=3)
        d.text((gnd_x - 30, gy + 28), "buttons to GND (internal pull-ups)", fill=(0, 0, 0), font=f)
        if getattr(mod, "THREE_BUTTON", False):
            d.text((gnd_x - 30, gy + 42), "Back = hold OK", fill=(0, 0, 0), font=f)
    used[18] = "GND"
    # battery
    bx, by = pin_xy(39)
    d.line([(bx, by), (bx + 16, by), (bx + 16, H - 30), (bx + 30, H - 30)], fill=(200, 30, 30), width=3)
    used[39] = "VSYS"
    d.text((bx + 34, H - 42), "VSYS: battery + (optional, 3.3-5.5 V)", fill=(200, 30, 30), font=f)
    if getattr(mod, "VSYS_ENABLE", None) is not None:   # Pico W / Pico 2 W
        d.text((bx + 34, H - 28), "read on GP29/ADC3 with GP%d high" % mod.VSYS_ENABLE,
               fill=(200, 30, 30), font=f)
        d.text((10, H - 14), "Pico W / Pico 2 W: GP23-25, GP29 are the wireless chip's",
               fill=(0, 90, 0), font=f)
    else:
        d.text((bx + 34, H - 28), "level read on GP29/ADC3 (VSYS/3)", fill=(200, 30, 30), font=f)
    # pin labels on the board
    for pin, name in PICO.items():
        x, y = pin_xy(pin)
        bold = pin in used
        col = (0, 0, 0) if bold else (150, 160, 150)
        label = "%d %s" % (pin, name) if pin <= 20 else "%s %d" % (name, pin)
        tw = d.textlength(label, font=f)
        tx = x + 5 if pin <= 20 else x - 5 - tw
        d.text((tx, y - 6), label, fill=col, font=f)
        d.rectangle([x - 2, y - 2, x + 2, y + 2], fill=(0, 0, 0) if bold else (180, 180, 180))
    return im.quantize(colors=16)


def _encoder(d, f, mod, wire, used):
    """The encoder module (KY-040, or a bare EC11) left of the Pico: CLK (A),
    DT (B), SW on their GPIOs, GND to pin 18, + to 3V3."""
    a, b = mod.ENCODER
    rows = [("CLK (A)", physical(a)), ("DT (B)", physical(b)), ("SW (push)", physical(mod.BUTTONS[0][1])),
            ("GND", 18)]
    ys = [pin_xy(pin)[1] for _, pin in rows]
    x0, x1 = 30, 160
    d.rectangle([x0, ys[0] - 22, x1, ys[-1] + 14], outline=(0, 0, 0), fill=(235, 235, 235), width=2)
    cx, cy = x0 + 26, (ys[0] + ys[-1]) // 2
    d.ellipse([cx - 16, cy - 16, cx + 16, cy + 16], outline=(0, 0, 0), fill=(190, 190, 190), width=2)
    d.ellipse([cx - 6, cy - 6, cx + 6, cy + 6], fill=(90, 90, 90))
    d.text((x0, ys[0] - 36), "rotary encoder", fill=(0, 0, 0), font=f)
    for name, pin in rows:
        x, y = pin_xy(pin)
        d.text((x1 - 4 - d.textlength(name, font=f), y - 6), name, fill=(0, 0, 0), font=f)
        wire(pin, [(x1, y)], COLORS["GND"] if name == "GND" else COLORS["BTN"], name)
    d.text((x0 - 20, ys[-1] + 22), "KY-040: + to 3V3 (pin 36)", fill=(0, 0, 0), font=f)
    d.text((x0 - 20, ys[-1] + 36), "turn = Up/Down, push = OK,", fill=(0, 0, 0), font=f)
    d.text((x0 - 20, ys[-1] + 50), "hold the push = Back", fill=(0, 0, 0), font=f)


def image_path(name):
    return os.path.join(ROOT, "boards", name + ".png")


def main(argv):
    sys.path.insert(0, os.path.join(ROOT, "boards"))
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "fakes"))
    for name in BOARDS:
        im = draw(importlib.import_module(name))
        im.save(image_path(name), optimize=True)
        print("wiring: wrote boards/%s.png" % name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
