"""The strings, one module per language: a tuple T in ui.text's order (only the chosen one is imported)."""
