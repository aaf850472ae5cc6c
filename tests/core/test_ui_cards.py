"""Recording a hand by cards: the picker's press counts, the device's
arrangement and lay-offs, and impossible hands."""
from gincore import cards as C
from gincore import result as R
from ui import keys
from ui_kit import Rig, enter_cards, move_cost, both_heights


def open_cards(rig):
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("Record by cards"))


def ring_cost(d, jump, size=52):
    """The cheaper way round a ring of `size` cards for a move of d forward."""
    d %= size
    a = move_cost(d, jump)
    b = move_cost(size - d, jump) if d else 0
    return a if a <= b else b


def worst_hand(n, others, jump):
    """The hand of n cards (the other player holding `others` cards, which
    the picker's ring leaves out) that costs the most to enter in suit
    order: a dynamic programme over the 52 - others places of the ring,
    each free or mine. State: cards of mine so far and how far the cursor
    (on the next free card after an OK) is from the next card of mine.
    Exact for this way of entering, so an upper bound of what a player
    needs; where the other's cards lie makes no difference.
    Returns (events, mine, others): others the first `others` cards of a
    deck shuffled, mine the worst hand among the rest."""
    size = 52 - others
    cost = [ring_cost(d, jump, size) for d in range(size + 1)]
    cur = {(0, 0): 0}
    back = []
    for pos in range(size):
        nxt = {}
        came = {}
        for st, c in cur.items():
            m, d = st
            moves = [((m, d + 1), c, 0)]
            if m < n:
                moves.append(((m + 1, 0), c + cost[d] + 1, 1))
            for key, v, mine in moves:
                if nxt.get(key, -1) < v:
                    nxt[key] = v
                    came[key] = (st, mine)
        back.append(came)
        cur = nxt
    best = -1
    end = None
    for st, c in cur.items():
        if st[0] == n and c > best:
            best = c
            end = st
    places = []
    st = end
    for pos in range(size - 1, -1, -1):
        st, mine = back[pos][st]
        if mine:
            places.append(pos)
    other = sorted(_deal(7, others)) if others else []
    ring = [c for c in range(52) if c not in other]
    return best, sorted(ring[i] for i in places), other


def test_worked_example_4_by_cards():
    # RULES.md example 4 (limit 10): knocker 4-5-6H, 8 8 8, 9-10-JS, KD;
    # defender 10 10 10, 6-9C, QS 5S 7S: QS lays off, 12 left; knocker +2.
    rig = Rig()
    open_cards(rig)
    rig.pick(0)                                    # A went out
    k = C.parse_many("4H 5H 6H 8D 8H 8S 9S TS JS KD".split())
    d = C.parse_many("TC TD TH 6C 7C 8C 9C QS 5S 7S".split())
    enter_cards(rig, k)
    assert rig.screen() == "CardPicker"            # now the defender
    enter_cards(rig, d)
    assert rig.screen() == "CardReport"
    t = rig.texts()
    assert "A wins! +2" in t, t
    # Each meld has rows of its own: where one ends and the next begins is
    # plain (the knocker's three, the defender's two). The defender's QS
    # stands in the run it was laid off onto, marked (inverted).
    rows = rig.app.top().rows
    melds = [r for r in rows if r[1] and r[0] not in ("+", "Lay-offs")]
    got = sorted(list(r[1]) for r in melds)
    want = sorted(sorted(C.parse_many(m.split())) for m in
                  ("4H 5H 6H", "8D 8H 8S", "9S TS JS QS", "TC TD TH", "6C 7C 8C 9C"))
    assert got == want, rows
    assert [r[0] for r in melds].count("Melds") == 2, rows
    qs = C.parse("QS")
    for label, cs, xs, laid in rows:
        for j in range(len(cs)):
            assert bool(laid >> j & 1) == (cs[j] == qs), (cs, laid)
    rig.press(keys.OK)
    m = rig.app.match
    h = m.hands[0]
    assert (h.knocker, h.defender) == (10, 12)
    assert h.cards is not None
    assert m.sheet().games[0].score == [2, 0]


