"""How large the report mails with a map get: the worst realistic case of each game, as mailed.

    .venv/bin/python benchmarks/mapmail.py              # seed 1
    .venv/bin/python benchmarks/mapmail.py --seeds 15   # the worst of seeds 1..15 per game

A report mail carries its map as a palette PNG (pbem.mail.pictures), base64 in the mail, beside
the text and HTML parts; a referee's mail host or a player's phone plan cares about its size, and
the tests hold every such mail under 150 kB. The positions are the most crowded each game with a
map reaches, built from a seed through the ruleset's pure interface (tests/site/crowded.py: a
late-game board with every unit's order drawn). For each game it prints the largest report mail
of that position (whose it is: in Diplomacy every player's map is the same, in The Generals the
referee sees every army), the PNG in it, and the room left under the limit; and, to measure a
change of pbem.mail.pictures.png, the PNG that the same map made before the map was halved
("was": full size, smooth edges, 64 colours), with the share of it now mailed; and the same
palette image compressed as Pillow's ``optimize`` does (zlib level 9, "opt"), with the
milliseconds each compression took ("ms" for pictures.png's own, libdeflate's). The games
without a drawer in pbem.maps send no map and are listed as such.

Then the time to draw each map's PNG (pictures.png's work, the median of runs taken in turn so
that a busy machine slows both alike): "whole" renders the SVG at once with resvg, as before
pbem.maps.raster; "layers" is pictures.png now, with the board, the names and the text kept
from the first run (a process's later maps), and "ratio" the one against the other.
"""

from __future__ import annotations

import argparse
import io
import re
import statistics
import sys
import time
from pathlib import Path

import resvg_py
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pbem import maps  # noqa: E402
from pbem.mail import pictures  # noqa: E402
from pbem.ruleset import REGISTRY  # noqa: E402
from tests.site.crowded import LIMIT, Crowded, Mail, crowded_maps, largest_mail  # noqa: E402


def units_of(crowded: Crowded) -> int:
    """Units on the board (Diplomacy) or armies (The Generals: a kind of troop in a region)."""
    before = crowded.before
    if hasattr(before, "board"):
        return len(before.board.units)
    return sum(len(holding.units) for holding in before.holdings)


def png_before_halving(svg: str) -> bytes:
    """The PNG as pbem.mail.pictures made it until the map was halved: full size, 64 colours."""
    rendered = bytes(resvg_py.svg_to_bytes(svg_string=svg, background="#ffffff"))
    image = Image.open(io.BytesIO(rendered)).convert("RGB")
    reduced = image.quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    reduced.save(out, "PNG", optimize=True)
    return out.getvalue()


def compressions(svg: str) -> tuple[int, float, float]:
    """(bytes, ms) of the mailed map's palette image saved with Pillow's ``optimize``, and the ms
    of pictures.png's own compression of it."""
    rendered = bytes(
        resvg_py.svg_to_bytes(
            svg_string=svg,
            background="#ffffff",
            zoom=pictures.ZOOM,
            shape_rendering="crisp_edges",
            text_rendering="optimize_legibility",
        )
    )
    image = Image.open(io.BytesIO(rendered)).convert("RGB")
    reduced = image.quantize(
        colors=pictures.COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    timings = []
    for save in (_optimized, pictures.palette_png):
        start = time.perf_counter()
        size = len(save(reduced))
        timings.append((size, (time.perf_counter() - start) * 1000))
    return timings[0][0], timings[0][1], timings[1][1]


def _optimized(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def png_whole(svg: str) -> bytes:
    """pictures.png as it was before the board was kept: the whole SVG rendered by resvg."""
    rendered = resvg_py.svg_to_bytes(
        svg_string=svg,
        background="#ffffff",
        zoom=pictures.ZOOM,
        shape_rendering="crisp_edges",
        text_rendering="optimize_legibility",
    )
    image = Image.open(io.BytesIO(bytes(rendered))).convert("RGB")
    reduced = image.quantize(
        colors=pictures.COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    return pictures.palette_png(reduced)


def draw_times(svg: str, runs: int = 7) -> tuple[float, float]:
    """Median ms of drawing ``svg``'s PNG whole and by layers, the runs taken in turn."""
    whole, layers = [], []
    pictures._palette_png(svg)  # the board, the names and the text kept, as after a process's first map
    for _ in range(runs):
        for times, draw in ((whole, png_whole), (layers, pictures._palette_png)):
            start = time.perf_counter()
            draw(svg)
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(whole), statistics.median(layers)


def row(crowded: Crowded, seed: int, viewer: str, mail: Mail) -> str:
    png_in_mail = len(mail.png) * 4 // 3  # base64, before its line breaks
    svg = re.search(r"<svg\b.*?</svg>", mail.html, re.DOTALL)
    was = len(png_before_halving(svg[0])) if svg else 0
    optimized, optimize_ms, own_ms = compressions(svg[0]) if svg else (0, 0.0, 0.0)
    return (
        f"{crowded.game:<26} {seed:>4} {crowded.ruleset.phase(crowded.before).id:>7} {units_of(crowded):>5} "
        f"{crowded.order_count:>6} {viewer:<9} {len(mail.raw) / 1000:>7.1f} {len(mail.png) / 1000:>7.1f} "
        f"{png_in_mail / 1000:>7.1f} {(len(mail.raw) - png_in_mail) / 1000:>7.1f} "
        f"{(LIMIT - len(mail.raw)) / 1000:>7.1f} {was / 1000:>7.1f} {len(mail.png) / (was or 1):>6.0%}"
        f" {optimized / 1000:>7.1f} {optimize_ms:>6.0f} {own_ms:>5.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--seeds", type=int, default=1, help="try seeds 1..N and print each game's worst (default 1)"
    )
    args = parser.parse_args()
    start = time.perf_counter()
    worst: dict[str, tuple[int, Crowded, int, str, Mail]] = {}
    for seed in range(1, args.seeds + 1):
        for crowded in crowded_maps(seed):
            viewer, mail = largest_mail(crowded)
            if crowded.game not in worst or len(mail.raw) > worst[crowded.game][0]:
                worst[crowded.game] = (len(mail.raw), crowded, seed, viewer, mail)
    print(f"limit {LIMIT / 1000:.0f} kB a mail; sizes in kB (1000 bytes)\n")
    print(
        f"{'game':<26} {'seed':>4} {'phase':>7} {'units':>5} {'orders':>6} {'largest':<9} "
        f"{'mail':>7} {'png':>7} {'base64':>7} {'rest':>7} {'room':>7} {'was':>7} {'now':>6}"
        f" {'opt':>7} {'opt ms':>6} {'ms':>5}"
    )
    for _, crowded, seed, viewer, mail in worst.values():
        print(row(crowded, seed, viewer, mail))
    print(f"\n{'game':<26} {'whole ms':>9} {'layers ms':>9} {'ratio':>6}")
    for _, crowded, _, _, mail in worst.values():
        svg = re.search(r"<svg\b.*?</svg>", mail.html, re.DOTALL)
        if svg:
            whole, layers = draw_times(svg[0])
            print(f"{crowded.game:<26} {whole:>9.0f} {layers:>9.0f} {layers / whole:>6.2f}")
    print()
    for ruleset in sorted(REGISTRY):
        if not maps.has_picture(ruleset):
            print(f"{ruleset}: no map (no drawer in pbem.maps), its reports carry no picture")
    print(f"\n{time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
