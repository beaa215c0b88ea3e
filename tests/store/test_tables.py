"""Each table's queries behave the same on SQLite and on PostgreSQL: the upserts, the ids a new
row gets, a mail or a message stored twice, bytes, 62-bit seeds, the insertion order, nested
transactions."""

from __future__ import annotations

from datetime import timedelta

import pytest

from pbem.store import OpenGame, Seat
from tests.store.helpers import NOW, a_game, a_mail, a_message


def test_a_message_stored_twice_keeps_its_first_row(store):
    first = a_message(store, "m1")
    second = a_message(store, "m2")
    assert first is not None and second == first + 1
    assert a_message(store, "m1") is None
    assert store.message_count() == 2
    assert store.message(first)["raw"] == b"From: a@example.test\r\n\r\nhello"


def test_a_mail_is_queued_once_and_its_bytes_come_back_as_queued(store):
    assert a_mail(store, "results:g1:1") is True
    assert a_mail(store, "results:g1:1") is False
    [mail] = store.due_mail(NOW)
    assert mail.raw == b"\x00\xffbytes as sent" and mail.attempts == 0
    assert store.count_mail_to("north@example.TEST", ["results"], NOW) == 1  # any case
    store.mark_sent(mail.id, NOW)
    assert store.due_mail(NOW) == []


def test_a_failed_send_is_retried_then_given_up(store):
    a_mail(store, "k")
    [mail] = store.due_mail(NOW)
    store.mark_retry(mail.id, "421 busy", NOW + timedelta(minutes=5), failed=False)
    assert store.due_mail(NOW) == [] and len(store.due_mail(NOW + timedelta(minutes=5))) == 1
    store.mark_retry(mail.id, "550 no", NOW, failed=True)
    [row] = store.outbox_rows(id=mail.id)
    assert store.outbox_rows() == [row]
    assert row["status"] == "failed" and row["attempts"] == 2
    assert store.retry_mail_out(mail.id, NOW) is True


def test_orders_saved_again_replace_the_last_ones(store):
    store.save_orders("g1", "S1901M", "Turkey", [{"key": "F ank", "order": "F ank-bla"}], False, False, NOW)
    store.save_orders("g1", "S1901M", "Turkey", [{"key": "A con", "order": "A con-bul"}], True, True, NOW)
    orders = store.order_sets("g1", "S1901M")["Turkey"]
    assert orders.orders() == ["A con-bul"] and orders.ready and orders.late


def test_a_report_written_again_replaces_the_last_and_a_vote_can_be_withdrawn(store):
    store.add_report("g1", 1, "Turkey", "S1901M", "first", None)
    store.add_report("g1", 1, "Turkey", "S1901M", "second", "<p>second</p>")
    assert store.reports("g1", 1)["Turkey"]["text"] == "second"
    store.set_vote("g1", "Turkey", "draw", "yes")
    store.set_vote("g1", "Turkey", "draw", "no")
    assert store.votes("g1", "draw") == {"Turkey": "no"}
    store.set_vote("g1", "Turkey", "draw", None)
    assert store.votes("g1", "draw") == {}


def test_press_gets_growing_ids(store):
    ids = [
        store.add_press("g1", "S1901M", "Turkey", ["Austria"], False, f"hi {n}", NOW, False) for n in range(3)
    ]
    assert ids == sorted(ids) and len(set(ids)) == 3
    store.release_press(ids[0])
    assert [row["body"] for row in store.press("g1", released=True)] == ["hi 0"]
    assert store.press("g1")[1]["recipients"] == ["Austria"]


def test_a_game_keeps_its_62_bit_seed_and_its_players_in_seating_order(store):
    a_game(store)
    game = store.game("g1")
    assert game is not None and game.start_seed == 2**62 - 1 and game.state == {"units": {"a": 1}}
    assert [player.power for player in store.players("g1")] == ["Turkey", "Austria", "England"]
    store.update_game("g1", paused_left=1234.5, reminded=True)
    game = store.game("g1")
    assert game is not None and game.paused_left == 1234.5 and game.reminded is True
    assert store.player("g1", "turkey") is not None  # any case


def test_seats_keep_their_order_and_an_address_takes_one(store):
    store.add_open_game(OpenGame("g2", {"id": "g2"}, "std", "forming", "a@example.test", NOW))
    for address in ["c@example.test", "a@example.test", "b@example.test"]:
        assert store.add_seat(Seat("g2", address, "hash", NOW)) is True
    assert store.add_seat(Seat("g2", "A@example.test", "hash", NOW)) is False
    assert [seat.address for seat in store.seats("g2")] == [
        "c@example.test",
        "a@example.test",
        "b@example.test",
    ]
    assert store.add_watcher("g2", "w@example.test", "observer", NOW) is True
    assert store.add_watcher("g2", "w@example.test", "observer", NOW) is False
    store.add_watcher("*", "w@example.test", "observer", NOW + timedelta(hours=1))
    store.add_watcher("g2", "v@example.test", "observer", NOW + timedelta(minutes=1))
    assert store.watchers("g2", "observer", any_game=True) == ["w@example.test", "v@example.test"]


def test_a_stalled_reading_counts_to_its_limit(store):
    row = a_message(store, "m1")
    assert row is not None
    assert store.begin_reading(row, 2) and store.begin_reading(row, 2)
    assert store.begin_reading(row, 2) is False
    assert store.message(row)["attempts"] == 1


def test_a_transaction_commits_whole_and_a_savepoint_rolls_back_alone(store):
    with store.atomic():
        store.set_meta("a", "1")
        with pytest.raises(RuntimeError), store.atomic():
            store.set_meta("b", "2")
            raise RuntimeError
    assert store.get_meta("a") == "1" and store.get_meta("b") is None
    with pytest.raises(RuntimeError), store.durable():
        store.set_meta("c", "3")
        raise RuntimeError
    assert store.get_meta("c") is None
