"""The bottom room, below every other: what all of them use and none of
them owns - the clock's arithmetic (ticks.py)."""
