"""base/lifecycle.py's let_go on both interpreters: a module goes unless a
loaded module of the firmware still uses it at its top (its module, a
function or a class of it) or the App holds an object of it; modules that
only use each other go together; a package's attribute for its submodule
is not a use. (On the PC the tests keep the evening's code loaded:
lifecycle.KEEP; these tests clear it, as on a device.)"""
import sys

from base import lifecycle

NAMES = ("gincore.tournament", "gincore.standings", "gincore.pairings", "gincore.prize",
         "gincore.tournament_save")


class _Saved:
    """The evening's core and a probe module put back as they were."""

    def __enter__(self):
        import gincore.tournament  # noqa: F401 - loaded, with what it imports
        self.keep, lifecycle.KEEP = lifecycle.KEEP, lifecycle.SELF     # as on a device (the tests hold this module)
        self.users = lifecycle.users(NAMES)     # what other tests left loaded that uses them
        self.kept = [(n, sys.modules[n]) for n in NAMES + self.users if n in sys.modules]
        for n in self.users:                    # out of the way, put back afterwards
            del sys.modules[n]
        return self

    def __exit__(self, *a):
        lifecycle.KEEP = self.keep
        sys.modules.pop("ui._probe", None)
        for n, m in self.kept:
            sys.modules[n] = m
            i = n.rfind(".")
            setattr(sys.modules[n[:i]], n[i + 1:], m)


class _Module:
    pass


def _probe(**names):
    """A loaded module of the firmware holding names at its top (an object
    in its place: MicroPython makes no module objects by hand)."""
    m = _Module()
    for k, v in names.items():
        setattr(m, k, v)
    sys.modules["ui._probe"] = m
    return m


def _loaded():
    return [n for n in NAMES if n in sys.modules]


def test_modules_that_only_use_each_other_go_together():
    with _Saved():
        assert lifecycle.let_go(NAMES) == () and _loaded() == []


def test_a_loaded_module_using_a_function_a_class_or_the_module_keeps_it():
    import gincore.tournament as T
    for what in ({"f": T.match_outcome}, {"C": T.Tournament}, {"T": T}):
        with _Saved():
            _probe(**what)
            stay = lifecycle.let_go(NAMES)
            assert "gincore.tournament" in stay and "gincore.tournament" in sys.modules
            # what the tournament's module uses at its top stays with it
            assert "gincore.standings" in stay, stay
    with _Saved():
        _probe(n=T.ROUND_ROBIN)          # a plain value: a copy, it keeps nothing
        assert lifecycle.let_go(NAMES) == ()


def test_an_object_the_app_holds_keeps_its_module():
    import gincore.tournament as T

    class App:
        pass
    app = App()
    app.club = T.Tournament(["Ann", "Bob", "Cid"], T.ROUND_ROBIN)
    with _Saved():
        assert "gincore.tournament" in lifecycle.let_go(NAMES, (app,))
    app.club = None
    app.stack = [[T.Tournament(["Ann", "Bob", "Cid"], T.ROUND_ROBIN)]]    # deeper: in a list the App holds
    with _Saved():
        assert "gincore.tournament" in lifecycle.let_go(NAMES, (app,))
    with _Saved():
        assert lifecycle.let_go(NAMES, (T.match_outcome,)) != ()             # a function handed as held


def test_a_package_attribute_is_not_a_use():
    import gincore
    with _Saved():
        assert getattr(gincore, "tournament", None) is not None
        assert lifecycle.let_go(NAMES) == ()
        assert getattr(gincore, "tournament", None) is None
