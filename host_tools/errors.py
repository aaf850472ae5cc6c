"""The one error type of the PC tools: it becomes `gin: message` and exit status 2."""


class GinError(Exception):
    """Bad input or a failed step, in plain words for the user."""
