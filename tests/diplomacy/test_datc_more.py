"""DATC 3.0 cases beyond the shared file, written from the DATC's own text (section 6).

The shared file holds 112 of the 165 cases; these are more of the others, each
with the outcome the DATC gives under its preferences (Szykman rule, 2023 convoy
and retreat rules, illegal orders ignored). Each entry: the orders (every
ordered unit stands where its order says), the results asserted, and the units
dislodged.
"""

from __future__ import annotations

from typing import Any

import pytest

from pbem.rulesets.diplomacy.positions import adjudicate_position


def adjudicate(text: str) -> dict[str, Any]:
    units: dict[str, list[str]] = {}
    orders: dict[str, list[str]] = {}
    for line in text.strip().splitlines():
        power, order = (part.strip() for part in line.split(":", 1))
        unit_type, location = order.split()[:2]
        units.setdefault(power, []).append(f"{unit_type} {location}")
        orders.setdefault(power, []).append(order)
    return adjudicate_position({"phase": "S1901M", "units": units, "orders": orders})


def result_of(outcome: dict[str, Any], order: str) -> str:
    return next(r["result"] for r in outcome["order_results"] if r["order"] == order)


CASES: dict[str, tuple[str, dict[str, str], dict[str, list[str]]]] = {
    "6.F.15": (
        """England: F LON S F WAL - ENG
England: F WAL - ENG
France: A BRE - LON
France: F ENG C A BRE - LON
Italy: F IRI C A NAF - WAL
Italy: F MAO C A NAF - WAL
Italy: A NAF - WAL""",
        {"F WAL - ENG": "success", "A NAF - WAL": "success", "A BRE - LON": "failure"},
        {"France": ["F ENG"]},
    ),
    "6.F.18": (
        """England: F NTH C A LON - BEL
England: A LON - BEL
England: F ENG S A LON - BEL
France: F BEL S F NTH
Germany: F HEL S F SKA - NTH
Germany: F SKA - NTH""",
        {"A LON - BEL": "failure", "F SKA - NTH": "failure", "F BEL S F NTH": "success"},
        {},
    ),
    "6.F.21": (
        """Russia: A EDI S A NWY - CLY
Russia: F NWG C A NWY - CLY
Russia: A NWY - CLY
France: F IRI S F MAO - NAO
France: F MAO - NAO
England: A LVP - CLY VIA
England: F NAO C A LVP - CLY
England: F CLY S F NAO""",
        {"A NWY - CLY": "success", "F MAO - NAO": "success", "A LVP - CLY VIA": "failure"},
        {"England": ["F NAO", "F CLY"]},
    ),
    "6.F.24": (
        """England: F EDI - NTH
England: F LON S F EDI - NTH
England: F IRI - ENG
England: F MAO S F IRI - ENG
France: A BRE - LON
France: F ENG C A BRE - LON
France: F BEL S F ENG
Russia: A NWY - BEL
Russia: F NTH C A NWY - BEL""",
        {
            "F EDI - NTH": "success",
            "F IRI - ENG": "failure",
            "A BRE - LON": "failure",
            "A NWY - BEL": "failure",
        },
        {"Russia": ["F NTH"]},
    ),
    "6.F.22": (
        """England: F EDI - NTH
England: F LON S F EDI - NTH
France: A BRE - LON
France: F ENG C A BRE - LON
Germany: F BEL S F PIC - ENG
Germany: F PIC - ENG
Russia: A NWY - BEL
Russia: F NTH C A NWY - BEL""",
        {
            "F EDI - NTH": "success",
            "F PIC - ENG": "success",
            "A BRE - LON": "failure",
            "A NWY - BEL": "failure",
        },
        {"France": ["F ENG"], "Russia": ["F NTH"]},
    ),
    "6.F.23": (
        """England: F EDI - NTH
England: F YOR S F EDI - NTH
France: A BRE - LON
France: F ENG C A BRE - LON
Germany: F BEL S F ENG
Germany: F LON S F NTH
Italy: F MAO - ENG
Italy: F IRI S F MAO - ENG
Russia: A NWY - BEL
Russia: F NTH C A NWY - BEL""",
        {
            "F EDI - NTH": "failure",
            "F MAO - ENG": "failure",
            "A BRE - LON": "failure",
            "A NWY - BEL": "failure",
        },
        {},
    ),
    "6.F.6": (
        """England: F NTH C A LON - HOL
England: A LON - HOL
Germany: A HOL S A BEL
Germany: A BEL S A HOL
Germany: F HEL S F SKA - NTH
Germany: F SKA - NTH
France: A PIC - BEL
France: A BUR S A PIC - BEL""",
        {"A PIC - BEL": "failure", "A LON - HOL": "failure", "F SKA - NTH": "success"},
        {"England": ["F NTH"]},
    ),
    "6.F.9": (
        """England: F ENG C A LON - BEL
England: F NTH C A LON - BEL
England: A LON - BEL
France: F BRE S F MAO - ENG
France: F MAO - ENG""",
        {"A LON - BEL": "success", "F MAO - ENG": "success"},
        {"England": ["F ENG"]},
    ),
    "6.F.12": (
        """England: F ENG C A LON - BEL
England: A LON - BEL
England: F IRI C A LON - BEL
France: F NAO S F MAO - IRI
France: F MAO - IRI""",
        {"A LON - BEL": "success"},
        {"England": ["F IRI"]},
    ),
    "6.F.3": (
        """England: F ENG C A LON - BRE
England: A LON - BRE
England: F MAO S A LON - BRE
France: A PAR - BRE""",
        {"A LON - BRE": "success", "A PAR - BRE": "failure"},
        {},
    ),
    "6.E.15": (
        """England: F HOL S A RUH - KIE
England: A RUH - KIE
France: A KIE - BER
France: A MUN S A KIE - BER
France: A SIL S A KIE - BER
Germany: A BER - KIE
Germany: F DEN S A BER - KIE
Germany: F HEL S A BER - KIE
Russia: F BAL S A PRU - BER
Russia: A PRU - BER""",
        {
            "A RUH - KIE": "failure",
            "A KIE - BER": "failure",
            "A BER - KIE": "failure",
            "A PRU - BER": "failure",
        },
        {},
    ),
    "6.E.12": (
        """Austria: A BUD - RUM
Austria: A SER S A VIE - BUD
Italy: A VIE - BUD
Russia: A GAL - BUD
Russia: A RUM S A GAL - BUD""",
        {"A GAL - BUD": "failure", "A VIE - BUD": "failure", "A BUD - RUM": "failure"},
        {},
    ),
    "6.E.9": (
        """England: F NTH - NWG
England: F YOR S F NWY - NTH
Germany: F HOL S F HEL - NTH
Germany: F HEL - NTH
Russia: F SKA S F NWY - NTH
Russia: F NWY - NTH""",
        {"F NTH - NWG": "success", "F NWY - NTH": "success", "F HEL - NTH": "failure"},
        {},
    ),
    "6.E.6": (
        """Germany: F HOL - NTH
Germany: F HEL S F HOL - NTH
France: F NTH - HOL
France: F BEL S F NTH - HOL
France: F ENG S F HOL - NTH
Austria: A KIE S A RUH - HOL
Austria: A RUH - HOL""",
        {"F HOL - NTH": "failure", "F NTH - HOL": "failure", "A RUH - HOL": "failure"},
        {},
    ),
    "6.E.3": (
        """Germany: A BER - KIE
Germany: A MUN S F KIE - BER
England: F KIE - BER""",
        {"A BER - KIE": "failure", "F KIE - BER": "failure"},
        {},
    ),
    "6.G.6": (
        """England: A LVP - EDI
England: F ENG C A LVP - EDI
Germany: A EDI - LVP
France: F IRI H
France: F NTH H
Russia: F NWG C A LVP - EDI
Russia: F NAO C A LVP - EDI""",
        {"A LVP - EDI": "success", "A EDI - LVP": "success"},
        {},
    ),
    "6.G.9": (
        """England: A NWY - SWE
England: F SKA C A NWY - SWE
England: F FIN S A NWY - SWE
Russia: A SWE - NWY""",
        {"A NWY - SWE": "success", "A SWE - NWY": "success"},
        {},
    ),
    "6.G.3": (
        """France: F BRE - ENG
France: A PIC - BEL
France: A BUR S A PIC - BEL
France: F MAO S F BRE - ENG
England: F ENG C A PIC - BEL""",
        {"F BRE - ENG": "success", "A PIC - BEL": "success"},
        {"England": ["F ENG"]},
    ),
    "6.G.12": (
        """England: A LVP - EDI VIA
England: F NAO C A LVP - EDI
England: F NWG C A LVP - EDI
Germany: A EDI - LVP VIA
Germany: F NTH C A EDI - LVP
Germany: F ENG C A EDI - LVP
Germany: F IRI C A EDI - LVP""",
        {"A LVP - EDI VIA": "success", "A EDI - LVP VIA": "success"},
        {},
    ),
    "6.G.15": (
        """England: F NTH C A LON - BEL
England: A HOL S A LON - BEL
England: A YOR - LON
England: A LON - BEL VIA
France: F ENG C A BEL - LON
France: A BEL - LON VIA""",
        {"A LON - BEL VIA": "success", "A BEL - LON VIA": "failure", "A YOR - LON": "failure"},
        {"France": ["A BEL"]},
    ),
    "6.G.18": (
        """England: F NTH C A LON - BEL
England: A HOL S A LON - BEL
England: A YOR - LON
England: A LON - BEL
England: A RUH S A LON - BEL
France: F ENG C A BEL - LON
France: A BEL - LON
France: A WAL S A BEL - LON""",
        {"A LON - BEL": "success", "A BEL - LON": "success", "A YOR - LON": "failure"},
        {},
    ),
    "6.H.12": (
        """England: A LVP - EDI VIA
England: F IRI C A LVP - EDI
England: F ENG C A LVP - EDI
England: F NTH C A LVP - EDI
France: F BRE - ENG
France: F MAO S F BRE - ENG
Russia: A EDI - LVP VIA
Russia: F NWG C A EDI - LVP
Russia: F NAO C A EDI - LVP
Russia: A CLY S A EDI - LVP""",
        {"A LVP - EDI VIA": "failure", "A EDI - LVP VIA": "success", "F BRE - ENG": "success"},
        {"England": ["A LVP", "F ENG"]},
    ),
    "6.H.15": (
        """England: F POR H
France: F SPA/SC - POR
France: F MAO S F SPA/SC - POR""",
        {"F SPA/SC - POR": "success"},
        {"England": ["F POR"]},
    ),
    "6.H.9": (
        """England: F HEL - KIE
England: F DEN S F HEL - KIE
Germany: A BER - PRU
Germany: F KIE H
Germany: A SIL S A BER - PRU
Russia: A PRU - BER""",
        {"F HEL - KIE": "success", "A BER - PRU": "success"},
        {"Germany": ["F KIE"], "Russia": ["A PRU"]},
    ),
    "6.H.6": (
        """Austria: A BUD S A TRI - VIE
Austria: A TRI - VIE
Germany: A MUN - BOH
Germany: A SIL - BOH
Italy: A VIE H""",
        {"A TRI - VIE": "success"},
        {"Italy": ["A VIE"]},
    ),
    "6.D.27": (
        """England: F SWE - BAL
England: F DEN S F SWE - BAL
Germany: A BER H
Russia: F BAL C A BER - LVN
Russia: F PRU S F BAL""",
        {"F SWE - BAL": "failure", "F PRU S F BAL": "success"},
        {},
    ),
    "6.D.24": (
        """France: A MAR - LYO
France: F SPA/SC S A MAR - LYO
Italy: F LYO H
Turkey: F TYS S F WES - LYO
Turkey: F WES - LYO""",
        {"F WES - LYO": "success", "A MAR - LYO": "failure"},
        {"Italy": ["F LYO"]},
    ),
    "6.D.30": (
        """Italy: F AEG S F CON
Russia: F CON - BUL
Turkey: F BLA - CON
Turkey: A BUL S F BLA - CON""",
        {"F BLA - CON": "failure"},
        {},
    ),
    "6.D.33": (
        """Austria: A SER - BUD
Austria: A VIE - BUD
Russia: A GAL S A SER - BUD
Turkey: A BUL - SER""",
        {"A SER - BUD": "success", "A BUL - SER": "success", "A VIE - BUD": "failure"},
        {},
    ),
    "6.D.21": (
        """Austria: F TRI H
Italy: A VEN - TRI
Italy: A TYR S A VEN - TRI
Germany: A MUN - TYR
Russia: A SIL - MUN
Russia: A BER S A SIL - MUN""",
        {"A VEN - TRI": "failure", "A SIL - MUN": "success"},
        {"Germany": ["A MUN"]},
    ),
    "6.D.15": (
        """Russia: F CON S F BLA - ANK
Russia: F BLA - ANK
Turkey: F ANK - CON""",
        {"F BLA - ANK": "success"},
        {"Turkey": ["F ANK"]},
    ),
    "6.D.9": (
        """Italy: A VEN - TRI
Italy: A TYR S A VEN - TRI
Austria: A ALB S A TRI - SER
Austria: A TRI H""",
        {"A VEN - TRI": "success"},
        {"Austria": ["A TRI"]},
    ),
    "6.C.3": (
        """Turkey: F ANK - CON
Turkey: A CON - SMY
Turkey: A SMY - ANK
Turkey: A BUL - CON""",
        {
            "F ANK - CON": "failure",
            "A CON - SMY": "failure",
            "A SMY - ANK": "failure",
            "A BUL - CON": "failure",
        },
        {},
    ),
    "6.C.6": (
        """England: F NTH C A LON - BEL
England: A LON - BEL
France: F ENG C A BEL - LON
France: A BEL - LON""",
        {"A LON - BEL": "success", "A BEL - LON": "success"},
        {},
    ),
    "6.C.7": (
        """England: F NTH C A LON - BEL
England: A LON - BEL
France: F ENG C A BEL - LON
France: A BEL - LON
France: A BUR - BEL""",
        {"A LON - BEL": "failure", "A BEL - LON": "failure", "A BUR - BEL": "failure"},
        {},
    ),
    "6.A.12": (
        """Austria: A VIE - TYR
Germany: A MUN - TYR
Italy: A VEN - TYR""",
        {"A VIE - TYR": "failure", "A MUN - TYR": "failure", "A VEN - TYR": "failure"},
        {},
    ),
    "6.B.6": (
        """England: F IRI S F NAO - MAO
England: F NAO - MAO
France: F SPA/NC S F MAO
France: F MAO H
Italy: F LYO - SPA/SC""",
        {"F NAO - MAO": "success", "F LYO - SPA/SC": "failure"},
        {"France": ["F MAO"]},
    ),
    "6.B.9": (
        """France: F POR S F MAO - SPA/NC
France: F MAO - SPA/SC
Italy: F LYO S F WES - SPA/SC
Italy: F WES - SPA/SC""",
        {"F WES - SPA/SC": "success", "F MAO - SPA/SC": "failure"},
        {},
    ),
    "6.B.15": (
        """France: F POR S F MAO - SPA
England: F MAO - SPA/NC
Italy: F LYO S F WES - SPA/SC
Italy: F WES - SPA/SC""",
        {"F MAO - SPA/NC": "failure", "F WES - SPA/SC": "failure"},
        {},
    ),
    "6.B.12": ("""France: A GAS - SPA/NC""", {"A GAS - SPA/NC": "success"}, {}),
}


