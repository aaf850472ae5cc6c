"""A club night's link attacked as a phone on the same Wi-Fi would, on real
sockets on 127.0.0.1: the organiser is the simulated device serving from
its main loop, the table devices the project's own client (club_kit.py).
Only the evening's own table devices, each holding the club key from `gin
deploy --club-key`, may join, and only with the organiser's press; no key
crosses the air; a captured request never counts again. After every
refused request the organiser's folder is byte for byte what it was."""
import binascii
import json
import re

import pytest

from club_kit import CLUB_KEY, Table, World, evening_bytes, organiser_power_cut, request, signed, signed_join


class Tap:
    """Every byte the project's client sends and receives (net/client.py),
    as a listener on the Wi-Fi would capture them."""

    def __init__(self, monkeypatch):
        from net import client
        self.wire = []
        tap = self
        base = client.Request

        class Tapped(base):
            def __init__(self, addr, method, path, body, now, limit=client.MAX_ANSWER):
                super().__init__(addr, method, path, body, now, limit)
                tap.wire.append(bytes(self.out))

            def step(self, now):
                got = super().step(now)
                if got is not None:
                    tap.wire.append(self.got)
                return got
        monkeypatch.setattr(client, "Request", Tapped)

    def text(self):
        return b"\n".join(self.wire)


def _ready(tmp_path, **kw):
    w = World(tmp_path, **kw)
    w.call_all()
    w.join_all()
    w.until(lambda: all(t.pairing() is not None for t in w.tables), "every table's pairing")
    return w


def _live_body(t, a, b):
    return json.dumps({"p": t.pairing().pairing, "s": [a, b], "g": [0, 0], "n": 1}).encode()


def test_no_key_crosses_the_air_and_a_device_id_alone_gets_nothing(tmp_path, monkeypatch):
    tap = Tap(monkeypatch)
    w = _ready(tmp_path)
    t1, t2 = w.tables[0], w.tables[1]
    t1.hand(0, defender=12)
    w.until(lambda: 1 in w.service.live, "table 1's live score")
    wire = tap.text()
    join = [x for x in tap.wire if x.startswith(b"POST /club/join")][-1]   # table 4's, captured
    assert b"/club/join" in wire and b"/club/live" in wire
    for t in w.tables:     # neither the club key nor a table's key, raw or in hex, ever on the wire
        for secret in (CLUB_KEY, t.link.key):
            assert secret not in wire and binascii.hexlify(secret) not in wire.lower()
    # A table's link file holds its own table's key, not the club key.
    with open(t1.link.path) as f:
        saved = f.read()
    assert CLUB_KEY.hex() not in saved and t1.link.key.hex() in saved
    before = evening_bytes(w)
    live_before = dict(w.service.live)
    # The device id travels in clear; with it alone a phone gets no key.
    plain = "/club/join?t=1&d=%s&e=%s&j=0123456789abcdef" % (t1.link.device, w.service.epoch)
    assert request(w, "POST", plain)[0] == 401
    got = request(w, "POST", signed_join(w, 1, device=t1.link.device, key=b"\x00" * 16))
    assert got[0] == 401 and not re.search(rb"[0-9a-f]{32}", got[1])
    # The table's own join, captured and sent again: answered, but with no key.
    path = join.split(b" ")[1].decode()
    status, body = request(w, "POST", path)
    assert status == 200, (path, body, join) and set(json.loads(body)) == {"e", "n"}
    # A forged live score (99-0) and a forged result for another table, with any key but the table's: 401.
    for key in (b"\x00" * 16, CLUB_KEY):
        live = _live_body(t1, 99, 0)
        assert request(w, "POST", signed(w, t1, "POST", "/club/live", live, key=key), live)[0] == 401
        res = json.dumps({"ev": t2.pairing().evening, "p": t2.pairing().pairing, "m": 1,
                          "names": list(t2.pairing().names), "r": [0, 1, 0, 150, 0, 1, 0]}).encode()
        assert request(w, "POST", signed(w, t2, "POST", "/club/result", res, key=key), res)[0] == 401
    assert evening_bytes(w) == before and w.service.live == live_before