def test_the_last_card_is_on_the_glass_before_the_hand_is_worked_out():
    # The presses that load or work out (the hand's core, 11 ms to load on
    # a Pico; a hand worked out, 10-30 ms) are answered first: the core
    # loads after the knocker's picker is shown, and the defender's last
    # card is shown taken before the report, in the same frame() call.
    from ui.screens import cards as S
    rig = Rig()
    seen = []
    show = rig.gfx._show

    def shown():
        show()
        seen.append((rig.screen(), rig.texts()))
    rig.gfx._show = shown
    core = S._core

    def loaded():
        seen.append(("core", ()))
        return core()
    S._core = loaded
    try:
        open_cards(rig)
        rig.pick(0)
        first = [s[0] for s in seen].index("CardPicker")
        assert seen[first + 1][0] == "core", seen[:first + 2]     # after its frame, not before
        assert "core" not in [s[0] for s in seen[:first]]
        k = C.parse_many("4H 5H 6H 8D 8H 8S 9S TS JS KD".split())
        d = C.parse_many("TC TD TH 6C 7C 8C 9C QS 5S 7S".split())
        enter_cards(rig, k)
        enter_cards(rig, d[:9])
        p = rig.app.top()
        while p.cursor != d[9]:
            rig.press(keys.DOWN)
        del seen[:]
        rig.app.key(keys.OK, keys.PRESS)
        assert rig.screen() == "CardPicker" and not seen      # the key works nothing out
        rig.frame()
        (s1, t1), (s2, t2), (s3, t3) = seen
        assert s1 == "CardPicker" and "B 10/10" in t1, t1     # the last card, taken
        assert s2 == "core" and s3 == "CardReport" and "A wins! +2" in t3, seen
    finally:
        S._core = core
        rig.gfx._show = show


def _deal(seed, n):
    """n cards from a shuffled deck (own LCG: MicroPython has no random.shuffle)."""
    deck = list(range(52))
    x = seed
    for i in range(51, 0, -1):
        x = (x * 1103515245 + 12345) & 0x3FFFFFFF
        j = x % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck[:n]


def test_move_cost_by_hand():
    # Taps, one long press, a long press and taps back, a long press held on.
    assert [move_cost(d, 4) for d in range(10)] == [0, 1, 2, 2, 1, 2, 3, 3, 2, 3]
    assert ring_cost(50, 4) == 2 and ring_cost(48, 4) == 1


def _picker_events(hand, others=()):
    """Enter `hand` in the app's card picker for len(hand) cards, `others`
    being the other player's cards; the events it took."""
    from ui.screens.cards import CardPicker
    rig = Rig()
    done = []
    p = CardPicker(rig.app, "B", len(hand), [], others, done.append)
    rig.app.push(p)
    rig.frame()
    used = enter_cards(rig, hand)
    assert sorted(p.chosen) == sorted(hand)
    assert done == [p.chosen]               # the picker went on by itself
    return used


def test_any_ten_card_hand_in_at_most_35_presses():
    """The proof: the costliest hand over all hands (the dynamic programme),
    entered through the real picker, every button event counted: the
    knocker's 10 cards at most 35, 11 for Big Gin 37, the defender's 10 (the
    knocker's left out of the ring) 33. The jumps come no faster than a
    player lets go (widgets.JUMP_MS), so a hold needs no timing skill."""
    import sys
    from ui.screens.cards import JUMP
    mpy = sys.implementation.name == "micropython"
    worst = 0
    for n, o, want in ((10, 0, 35), (11, 0, 37), (10, 10, 33)):
        bound, hand, others = worst_hand(n, o, JUMP)
        assert bound == want, (n, o, bound)
        used = _picker_events(hand, others)
        assert used == bound, (n, o, used, bound, hand)
        # The bound is a maximum: random hands never cost more.
        for seed in range(3 if mpy else 12):
            deck = _deal(seed + 1 + 100 * n + o, n + o)
            assert _picker_events(deck[:n], deck[n:]) <= bound
        if n == 10:
            worst = max(worst, bound)
    assert worst <= 35, worst
    # A jump of one (every card a tap) would not do: the same reckoning says so.
    assert worst_hand(10, 0, 1)[0] > 50
    if not mpy:
        # And the picker's jump is the best one: no other (up to a suit of 13)
        # makes the worst hand cheaper.
        for j in range(2, 14):
            assert worst_hand(10, 0, j)[0] >= worst, (j, JUMP)
    # And the knocker's picker in the whole flow costs what the table says.
    rig = Rig()
    open_cards(rig)
    rig.pick(0)
    bound, hand, _ = worst_hand(10, 0, JUMP)
    p = rig.app.top()
    assert enter_cards(rig, hand) == bound and rig.app.top() is not p


def test_knock_above_the_limit_by_cards():
    rig = Rig()
    open_cards(rig)
    rig.pick(0)
    k = C.parse_many("AC 3D 5H 7S 9C JD KH QS 2C 4D".split())   # nothing melds
    enter_cards(rig, k)
    # Said at once, before anybody enters the defender's cards.
    assert rig.screen() == "MessageScreen"
    assert "Knock above limit" in rig.texts()
    rig.press(keys.BACK)
    assert rig.screen() == "CardPicker"
    assert not rig.app.match.hands


