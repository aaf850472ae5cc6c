"""The game in play, below the screens: the match on the table and every
change to it (model.py), and how it is kept on flash (persist.py, over
storage/). It needs neither screens nor words: the screens call it and
show what it says."""