def test_a_table_key_signs_for_no_other_table_and_no_other_evening(tmp_path):
    from net import sign
    w = _ready(tmp_path)
    t1, t2 = w.tables[0], w.tables[1]
    keys = [t.link.key for t in w.tables]
    assert len(set(keys)) == 4
    ev = w.club.evening_no()
    h = w.service.holders[1]
    assert sign.table_key(CLUB_KEY, ev, 1, h[0], h[1], h[2]) == t1.link.key
    assert sign.table_key(CLUB_KEY, ev + 1, 1, h[0], h[1], h[2]) != t1.link.key
    before = evening_bytes(w)
    # Table 1's device signs a live score for table 2 (with table 2's id, so the signature is what decides).
    live = _live_body(t2, 99, 0)
    path = sign.sign(t1.link.key, "POST", "/club/live?t=2&d=%s&e=%s&n=%d" % (
        t2.link.device, w.service.epoch, 10 ** 6), live)
    live_before = dict(w.service.live)
    assert request(w, "POST", path, live)[0] == 401
    # ... or with its own id: not table 2's device.
    path = sign.sign(t1.link.key, "POST", "/club/live?t=2&d=%s&e=%s&n=%d" % (
        t1.link.device, w.service.epoch, 10 ** 6), live)
    assert request(w, "POST", path, live)[0] == 403
    assert w.service.live[2][1] != [99, 0] and evening_bytes(w) == before


def test_the_join_code_cannot_be_chosen_and_a_request_cannot_be_hijacked(tmp_path):
    from net import sign
    w = World(tmp_path, devices=1)
    w.call_all()
    t1 = w.tables[0]
    w.until(lambda: t1.link.code is not None, "table 1 asks")
    ask = list(w.service.pending[1])
    now = w.app.clock()
    code = w.service.code(1, now)
    assert code == t1.link.code == sign.join_code(CLUB_KEY, ask[2])
    before = evening_bytes(w)
    # A phone without the club key: refused, and the request asking stays the same.
    for dev in ("00000000", t1.link.device, "%08x" % 12345):
        assert request(w, "POST", signed_join(w, 1, device=dev, key=b"\x11" * 16))[0] == 401
    # A device of the club asking for the same table while table 1 asks: 409, nothing replaced.
    assert request(w, "POST", signed_join(w, 1, device="deadbeef", asked="f" * 16))[0] == 409
    assert w.service.pending[1][:3] == ask[:3] and w.service.code(1, w.app.clock()) == code
    # The code is the organiser's word's: the same device and word asking anew get another code.
    codes = set()
    for i in range(20):
        w.service.pending.clear()
        assert request(w, "POST", signed_join(w, 3, device="deadbeef", asked="%016x" % i))[0] == 202
        codes.add(w.service.code(3, w.app.clock()))
    assert len(codes) > 10
    w.service.pending.clear()
    # The organiser's press for a request that is no longer the one asking: not accepted.
    w.until(lambda: 1 in w.service.pending, "table 1 asks again")
    stale = "%04d" % ((int(w.service.code(1, w.app.clock())) + 1) % 10000)
    with pytest.raises(ValueError):
        w.service.accept(1, stale)
    assert w.service.holders == {} and evening_bytes(w) == before
    w.until(lambda: t1.link.code == w.service.code(1, w.app.clock()), "the codes agree")
    w.service.accept(1, t1.link.code)
    w.until(lambda: t1.link.key is not None, "table 1 joined")


def test_a_request_that_waits_lapses_and_another_device_may_ask(tmp_path):
    from net import club as net_club
    w = World(tmp_path, devices=1)
    w.call_all()
    assert request(w, "POST", signed_join(w, 2, device="deadbeef"))[0] == 202
    assert w.service.code(2, w.app.clock()) is not None
    assert request(w, "POST", signed_join(w, 2, device="cafef00d"))[0] == 409
    w.run(net_club.ASK_MS + 100)      # the first device stopped asking
    assert w.service.code(2, w.app.clock()) is None
    assert w.service.tables(w.app.clock())[1][6] is None
    assert request(w, "POST", signed_join(w, 2, device="cafef00d"))[0] == 202
    assert w.service.pending[2][0] == "cafef00d"


def _capture_live(w, t, a, b):
    """A live request as table t signs it now, not sent: a listener's capture."""
    body = _live_body(t, a, b)
    return signed(w, t, "POST", "/club/live", body), body


