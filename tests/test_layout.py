"""The map's layout (generator/enrich/layout.py) on made-up vectors: discs of the right size that never
overlap, similar groups near each other, the most typical paper at a disc's centre, and the same map twice."""
from __future__ import annotations

import math

import numpy as np
import pytest

from generator.enrich import layout
from generator.enrich.layout import SPACING, centres, positions, rings


def _papers(spec: dict[str, tuple[list[float], int]], seed: int = 0):
    """Rows near each group's direction (unit, 8 axes), and the group of each row."""
    rng = np.random.RandomState(seed)
    Z, groups = [], []
    for name, (direction, n) in spec.items():
        d = np.array(direction + [0.0] * (8 - len(direction)))
        for _ in range(n):
            v = d / np.linalg.norm(d) + rng.normal(scale=0.15, size=8)
            Z.append(v / np.linalg.norm(v))
            groups.append(("cat", name))
    return np.array(Z, dtype=np.float32), groups


SPEC = {"a1": ([1, 0.2], 30), "a2": ([1, -0.2], 12), "a3": ([1, 0, 0.3], 20),
        "b1": ([0, 0, 0, 1], 25), "b2": ([0, 0, 0.2, 1], 9), "c": ([0, 1], 1)}


@pytest.mark.parametrize("m", [1, 2, 6, 7, 8, 25, 100, 1000])
def test_rings_hold_every_paper_one_at_the_centre(m):
    r = rings(m)
    assert sum(r) == m and r[0] == 1
    assert all(0 < n <= int(2 * math.pi * j) for j, n in enumerate(r) if j)
    assert all(n == int(2 * math.pi * j) for j, n in enumerate(r[:-1]) if j)  # (only the rim is not full)


def test_discs_are_round_apart_and_every_paper_has_a_place_of_its_own():
    Z, groups = _papers(SPEC)
    pos = positions(Z, groups, centres(Z, groups))
    P = np.array(pos, dtype=float)
    assert all(isinstance(v, int) for xy in pos for v in xy) and P.min(axis=0).tolist() == [0.0, 0.0]
    assert len(set(pos)) == len(pos)
    g = np.array([name for _, name in groups])
    D = np.sqrt(((P[:, None] - P[None]) ** 2).sum(axis=2))
    # neighbours in a disc are one spacing apart or more; papers of two discs at least a spacing and a gap
    assert D[g[:, None] == g[None, :]][D[g[:, None] == g[None, :]] > 0].min() >= 0.5 * SPACING
    assert D[g[:, None] != g[None, :]].min() >= (1 + layout.GAP) * SPACING - 1
    for name, (_, n) in SPEC.items():  # a disc of n papers is as wide as its rings
        rows = P[g == name]
        radius = np.sqrt(((rows - rows.mean(axis=0)) ** 2).sum(axis=1)).max()
        assert radius <= (len(rings(n)) - 1) * SPACING + 1
    width, height = P.max(axis=0)
    assert width >= height  # (turned to lie across a screen)