@pytest.mark.parametrize("case_id", list(CASES))
def test_datc_case(case_id: str) -> None:
    text, results, dislodged = CASES[case_id]
    outcome = adjudicate(text)
    assert {order: result_of(outcome, order) for order in results} == results
    assert {p: sorted(u) for p, u in outcome["dislodged"].items()} == {
        p: sorted(u) for p, u in dislodged.items()
    }


def retreats_of(outcome: dict[str, Any], unit: str) -> list[str]:
    return next(d["retreats"] for d in outcome["dislodged_detail"] if d["unit"] == unit)


def test_6_h_6_no_retreat_to_a_contested_area() -> None:
    assert "BOH" not in retreats_of(adjudicate(CASES["6.H.6"][0]), "A VIE")


def test_6_h_9_dislodged_unit_does_not_make_attackers_area_contested() -> None:
    assert "BER" in retreats_of(adjudicate(CASES["6.H.9"][0]), "F KIE")


def test_6_h_12_may_retreat_where_a_convoyed_attacker_came_from() -> None:
    assert "EDI" in retreats_of(adjudicate(CASES["6.H.12"][0]), "A LVP")


def test_6_h_15_no_coastal_crawl_in_retreat() -> None:
    assert retreats_of(adjudicate(CASES["6.H.15"][0]), "F POR") == []


def test_6_h_3_no_convoy_during_retreat() -> None:
    outcome = adjudicate_position(
        {
            "phase": "S1901R",
            "units": {"England": ["F NTH"], "Germany": ["A HOL", "F KIE"]},
            "dislodged": [{"power": "England", "unit": "A HOL", "attacker_from": "RUH"}],
            "orders": {"England": ["A HOL R YOR", "F NTH C A HOL - YOR"]},
        }
    )
    assert [r["result"] for r in outcome["order_results"]] == ["failure", "failure"]
    assert outcome["disbanded"] == {"England": ["A HOL"]}
