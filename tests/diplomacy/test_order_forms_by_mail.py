"""Order forms players use, by mail through a real run (issue 30): several orders on a line
separated by commas (njudge), a support without the move word, a retreat with its order word
first, as Outlook (HTML only), Gmail and Apple Mail send them.

France takes Burgundy from the German army that walked in in the spring; Germany retreats it.
"""

from __future__ import annotations

from pbem.ruleset import get_ruleset
from tests.bymail import archived_states, phase_id, send_mails, to_deadline
from tests.diplomacy.helpers import ADDRESSES, ONE_HOLD_EACH
from tests.harness import Table, game, text_of

ruleset = get_ruleset("diplomacy")
OUTLOOK = (
    '<html xmlns:o="urn:schemas-microsoft-com:office:office"><body lang=EN-GB>'
    "<div class=WordSection1><p class=MsoNormal>A Par - Bur, A Mar S Par Bur, F Mao H<o:p></o:p></p>"
    "<p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>Fran&ccedil;ois<o:p></o:p></p></div>"
    "</body></html>"
)


def test_comma_lines_a_support_without_its_move_word_and_a_retreat_word_first_by_mail(tmp_path) -> None:
    table = Table(tmp_path, [game("g1", "diplomacy", ADDRESSES)])
    table.start("g1")
    table.take()
    # Gmail: a comma line in the text part, with its HTML beside it
    gmail = "A Par H, A Mar H, F Bre - MAO"
    table.send(
        ADDRESSES["France"],
        f"SIGNON France g1 pw\n{gmail}",
        html=f'<div dir="ltr"><div>SIGNON France g1 pw</div><div>{gmail}</div></div>',
    )
    send_mails(
        table,
        ADDRESSES,
        {p: o for p, o in ONE_HOLD_EACH.items() if p not in ("France", "Germany")}
        | {"Germany": "A Mun - Bur, A Ber H, F Kie H"},
    )
    table.run()
    [answer] = table.take(ADDRESSES["France"])
    assert "Every line was understood" in text_of(answer)
    to_deadline(table)
    table.take()
    # Outlook, HTML only, to the secret reply address (no sign-on): one line of three orders
    outlook = f"Fran\u00e7ois Martin <{ADDRESSES['France']}>"  # signs with his name, as From says
    table.send(outlook, "", html=OUTLOOK, to=table.reply_token_address("France"), subject="RE: [g1] orders")
    send_mails(
        table,
        ADDRESSES,
        {p: o for p, o in ONE_HOLD_EACH.items() if p not in ("France", "Germany")} | {"Germany": "A BUR H"},
    )
    table.run()
    [answer] = table.take(ADDRESSES["France"])
    assert "Every line was understood" in text_of(answer)
    for order in ("A PAR - BUR", "A MAR S A PAR - BUR", "F MAO H"):
        assert order in text_of(answer)
    to_deadline(table)
    assert phase_id(table) == "F1901R"
    table.take()
    # Apple Mail: the retreat with its order word first, and the signature Apple Mail adds
    send_mails(table, ADDRESSES, {"Germany": "RETREAT A BUR - RUH\n\nSent from my iPhone"})
    table.run()
    [answer] = table.take(ADDRESSES["Germany"])
    assert "A BUR R RUH" in text_of(answer) and "I do not know the province" not in text_of(answer)
    to_deadline(table)
    with table.store() as store:
        after = archived_states(ruleset, store.turns("g1"))[-1]
    assert after.board.units["BUR"].power == "France"
    assert after.board.units["RUH"].power == "Germany"
