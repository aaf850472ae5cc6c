# Crash-safe storage for the current match, finished matches and statistics.
# See store.py for the design and docs/storage.md for the file format.
from storage.store import Store, StoreError, StoreFull  # noqa: F401
