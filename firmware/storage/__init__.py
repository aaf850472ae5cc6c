# Crash-safe storage for the current match, finished matches and statistics.
# See store.py for how its parts fit and docs/storage.md for the file format.
from storage.commit import StoreError, StoreFull  # noqa: F401
from storage.store import Store  # noqa: F401
