"""The device UI: screens on a back stack, drawn through the platform's fonts.

app.App owns the stack and the frame loop; each screen is a small class in a
scr_*.py module; widgets.py holds the reusable pieces (lists, number fields);
text.py and lang_*.py hold every string the device shows, in four languages.
The adapters keys.py, gfx.py, sheet.py and store.py are the only places that
know the platform, the scoring engine and the storage module.
"""
