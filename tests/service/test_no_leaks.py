"""Hidden stays hidden, as a property of whole games played by mail.

Random games of "tally" (whose every player holds a secret) are played through the
real service on Maildir: random orders, private and broadcast press with unique
words in it, LIST and HELP, wrong passwords, referee LIST. Then every mail each
player received is searched for what that player may not know: the other players'
secrets (the ruleset's hidden_facts) and press that was not addressed to them.
"""

import itertools

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pbem.ruleset import get_ruleset
from tests.harness import REFEREE_ADDRESS, REFEREE_PASSWORD, Table, game, text_of

POWERS = ["North", "South", "East", "West"]
ADDRESSES = {power: f"{power.lower()}@example.test" for power in POWERS}

action = st.one_of(
    st.tuples(st.just("order"), st.sampled_from(POWERS), st.integers(1, 9)),
    st.tuples(
        st.just("press"),
        st.sampled_from(POWERS),
        st.lists(st.sampled_from(POWERS), min_size=1, max_size=3, unique=True),
    ),
    st.tuples(st.just("broadcast"), st.sampled_from(POWERS), st.just(None)),
    st.tuples(st.just("list"), st.sampled_from(POWERS), st.just(None)),
    st.tuples(st.just("forged"), st.sampled_from(POWERS), st.sampled_from(POWERS)),
    st.tuples(st.just("referee"), st.just("REFEREE"), st.just(None)),
    st.tuples(st.just("deadline"), st.just(""), st.just(None)),
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=st.lists(action, min_size=4, max_size=14), grey=st.booleans())
# eleven press mails: "whisper1" (to South) once read inside "whisper10" (to East) as a leak
@example(actions=[("press", "North", ["South"])] * 10 + [("press", "North", ["East"])], grey=False)
def test_no_player_ever_receives_what_is_hidden_from_them(tmp_path_factory, actions, grey):
    table = Table(
        tmp_path_factory.mktemp("leaks"),
        [game("g1", "tally", ADDRESSES, options={"rounds": 3}, press={"grey": grey})],
    )
    table.start("g1")
    words = (f"whisper{n:03d}" for n in itertools.count())  # no word inside another
    addressed: dict[str, set[str]] = {power: set() for power in POWERS}  # press words each may read
    sent_words: list[str] = []
    grey_senders: dict[str, str] = {}  # grey press word -> its sender, whom no recipient may learn
    for kind, power, detail in actions:
        if kind == "order":
            table.send(ADDRESSES[power], f"SIGNON {power} g1 pw\nADD {detail}")
        elif kind in {"press", "broadcast"}:
            word = next(words)
            sent_words.append(word)
            recipients = [p for p in (detail if kind == "press" else POWERS) if p != power]
            header = (
                f"PRESS TO {' '.join(detail)}{' GREY' if grey else ''}" if kind == "press" else "BROADCAST"
            )
            table.send(ADDRESSES[power], f"SIGNON {power} g1 pw\n{header}\nsecret plan {word}\nENDPRESS")
            if kind == "press" and grey:
                grey_senders[word] = power
            for recipient in recipients:
                addressed[recipient].add(word)
            addressed[power].add(word)  # the sender wrote it
        elif kind == "list":
            table.send(ADDRESSES[power], f"SIGNON {power} g1 pw\nLIST\nHELP\nHISTORY 5")
        elif kind == "forged":
            table.send(ADDRESSES[power], f"SIGNON {detail} g1 guess\nADD 9")
        elif kind == "referee":
            table.send(REFEREE_ADDRESS, f"SIGNON REFEREE g1 {REFEREE_PASSWORD}\nLIST")
        else:
            table.advance(hours=49)
        table.run()
    ruleset = get_ruleset("tally")
    with table.store() as store:
        states = [ruleset.load_state(turn.state_after) for turn in store.turns("g1")]
        current = store.game("g1")
        assert current is not None
        states.append(ruleset.load_state(current.state))
    for power in POWERS:
        hidden = set()
        for state in states:
            hidden.update(ruleset.hidden_facts(state, [], power))
        assert hidden, "tally hides the other players' secrets"
        forbidden = hidden | (set(sent_words) - addressed[power])
        for message in table.mails_to(ADDRESSES[power]):
            body = text_of(message) + str(message["Subject"])
            leaked = [fact for fact in forbidden if fact in body]
            assert not leaked, f"{power} was sent {leaked} in {message['Subject']!r}"
    # grey press never names its sender to its recipients
    for word, sender in grey_senders.items():
        for power in POWERS:
            if power == sender:
                continue
            for message in table.mails_to(ADDRESSES[power]):
                body = text_of(message)
                if word in body:
                    assert sender not in body + str(message["Subject"])
