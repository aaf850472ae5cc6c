# Deleting the finished matches kept on the device (Settings > Delete old
# matches, after the player exported them). Loaded only when asked: the way
# out of a full flash, so it writes nothing it does not have to.
from storage.commit import StoreError


def delete_finished(store, keep=None, also=()):
    """Delete every finished match but `keep` (the one still on the table)
    and those in `also` (a club night's still open); the statistics stay. stats.dat is brought up to date only when the
    newest statistics live in a finished match's file, and only after every
    other one is gone (their room is free then); if even that cannot be
    saved, that match stays. Oldest first; a failure stops there. Returns
    (deleted, asked); raises StoreError when none could go."""
    store._writable("the change")
    nos = [n for n in store.archived() if n != keep and n not in also]
    if not nos:
        return 0, 0
    blob = store.load_stats()
    src = store._stats_src if store._stats_src in nos else None
    if src is not None:
        nos.remove(src)
        nos.append(src)   # last: its file holds the newest statistics
    n = 0
    try:
        for no in nos:
            if no == src:
                store.save_stats(blob, src)
            store.delete_archived(no)
            n += 1
    except StoreError:
        if not n:
            raise
    return n, len(nos)
