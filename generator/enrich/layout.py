"""Where each paper sits on its collection's map.

A group is a sub-topic (a category's papers where it has none).  At fit time t-SNE places the groups'
centroids (in the related papers' LSA space) so that groups with similar papers are near each other.
On every build each group of a collection becomes a disc, of an area in proportion to its papers,
the discs are pushed apart from those places until none overlaps another, and the papers fill their
group's disc in rings: the most typical paper (nearest the centroid) at the centre, the least typical
on the rim, and each ring in the order of its papers' directions on the group's own two leading axes,
so that neighbours in a disc are alike too.  Coordinates are integers, SPACING apart.
"""
from __future__ import annotations

import math

import numpy as np

from .related import leading_axes, lsa_project
from .vectors import unit_rows

LSA_DIMS = 16  # axes of a small corpus's own LSA space (a large one uses the related papers')
SPACING = 10  # map units between neighbouring papers
GAP = 1.0  # SPACING units between two discs
PERPLEXITY = 30  # t-SNE's neighbourhood (at most a third of the groups)
TSNE_ITER = 500  # (scikit-learn's default, 1,000, takes longer and places the dev file's groups no better: map lift 2.54, against 2.68)
STRAY = 10.0  # SPACING units: a disc (or group of discs) further than this from all the others is apart
BESIDE = 36  # places tried around the disc a stray is moved next to
STRAYS = 0.05  # a group apart of at most this share of the discs (or one disc) is a stray; a larger one, a region
SPREAD = 0.25  # the places are spread until this share of the discs are clear of their nearest (the rest is pushed apart)


def group_of(p) -> tuple[str, str]:
    return p.category, p.subtopic or ""


def centroids(Z: np.ndarray, groups: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], np.ndarray]:
    """The groups (sorted) and the l2-normalised mean of each one's rows of Z."""
    keys = sorted(set(groups))
    at = {k: i for i, k in enumerate(keys)}
    C = np.zeros((len(keys), Z.shape[1]))
    np.add.at(C, [at[g] for g in groups], Z.astype(np.float64))
    return keys, unit_rows(C)


def centres(Z: np.ndarray, groups: list[tuple[str, str]]) -> dict[tuple[str, str], tuple[float, float]]:
    """Fit time: a 2-D place for each group, near the groups whose papers are like its own (t-SNE of
    the groups' centroids; deterministic for the same inputs on the same machine)."""
    keys, C = centroids(Z, groups)
    g = len(keys)
    if g <= 3 or C.shape[1] < 2:  # too few for t-SNE (groups, or axes: a tiny vocabulary): a row, in the order of
        D = C - C.mean(axis=0)  # the centroids' leading axis
        axis = np.linalg.svd(D, full_matrices=False)[2][0] if g > 1 and C.shape[1] else np.zeros(C.shape[1])
        P = np.column_stack([D @ axis, np.zeros(g)])
    else:
        from sklearn.manifold import TSNE  # (fit time only: scikit-learn is imported there anyway)
        from threadpoolctl import threadpool_limits
        with threadpool_limits(1):
            P = TSNE(2, perplexity=min(PERPLEXITY, max(1.0, (g - 1) / 3)), init="pca", random_state=0,
                     method="exact" if g < 200 else "barnes_hut", n_jobs=1, max_iter=TSNE_ITER).fit_transform(C)
    P = P - P.mean(axis=0)
    P /= max(float(np.abs(P).max()), 1e-9)
    return {k: (round(float(x), 6), round(float(y), 6)) for k, (x, y) in zip(keys, P)}


def rings(m: int) -> list[int]:
    """How many papers each ring of a disc of m holds: 1 at the centre, then about 2*pi*j on ring j."""
    out, left, j = [], m, 0
    while left > 0:
        take = min(left, 1 if j == 0 else int(2 * math.pi * j))
        out.append(take)
        left -= take
        j += 1
    return out