def test_a_stray_disc_is_moved_beside_the_disc_most_like_it():
    """A disc far from all others (t-SNE sets a sub-topic unlike the rest at an edge) comes in beside the disc
    most like it, where it overlaps none: the map is not stretched by one stray disc.  A larger group apart is a
    region, left apart."""
    R = np.array([1.5] * 10 + [2.5])
    P = np.array([[4.0 * (k % 5), 4.0 * (k // 5)] for k in range(10)] + [[90, 0]])  # 70 units off
    C = np.eye(11)
    C[10, 5] = C[5, 10] = 0.9  # (it is most like disc 5, in the grid's second row)
    C /= np.linalg.norm(C, axis=1, keepdims=True)
    Q = layout._gathered(P, R, C)
    assert np.allclose(Q[:10], P[:10])
    assert abs(float(np.linalg.norm(Q[10] - Q[5])) - R[10] - R[5] - layout.GAP) < 1e-6
    assert all(float(np.linalg.norm(Q[10] - Q[j])) - R[10] - R[j] >= layout.GAP - 1e-6 for j in range(10))  # (free)
    assert np.allclose(layout._gathered(Q, R, C), Q)  # (a map with no stray is left as it is)
    two = np.vstack([P, [[94.5, 0]]]), np.append(R, 1.5), np.eye(12)  # a pair of twelve discs: a region apart
    assert np.allclose(layout._gathered(*two), two[0])


def test_similar_groups_lie_near_each_other():
    Z, groups = _papers(SPEC)
    P = np.array(positions(Z, groups, centres(Z, groups)), dtype=float)
    g = np.array([name for _, name in groups])
    mid = {name: P[g == name].mean(axis=0) for name in SPEC}
    dist = lambda a, b: float(np.linalg.norm(mid[a] - mid[b]))  # noqa: E731
    assert max(dist("a1", "a2"), dist("a1", "a3"), dist("a2", "a3")) < min(dist(a, b) for a in ("a1", "a2", "a3")
                                                                          for b in ("b1", "b2"))


def test_the_most_typical_paper_is_at_the_centre_and_neighbours_in_a_ring_are_alike():
    rng = np.random.RandomState(1)
    Z = np.vstack([[1.0, 0, 0]] + [[1.0, math.cos(t), math.sin(t)] for t in rng.uniform(0, 2 * math.pi, 40)])
    Z /= np.linalg.norm(Z, axis=1)[:, None]
    off = layout._disc(Z)
    assert off[0].tolist() == [0.0, 0.0]  # (the one on the centroid's direction)
    angle = np.arctan2(Z[1:, 2], Z[1:, 1])
    placed = np.arctan2(off[1:, 1], off[1:, 0])
    # a ring keeps its papers in the order of their directions: turning round the disc meets them in order
    ring1 = [i for i in range(1, 41) if round(float(np.hypot(*off[i])), 6) == 1.0]
    by_place = sorted(ring1, key=lambda i: placed[i - 1])
    turns = sum((angle[b - 1] - angle[a - 1]) % (2 * math.pi) for a, b in zip(by_place, by_place[1:] + by_place[:1]))
    assert turns == pytest.approx(2 * math.pi, abs=1e-6) or turns == pytest.approx(2 * math.pi * (len(ring1) - 1), abs=1e-6)


def test_the_same_rows_give_the_same_map_and_few_groups_need_no_tsne():
    Z, groups = _papers(SPEC)
    assert positions(Z, groups, centres(Z, groups)) == positions(Z, groups, centres(Z, groups))
    one = _papers({"x": ([1], 5)})
    assert sorted(positions(*one, centres(*one))) == sorted(positions(*one, {}))
    two = _papers({"x": ([1], 3), "y": ([0, 1], 4), "z": ([0.9, 0.1], 2)})
    P = np.array(positions(*two, centres(*two)), dtype=float)
    g = [name for _, name in two[1]]
    mid = {n: P[[i for i, x in enumerate(g) if x == n]].mean(axis=0) for n in "xyz"}
    assert np.linalg.norm(mid["x"] - mid["z"]) < np.linalg.norm(mid["x"] - mid["y"])  # (a row, in order)
    assert positions(np.zeros((0, 4), np.float32), [], {}) == []
    assert positions(np.zeros((1, 4), np.float32), [("c", "")], {}) == [(0, 0)]


@pytest.mark.parametrize("axes", [0, 1])
def test_many_groups_on_fewer_than_two_axes_get_places(axes):
    """A tiny corpus (nine short abstracts in five categories) can share one term, or none: its LSA space
    has fewer than the two axes t-SNE starts from.  Its groups lie on a row instead of stopping the build."""
    Z = np.arange(1, 10, dtype=np.float32).reshape(9, 1)[:, :axes]
    groups = [("cat", "abcde"[i % 5]) for i in range(9)]
    places = centres(Z, groups)
    assert sorted(places) == [("cat", c) for c in "abcde"]
    assert len(positions(Z, groups, places)) == 9