def test_the_other_hands_cards_are_left_out_of_the_ring():
    rig = Rig()
    open_cards(rig)
    rig.pick(0)
    k = C.parse_many("AC 2C 3C 4D 5D 6D 7H 8H 9H KS".split())
    enter_cards(rig, k)
    p = rig.app.top()
    assert p.cursor == C.parse("4C")          # the first card the knocker has not
    seen = set()
    for _ in range(42):
        seen.add(p.cursor)
        assert not set(p.strip) & set(k), p.strip
        rig.press(keys.DOWN)
    assert p.cursor == C.parse("4C") and len(seen) == 42 and not seen & set(k)
    rig.hold(keys.UP, 6)                     # held as long as a player can: nothing of theirs
    assert p.cursor not in k


def test_back_gives_back_the_last_card():
    rig = Rig()
    open_cards(rig)
    rig.pick(0)
    rig.press(keys.OK)
    rig.press(keys.OK)
    p = rig.app.top()
    assert p.chosen == [0, 1]
    rig.press(keys.BACK)
    assert p.chosen == [0] and p.cursor == 1


def test_on_three_buttons_a_long_ok_gives_back_the_last_card():
    rig = Rig(three=True)
    open_cards(rig)
    rig.pick(0)
    rig.press(keys.OK)
    rig.press(keys.OK)
    p = rig.app.top()
    rig.app.key(keys.OK, keys.LONG)     # a held OK: its PRESS waits for a release that never comes
    assert p.chosen == [0] and p.cursor == 1


def test_a_hand_recorded_by_cards_is_changed_by_cards():
    rig = Rig()
    open_cards(rig)
    rig.pick(0)
    k = C.parse_many("4H 5H 6H 8D 8H 8S 9S TS JS KD".split())
    d = C.parse_many("TC TD TH 6C 7C 8C 9C QS 5S 7S".split())
    enter_cards(rig, k)
    enter_cards(rig, d)
    rig.press(keys.OK)
    m = rig.app.match
    assert (m.hands[0].knocker, m.hands[0].defender) == (10, 12)
    # History -> hand 1 -> Edit: the card flow, both hands filled in.
    rig.history()
    rig.press(keys.OK)
    rig.pick(1)                                # Show cards, Edit, Delete, Insert
    assert rig.screen() == "ChoiceScreen"
    rig.press(keys.OK)                         # A went out, as before
    assert rig.screen() == "CardPicker"
    assert sorted(rig.app.top().chosen) == sorted(k)
    p = rig.app.top()
    assert p.state[p.cursor] == 0              # the cursor rests on a free card
    rig.press(keys.OK)                         # a full hand: OK goes on with it
    assert rig.screen() == "CardPicker" and rig.app.top() is not p
    p = rig.app.top()
    assert sorted(p.chosen) == sorted(d)
    # The defender's 7S was really the 2D: give it back, take the 2D.
    seven = C.parse("7S")
    two = C.parse("2D")
    p.cursor = seven
    rig.press(keys.OK)                         # 7S back
    p.cursor = two
    rig.press(keys.OK)                         # 2D in: the hand is full again
    assert rig.screen() == "CardReport"
    rig.press(keys.OK)
    h = m.hands[0]
    assert len(m.hands) == 1
    assert two in h.cards[1] and seven not in h.cards[1]
    assert (h.knocker, h.defender) == (10, 7)   # 5S + 2D left: an undercut
    assert m.sheet().games[0].score == [0, 13]  # Finnish: 10 + (10 - 7)


def test_a_saved_hand_by_cards_can_be_shown_again():
    rig = Rig()
    open_cards(rig)
    rig.pick(0)
    enter_cards(rig, C.parse_many("4H 5H 6H 8D 8H 8S 9S TS JS KD".split()))
    enter_cards(rig, C.parse_many("TC TD TH 6C 7C 8C 9C QS 5S 7S".split()))
    rig.press(keys.OK)
    rig.history()
    rig.press(keys.OK)
    assert rig.app.top().labels[0] == "Show cards"
    rig.pick(0)
    assert rig.screen() == "CardReport"
    t = rig.texts()
    assert "A wins! +2" in t and "OK save" not in t
    rows = rig.app.top().rows
    laid = [r for r in rows if r[0] == "Lay-offs"]
    assert laid and list(laid[0][1]) == [C.parse("QS")]   # onto 9-10-J of spades
    rig.press(keys.OK)
    assert rig.screen() == "HistoryScreen"
    assert len(rig.app.match.hands) == 1