def _disc(Zg: np.ndarray) -> np.ndarray:
    """Offsets (in SPACING units) of a group's papers in its disc: rings by typicality, each ring in the
    order of the papers' directions on the group's two leading axes."""
    m = Zg.shape[0]
    centre = Zg.mean(axis=0)
    typical = Zg @ centre
    order = sorted(range(m), key=lambda i: (-typical[i], i))
    D = Zg - centre
    theta = np.zeros(m)
    if m > 2 and Zg.shape[1] > 1:
        _, _, Vt = np.linalg.svd(D, full_matrices=False)
        uv = D @ Vt[:2].T
        theta = np.arctan2(uv[:, 1], uv[:, 0])
    out = np.zeros((m, 2))
    start = 0
    for j, n in enumerate(rings(m)):
        members = sorted(order[start:start + n], key=lambda i: (theta[i], i))
        start += n
        if j == 0:
            continue
        steps = 2 * math.pi * np.arange(n) / n
        shift = math.atan2(np.sin(theta[members] - steps).sum(), np.cos(theta[members] - steps).sum())
        out[members, 0] = j * np.cos(steps + shift)
        out[members, 1] = j * np.sin(steps + shift)
    return out


def _apart(P: np.ndarray, R: np.ndarray, rounds: int = 500) -> np.ndarray:
    """Discs (centres P, radii R) moved apart, each pair along the line between them, until none overlaps."""
    P = P.copy()
    for _ in range(rounds):
        d = P[:, None, :] - P[None, :, :]
        dist = np.sqrt((d ** 2).sum(axis=2))
        need = R[:, None] + R[None, :] + GAP
        over = np.triu(np.maximum(need - dist, 0), 1)
        if over.max() < 1e-6:
            break
        dist = np.where(dist > 1e-9, dist, 1.0)
        i, j = np.nonzero(over)
        push = (over[i, j] / 2 + 1e-6)[:, None] * d[i, j] / dist[i, j][:, None]
        same = (d[i, j] ** 2).sum(axis=1) < 1e-18  # (two discs in one place: apart along x, by index)
        push[same] = np.column_stack([over[i, j][same] / 2 + 1e-6, np.zeros(same.sum())])
        np.add.at(P, i, push)
        np.add.at(P, j, -push)
    return P


def _gathered(P: np.ndarray, R: np.ndarray, C: np.ndarray) -> np.ndarray:
    """Discs set far from all the others (a sub-topic unlike the rest: t-SNE puts it at an edge) moved in, a few
    together as one (STRAYS), beside the disc most like one of theirs (C: the discs' unit centroids): one stray
    disc would stretch the map, and shrink every other on a screen.  No disc is moved onto another (_beside)."""
    from scipy.sparse.csgraph import connected_components
    P = P.copy()
    for _ in range(len(P)):  # (each round joins every stray group to the main one)
        gap = np.sqrt(((P[:, None] - P[None]) ** 2).sum(axis=2)) - R[:, None] - R[None]
        n, comp = connected_components(gap <= STRAY, directed=False)
        sizes = np.bincount(comp)
        main = int(sizes.argmax())  # (the most discs; ties: the lowest index)
        strays = [c for c in range(n) if c != main and sizes[c] <= max(1.0, STRAYS * len(P))]  # (more: a region apart)
        if not strays:
            break
        inn = np.flatnonzero(comp == main)
        for c in strays:
            out = np.flatnonzero(comp == c)
            like = C[out] @ C[inn].T
            a, b = np.unravel_index(int(like.argmax()), like.shape)  # the most alike discs in and out of the main group
            P[out] += _beside(P, R, out, out[a], inn[b]) - P[out[a]]
    return P


