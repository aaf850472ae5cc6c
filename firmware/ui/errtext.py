"""What the core and the storage say, in the player's language.

The core's exceptions (result.HandError, cards.CardError,
knock_limit.KnockLimitError) carry a code and the numbers they name; the
storage's load problems (storage.commit.Problem) a code and a number. Their
str() is English words for the PC; the device says them from the code.
"""
from gincore import result as R

from ui import text as tx
from ui.gfx import W, SMALL


def core_lines(t, e):
    """Two lines for an exception of the core (t: the app's strings)."""
    from gincore import cards as C   # (here: this module stays with the club's screens, the match's code need not)
    code = getattr(e, "code", 0)
    a = getattr(e, "a", None)
    b = getattr(e, "b", None)
    if code == R.E_ABOVE_LIMIT and a is not None:
        return t(tx.ERR_LIMIT), t(tx.ERR_LIMIT2) % (a, b)
    if code == R.E_GIN_DEADWOOD and a is not None:
        return t(tx.ERR_GIN_DW), t(tx.ERR_HAS_N) % a
    if code == R.E_DEADWOOD and a is not None:
        return t(tx.ERR_DW), t(tx.ERR_DW2) % a
    if code == R.E_NO_BIG_GIN:
        return t(tx.ERR_NO_BIG_GIN), ""
    if code == R.E_NOT_BIG_GIN and a is not None:
        return t(tx.NOT_BIG_GIN), t(tx.ERR_BEST_DW) % a
    if code == R.E_NEED_LIMIT:
        return t(tx.ERR_NEED_UPCARD), ""
    if code == C.E_DUPLICATE and a is not None:
        return t(tx.ERR_DUP), C.text(a)
    if code == C.E_COUNT and a is not None:
        return t(tx.ERR_COUNT) % (a, b), ""
    if code == C.E_CARD:
        return t(tx.ERR_CARD), ""
    return t(tx.ERR_TITLE), ""


def error_lines(t, e, dropped=0):
    """Lines for a change that failed (a save, an edit): the memory, the
    match refusing it, or the core's check, never English words. dropped:
    finished matches the change deleted to make room before it failed -
    then "nothing was changed" would not be true, and the lines say so."""
    lines = _lines(t, e)
    if dropped:
        lines[1] = count(t, tx.OLD_GONE_N, dropped)
    return lines


def count(t, sid, n):
    """String sid with the number n in it, in n's form: a string that counts
    something holds its forms as "one|other" (the form for 1, the form for
    any other number; each has the %d), so "1 old match deleted" and
    "2 old matches deleted" in every language."""
    s = t(sid).split("|")
    return s[0 if n == 1 else -1] % n


def failed(app, e):
    """A failed change in the player's words, for the screen: error_lines
    with the finished matches the model deleted to make room before it."""
    return error_lines(app.t, e, app.model.take_dropped())


def _lines(t, e):
    name = type(e).__name__
    if name == "StoreFull" or (isinstance(e, OSError) and e.args and e.args[0] == 28):
        # No room (ENOSPC: a settings file the flash could not take).
        return [t(tx.MEMORY_FULL), t(tx.NOT_SAVED_WHY), t(tx.FREE_UP), t(tx.FREE_UP2)]
    if name == "StoreError" or isinstance(e, OSError):
        return [t(tx.MEM_ERROR), t(tx.NOT_SAVED_WHY)]
    if name == "MatchFull":
        # The match's fixed room for hands is used up (gincore.handstore).
        return [t(tx.MEMORY_FULL), t(tx.NOT_SAVED_WHY), t(tx.NEW_MATCH_Q)]
    if name == "MatchError":
        # An edit or delete that would make a later hand impossible.
        return [t(tx.ERR_LATER), t(tx.NOT_SAVED_WHY)]
    l1, l2 = core_lines(t, e)
    return [l1, l2, t(tx.NOT_SAVED_WHY)] if l2 else [l1, t(tx.NOT_SAVED_WHY)]


# Problem code -> string id (store.P_READ = 1 ... P_HANDS_LOST = 24).
_PROBLEMS = (tx.PR_OTHER, tx.PR_READ, tx.PR_MATCH_NEWER, tx.PR_MATCH_DAMAGED,
             tx.PR_HANDS_NEWER, tx.PR_HANDS_DAMAGED, tx.PR_ORPHANS, tx.PR_CUT_OFF,
             tx.PR_SOME_DAMAGED, tx.PR_OLD_NEWER, tx.PR_OLD_DAMAGED,
             tx.PR_STATS_NEWER, tx.PR_STATS_DAMAGED, tx.PR_JOURNAL_MISSING, tx.PR_FULL,
             tx.PR_CLOSED, tx.LOCK_UNSAVED_W, tx.PR_CLUB_NEWER, tx.PR_CLUB_DAMAGED,
             tx.PR_OLD_CLUB_NEWER, tx.PR_OLD_CLUB_DAMAGED, tx.PR_MATCH_MISSING, tx.PR_MATCH_EARLIER,
             tx.PR_STATS_KEPT, tx.PR_HANDS_LOST)


def problem_text(t, p):
    """One load problem in the player's language (a plain string, say one
    from older code without a code, becomes the general words)."""
    code = getattr(p, "code", 0)
    if code < 0 or code >= len(_PROBLEMS):
        code = 0
    s = t(_PROBLEMS[code])
    if "%" in s:
        n = getattr(p, "n", None)
        s = count(t, _PROBLEMS[code], n if n is not None else 0)
    return s


def wrap(g, s, out, rows):
    """Split s at spaces into lines as wide as the screen (real pixel widths);
    at most `rows` lines go into out."""
    line = ""
    for w in s.split(" "):
        trial = line + " " + w if line else w
        if line and g.width(trial, SMALL) > W:
            out.append(line)
            if len(out) >= rows:
                return out
            line = w
        else:
            line = trial
    if line and len(out) < rows:
        out.append(line)
    return out


def problem_lines(app, problems, rows=5):
    """The load problems, translated and wrapped, for the Note screen."""
    out = []
    for p in problems:
        wrap(app.g, problem_text(app.t, p), out, rows)
        if len(out) >= rows:
            break
    return out
