"""Shapes for a schematic map: regions around province positions, and positions from borders.

Map data gives each province a point, not an outline. ``regions`` turns the
points into areas (each point's Voronoi cell, cut to a disc so that the edge of
the map does not grow huge cells), which reads as a map and leaves room for
colours. A map without positions gets them from ``spread``: a deterministic
force layout of its border graph, so the same map always looks the same.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from .svg import Point

Polygon = list[Point]


def _clip(polygon: Polygon, a: float, b: float, c: float) -> Polygon:
    """The part of a convex ``polygon`` where a*x + b*y <= c (Sutherland-Hodgman, one edge)."""
    out: Polygon = []
    for i, current in enumerate(polygon):
        previous = polygon[i - 1]
        inside_now = a * current[0] + b * current[1] <= c
        inside_before = a * previous[0] + b * previous[1] <= c
        if inside_now != inside_before:
            d_prev = a * previous[0] + b * previous[1] - c
            d_now = a * current[0] + b * current[1] - c
            t = d_prev / (d_prev - d_now)
            out.append(
                (previous[0] + t * (current[0] - previous[0]), previous[1] + t * (current[1] - previous[1]))
            )
        if inside_now:
            out.append(current)
    return out


def _disc(centre: Point, radius: float, sides: int = 28) -> Polygon:
    return [
        (
            centre[0] + radius * math.cos(2 * math.pi * k / sides),
            centre[1] + radius * math.sin(2 * math.pi * k / sides),
        )
        for k in range(sides)
    ]


def regions(sites: Mapping[str, Point], width: float, height: float, reach: float) -> dict[str, Polygon]:
    """Each site's area: the points nearer to it than to any other site, within ``reach`` of it
    and inside the ``width`` x ``height`` frame."""
    cells: dict[str, Polygon] = {}
    items = sorted(sites.items())
    for name, (px, py) in items:
        cell = _disc((px, py), reach)
        for a, b, c in ((-1.0, 0.0, 0.0), (1.0, 0.0, width), (0.0, -1.0, 0.0), (0.0, 1.0, height)):
            cell = _clip(cell, a, b, c)
        for other, (qx, qy) in items:
            if other == name or math.hypot(qx - px, qy - py) > 2 * reach:
                continue
            # nearer to p than to q:  (q - p) . x <= (|q|^2 - |p|^2) / 2
            cell = _clip(cell, qx - px, qy - py, (qx * qx + qy * qy - px * px - py * py) / 2)
            if not cell:
                break
        cells[name] = cell
    return cells


def nearest_neighbour_distances(sites: Mapping[str, Point]) -> list[float]:
    values = []
    for name, (px, py) in sites.items():
        others = [math.hypot(qx - px, qy - py) for other, (qx, qy) in sites.items() if other != name]
        if others:
            values.append(min(others))
    return values


def spread(
    names: Sequence[str],
    borders: Mapping[str, Sequence[str]],
    width: float,
    height: float,
    rounds: int = 300,
) -> dict[str, Point]:
    """Positions for ``names`` from their borders alone (Fruchterman-Reingold, no randomness:
    the start is a circle in the given order), scaled to fill the frame with a margin."""
    count = len(names)
    if count == 0:
        return {}
    if count == 1:
        return {names[0]: (width / 2, height / 2)}
    position = {
        name: [math.cos(2 * math.pi * k / count), math.sin(2 * math.pi * k / count)]
        for k, name in enumerate(names)
    }
    edges = sorted(
        {tuple(sorted((a, b))) for a in names for b in borders.get(a, ()) if b in position and b != a}
    )
    ideal = math.sqrt(4.0 / count)
    step = 0.1
    for _ in range(rounds):
        push = {name: [0.0, 0.0] for name in names}
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                dx = position[a][0] - position[b][0]
                dy = position[a][1] - position[b][1]
                distance = math.hypot(dx, dy) or 1e-6
                force = ideal * ideal / distance
                push[a][0] += dx / distance * force
                push[a][1] += dy / distance * force
                push[b][0] -= dx / distance * force
                push[b][1] -= dy / distance * force
        for a, b in edges:
            dx = position[a][0] - position[b][0]
            dy = position[a][1] - position[b][1]
            distance = math.hypot(dx, dy) or 1e-6
            force = distance * distance / ideal
            push[a][0] -= dx / distance * force
            push[a][1] -= dy / distance * force
            push[b][0] += dx / distance * force
            push[b][1] += dy / distance * force
        for name in names:
            dx, dy = push[name]
            length = math.hypot(dx, dy) or 1e-6
            moved = min(length, step)
            position[name][0] += dx / length * moved
            position[name][1] += dy / length * moved
        step = max(step * 0.985, 0.002)
    xs = [p[0] for p in position.values()]
    ys = [p[1] for p in position.values()]
    margin = 0.12
    span_x = (max(xs) - min(xs)) or 1.0
    span_y = (max(ys) - min(ys)) or 1.0
    return {
        name: (
            width * (margin + (1 - 2 * margin) * (p[0] - min(xs)) / span_x),
            height * (margin + (1 - 2 * margin) * (p[1] - min(ys)) / span_y),
        )
        for name, p in position.items()
    }


# -- names clear of units and marks -------------------------------------------------------------

Box = tuple[float, float, float, float]  # left, top, right, bottom


def _overlap(a: Box, b: Box) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0


def clear_places(
    wanted: Mapping[str, Point],
    extents: Mapping[str, tuple[float, float, float]],
    keep_out: Sequence[Box],
    frame: Box,
    reach: float = 30.0,
    step: float = 3.0,
) -> dict[str, Point]:
    """Where each name is written so that it covers no unit, mark or earlier name.

    ``wanted`` is each name's place as the map data gives it, ``extents`` its box from that
    place (half its width, its height above the place, its depth below). A name that covers
    something moves to the nearest free place within ``reach``; where none is free it takes
    the place that covers least, nearest first. The names are placed in sorted order, so the
    same board always reads the same."""
    placed: dict[str, Point] = {}
    taken: list[Box] = list(keep_out)
    offsets = sorted(
        (
            (dx * step, dy * step)
            for dx in range(-int(reach / step), int(reach / step) + 1)
            for dy in range(-int(reach / step), int(reach / step) + 1)
            if math.hypot(dx * step, dy * step) <= reach
        ),
        key=lambda d: (math.hypot(d[0], d[1] * 1.5), d),  # a shift up or down costs a little more
    )
    for name in sorted(wanted):
        x, y = wanted[name]
        half, above, below = extents[name]
        best: tuple[float, Point, Box] | None = None
        for dx, dy in offsets:
            box = (x + dx - half, y + dy - above, x + dx + half, y + dy + below)
            if box[0] < frame[0] or box[1] < frame[1] or box[2] > frame[2] or box[3] > frame[3]:
                continue
            covered = sum(_overlap(box, other) for other in taken)
            if best is None or covered < best[0]:
                best = (covered, (x + dx, y + dy), box)
            if covered == 0:
                break
        if best is None:
            placed[name] = (x, y)
            continue
        placed[name] = best[1]
        taken.append(best[2])
    return placed