def test_big_gin_claim_that_does_not_meld():
    from gincore import rules as _rules
    rig = Rig()
    rig.app.model.new_match(("Ann", "Bob"), _rules.preset("brazilian"), 0)
    rig.app.home()
    open_cards(rig)
    rig.pick(0)
    rig.pick(1)                                  # Big Gin: 11 cards
    rig.pick(9)                                  # upcard 10 (Brazilian rules turn one)
    enter_cards(rig, C.parse_many("AC 2C 3C 4D 5D 6D 7H 8H 9H KS QS".split()))
    assert rig.screen() == "MessageScreen"
    assert "Not all 11 cards meld" in rig.texts()
    rig.press(keys.BACK)
    assert rig.screen() == "CardPicker" and len(rig.app.top().chosen) == 10


def test_big_gin_by_cards():
    # RULES.md example 3: 5-6-7C, 9 9 9, 8-9-10-J of diamonds and the 8C: all 11 meld.
    from gincore import rules as _rules
    rig = Rig()
    rig.app.model.new_match(("Ann", "Bob"), _rules.preset("brazilian"), 0)
    rig.app.home()
    open_cards(rig)
    rig.pick(0)
    rig.pick(1)
    rig.pick(9)
    enter_cards(rig, C.parse_many("5C 6C 7C 8C 9C 9H 9S 8D 9D TD JD".split()))
    assert rig.screen() == "CardPicker" and rig.app.top().count == 10
    enter_cards(rig, C.parse_many("AH 2H 3S 4S 6S 7S KH QH JH 2S".split()))
    assert rig.screen() == "CardReport"
    rig.press(keys.OK)
    h = rig.app.match.hands[0]
    assert h.how == R.BIG_GIN and h.knocker == 0


def test_the_picker_says_how_in_every_language_and_on_a_knob():
    """Its line (Up/Down, held, OK; a knob's turn cannot be held: OK only)
    fits the panel in every language: on a 32-row panel in the row of
    cards until the first is taken."""
    from ui import text as tx
    from ui.screens.cards import CardPicker
    for lang in tx.LANGS:
        for knob in (False, True):
            rig = Rig(lang)
            rig.app.knob = knob
            p = CardPicker(rig.app, "Maximilian", 10, [], (), None)
            rig.app.push(p)
            rig.frame()
            want = rig.app.t(tx.DIGITS + (6 if knob else 5))
            drawn = [d for d in rig.last if d[0] == want]
            assert drawn and drawn[0][1] >= 0 and drawn[0][1] + drawn[0][3] <= 128, (lang, want, drawn)
            rig.press(keys.OK)
            shown = want in rig.texts()
            assert shown == (not rig.compact), (lang, rig.texts())


# Every flow again on the 0.91" 128x32 panel (test_..._h32).
both_heights(globals())


# --- how a card looks -------------------------------------------------------------

def _panel():
    import framebuf
    from device.writer import Writer
    from ui.gfx import Gfx
    fb = framebuf.FrameBuffer(bytearray(128 * 64 // 8), 128, 64, framebuf.MONO_VLSB)
    return fb, Gfx(fb, Writer(), lambda: None, 64)


def _lit(draw):
    """The pixels lit by draw(g) on a blank 128x64 panel, through the
    platform's writer and fonts."""
    fb, g = _panel()
    draw(g)
    return set((x, y) for y in range(64) for x in range(128) if fb.pixel(x, y))


def test_suit_icons_are_the_capitals_height_and_tell_their_colour_apart():
    """Seen at arm's length: each icon as tall as a capital (7 rows), and
    the suits of one colour differ in at least 10 pixels (clubs/spades,
    diamonds/hearts; the 5 px icons differed in 7 and 5)."""
    from ui import cardgfx
    icons = [_lit(lambda g, s=s: cardgfx.icon(g, s, 0, 0, 1)) for s in range(4)]
    for px in icons:
        rows = set(y for _, y in px)
        assert rows == set(range(7)), sorted(rows)
    clubs, diamonds, hearts, spades = icons
    assert len(clubs ^ spades) >= 10 and len(diamonds ^ hearts) >= 10, (len(clubs ^ spades), len(diamonds ^ hearts))


def test_the_strike_of_a_taken_card_shows_on_every_rank():
    """The mark over a card taken can hide in none of its bars: it changes
    pixels on at least 5 of the card's rows, as many as half its width
    (a level line over a 5 fell on the 5's bar)."""
    from ui import cardgfx
    _, g = _panel()
    for card in range(52):
        plain = _lit(lambda g: cardgfx.draw(g, card, 10, 10, 1))

        def struck(g):
            cardgfx.draw(g, card, 10, 10, 1)
            cardgfx.strike(g, card, 10, 10, 1)
        new = _lit(struck) - plain
        rows = set(y for _, y in new)
        w = cardgfx.width(g, card)
        assert len(rows) >= 5 and len(new) >= w // 2, (C.text(card), sorted(rows), len(new), w)