def _beside(P: np.ndarray, R: np.ndarray, out: np.ndarray, i: int, j: int) -> np.ndarray:
    """Where disc i goes (its group `out` with it) to lie beside disc j: the free place next to j nearest the side
    i came from, where no disc of the group overlaps another; else as far toward j as it goes free."""
    others = np.setdiff1d(np.arange(len(P)), out)
    shape = P[out] - P[i]
    start = np.arctan2(*(P[i] - P[j])[::-1])
    angles = start + 2 * np.pi / BESIDE * np.array([0] + [k * sign for k in range(1, BESIDE // 2 + 1) for sign in (1, -1)])
    for far in range(4):  # (next to j; else a disc's width further out, and so on)
        places = P[j] + (R[i] + R[j] + GAP + far * (2 * R[i] + GAP)) * np.column_stack([np.cos(angles), np.sin(angles)])
        moved = places[:, None] + shape[None]  # places x group x 2
        gap = np.sqrt(((moved[:, :, None] - P[others][None, None]) ** 2).sum(axis=3)) - R[out][None, :, None] \
            - R[others][None, None]
        free = np.flatnonzero(gap.min(axis=(1, 2)) >= GAP - 1e-9)
        if len(free):
            return places[free[0]]
    # none free: as far toward j as the group goes before it comes GAP near a disc, |w + t u| = r
    u = (P[j] - P[i]) / max(float(np.linalg.norm(P[j] - P[i])), 1e-9)
    w = (P[out][:, None] - P[others][None]).reshape(-1, 2)
    r = (R[out][:, None] + R[others][None]).ravel() + GAP
    wu = w @ u
    disc = wu ** 2 - (w ** 2).sum(axis=1) + r ** 2
    t = -wu - np.sqrt(np.maximum(disc, 0))
    hit = t[(disc > 0) & (t >= 0)]
    return P[i] + u * float(hit.min() if len(hit) else 0.0)


def _landscape(P: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """P turned so that its widest spread (weighted by papers) runs across: maps are read on wide screens."""
    mean = (P * weight[:, None]).sum(axis=0) / weight.sum()
    D = P - mean
    _, V = np.linalg.eigh((D * weight[:, None]).T @ D)
    V = V[:, ::-1] * np.where(V[:, ::-1].sum(axis=0) < 0, -1, 1)  # (widest first; a fixed sign of each axis)
    return D @ V


def positions(Z: np.ndarray, groups: list[tuple[str, str]],
              places: dict[tuple[str, str], tuple[float, float]]) -> list[tuple[int, int]]:
    """Each row's place on the map of these papers (one collection), in integer map units, the least
    x and y 0.  `places`: the fitted groups' 2-D places (a group without one starts at the middle)."""
    if not groups:
        return []
    Zf = Z.astype(np.float64)
    keys = sorted(set(groups))
    members = {k: [] for k in keys}
    for i, g in enumerate(groups):
        members[g].append(i)
    R = np.array([len(rings(len(members[k]))) - 0.5 for k in keys])  # radius, in SPACING units
    P = np.array([places.get(k, (0.0, 0.0)) for k in keys], dtype=float)
    if len(keys) > 1:  # spread the places as far as the discs need, then push apart what still overlaps
        d = np.sqrt(((P[:, None] - P[None]) ** 2).sum(axis=2)) + np.eye(len(keys)) * 1e9
        nearest = d.argmin(axis=1)
        P *= float(np.quantile((R + R[nearest] + GAP) / np.maximum(d[np.arange(len(keys)), nearest], 1e-6), SPREAD))
        C = centroids(Zf, groups)[1]  # (in the order of keys)
        P = _landscape(_gathered(_apart(P, R), R, C), np.array([len(members[k]) for k in keys], dtype=float))
    out = np.zeros((len(groups), 2))
    for k, centre in zip(keys, P):
        rows = members[k]
        out[rows] = centre + _disc(Zf[rows])
    out = np.rint((out - out.min(axis=0)) * SPACING).astype(int)
    return [(int(x), int(y)) for x, y in out]


def basis_for(X, basis: tuple | None) -> tuple | None:
    """The related papers' LSA basis, or, for a corpus too small for one, X's own leading axes (None:
    too few papers or terms for any)."""
    if basis is not None:
        return basis
    if min(X.shape) < 3:
        return None
    return np.arange(X.shape[1]), leading_axes(X, LSA_DIMS)


def rows(X, basis: tuple | None) -> np.ndarray:
    """X's rows in the map's LSA space (l2-normalised; zeros without a basis)."""
    return lsa_project(X, basis) if basis is not None else np.zeros((X.shape[0], 1), np.float32)
