"""The device UI: screens on a back stack, drawn through the platform's fonts.

app.App owns the stack and the frame loop; screen.Screen is the base of
every screen, and each screen or flow is a module in screens/ (the app
imports them, they never import the app); widgets.py holds the reusable
pieces (lists, number fields); text.py (the ids) and lang/ (a module per
language) hold every string the device shows; platform.py joins a board to
the app. The match itself lives below, in play/.
"""