def test_replays_stay_refused_after_release_reaccept_takeover_and_restarts(tmp_path):
    from gincore import result
    w = _ready(tmp_path, n_tables=2)
    t1 = w.tables[0]
    t1.hand(0, result.KNOCK, 2, 5)      # small knocks: the match goes on throughout
    w.until(lambda: w.service.live.get(1, (0, 0, 0, 0))[3] == 1, "table 1's live score")
    old_path, old_body = _capture_live(w, t1, 0, 1)     # an early score, captured
    assert request(w, "POST", old_path, old_body)[0] == 200
    for _ in range(2):
        t1.hand(0, result.KNOCK, 2, 5)
    w.until(lambda: w.service.live[1][3] == 3, "the newer live score")
    newer = w.service.live[1]

    def replay_refused():
        before = evening_bytes(w)
        assert request(w, "POST", old_path, old_body)[0] in (401, 403, 409)
        assert w.service.live.get(1) in (None, newer) and evening_bytes(w) == before

    replay_refused()                     # a plain replay
    # Released and accepted again, the same device: a new join, a new key.
    w.service.release(1)
    w.until(lambda: t1.link.code is not None, "table 1 asks again")
    replay_refused()
    w.service.accept(1, t1.link.code)
    w.until(lambda: t1.link.key is not None, "table 1 joined again")
    replay_refused()
    # The organiser's power cut: a new start, the holders read back.
    organiser_power_cut(w)
    w.until(lambda: t1.link.state == "joined" and t1.link.epoch == w.service.epoch, "table 1 back")
    replay_refused()
    # The table's power cut: its counter starts again from the organiser's.
    t1.boot()
    w.until(lambda: t1.link.epoch == w.service.epoch, "table 1 hello again")
    replay_refused()
    t1.hand(0, result.KNOCK, 2, 5)
    w.until(lambda: w.service.live.get(1) is not None and w.service.live[1][3] == 4, "table 1 scores on")
    newer = w.service.live[1]
    # Taken over by a replacement device: the old device's captures count for nothing.
    w.service.release(1)
    w.tables.remove(t1)
    new = Table(tmp_path / "new", 1, w.port)
    w.tables.append(new)
    w.until(lambda: new.link.code is not None, "the new device asks")
    w.service.accept(1, new.link.code)
    w.until(lambda: new.link.key is not None, "the new device joined")
    replay_refused()


def test_an_answer_not_the_organisers_is_not_taken(tmp_path, monkeypatch):
    """Someone on the Wi-Fi answering in the organiser's place: a pairing or
    an acknowledgement without the organiser's signature is not used; the
    result is sent again until the organiser's own answer comes."""
    from net import client
    w = _ready(tmp_path, n_tables=1)
    t1 = w.tables[0]
    t1.win(0)
    t1.confirm()
    forged = []
    real_parse = client._parse

    def parse(data):
        status, body = real_parse(data)
        if status == 200 and b'"ok"' in body and len(forged) < 3:
            forged.append(body)
            return 200, body.split(b"\n")[0] + b"\n" + b"0" * 64    # the signature line replaced
        return status, body
    monkeypatch.setattr(client, "_parse", parse)
    w.until(lambda: len(forged) == 3, "three forged acknowledgements")
    assert t1.link.acked is None and t1.link.unsent() is not None
    w.until(lambda: t1.link.acked is not None, "the organiser's own acknowledgement")


def test_a_table_cannot_end_its_pairing_while_its_result_is_not_acknowledged(tmp_path):
    """Menu > End club night on a table device whose confirmed result the
    organiser has not acknowledged yet: refused in words (it would never be
    sent); once acknowledged, it ends."""
    from ui import keys
    w = _ready(tmp_path, n_tables=1)
    t1 = w.tables[0]
    t1.win(0)
    t1.confirm()                    # the organiser does not turn meanwhile: nothing acknowledged
    assert t1.link.unsent() is not None
    rig = t1.rig
    rig.app.add_service(t1.link)    # as Join club night leaves it (the world steps the link itself)
    rig.app.home()
    rig.press(keys.DOWN)            # the menu
    labels = rig.app.top().labels
    rig.pick(labels.index("End club night"))
    assert rig.screen() == "MessageScreen" and "Its result is not sent yet" in " ".join(rig.texts())
    assert t1.app.club is not None
    w.until(lambda: t1.link.acked is not None, "the organiser's acknowledgement")
    rig.app.home()
    rig.press(keys.DOWN)
    rig.pick(rig.app.top().labels.index("End club night"))
    assert rig.screen() == "HoldScreen"
