"""The screens: one module per screen or flow, each built on ui.screen.Screen."""
