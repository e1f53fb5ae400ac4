"""The decks of a greedy game, shuffled in the kernel exactly as engine.Battle shuffles them.

A game's decks are shuffled by random.Random(its seed) (simulate.pairing_seed): deck 0, then deck 1,
by random.shuffle's own algorithm (engine.shuffled). Seeding a Python Random for every game costs
more than the game, so the kernel seeds and draws that Mersenne Twister itself: the seed's SHA-512
words into init_by_array, then getrandbits(k) as the top k bits of the next word, random.Random's
own algorithm. `agrees` holds it to random.Random once per process (and a test, for many seeds).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from hashlib import sha512
from typing import Any

from .compiled import CardData
from .jit import AVAILABLE, inline, jit

if AVAILABLE:
    import numpy as np

    @jit
    def _mt_seed(mt: Any, key: Any, n: int) -> None:
        """random.Random's seeding of its Mersenne Twister from the 32-bit words of the seed's integer,
        lowest first (init_genrand(19650218) then init_by_array, the generator's reference algorithm):
        mt[:624] the state, mt[624] the next word's place. `agrees` holds it to random.Random."""
        mt[0] = 19650218
        for i in range(1, 624):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
        i, j = 1, 0
        for _ in range(max(624, n)):
            mt[i] = ((mt[i] ^ (((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525) & 0xFFFFFFFF)) + key[j] + j) & 0xFFFFFFFF
            i += 1
            j += 1
            if i >= 624:
                mt[0] = mt[623]
                i = 1
            if j >= n:
                j = 0
        for _ in range(623):
            mt[i] = ((mt[i] ^ (((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941) & 0xFFFFFFFF)) - i) & 0xFFFFFFFF
            i += 1
            if i >= 624:
                mt[0] = mt[623]
                i = 1
        mt[0] = 0x80000000
        mt[624] = 624

    @inline
    def _mt_next(mt: Any) -> int:
        """The generator's next 32-bit word (random.Random's genrand_uint32)."""
        if mt[624] >= 624:
            for kk in range(623):
                y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7FFFFFFF)
                mt[kk] = mt[kk + 397 if kk < 227 else kk - 227] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            y = (mt[623] & 0x80000000) | (mt[0] & 0x7FFFFFFF)
            mt[623] = mt[396] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            mt[624] = 0
        y = mt[mt[624]]
        mt[624] += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)  # type: ignore[no-any-return]

    @jit
    def mt_words(key: Any, n: int, out: Any) -> None:
        """The first len(out) words of random.Random seeded with the integer whose words key[:n] are."""
        mt = np.empty(625, np.int64)
        _mt_seed(mt, key, n)
        for i in range(out.shape[0]):
            out[i] = _mt_next(mt)

    @jit
    def _shuffle(D: Any, side: int, size: int, mt: Any) -> None:
        """engine.shuffled (random.shuffle's own algorithm) of D[side, :size]: getrandbits(k) is the top
        k bits of the generator's next word (random.Random's own rule for k <= 32)."""
        for i in range(size - 1, 0, -1):
            n = i + 1
            k = 0
            while n >> k:
                k += 1
            j = _mt_next(mt) >> (32 - k)
            while j >= n:
                j = _mt_next(mt) >> (32 - k)
            D[side, i], D[side, j] = D[side, j], D[side, i]

    @jit
    def shuffle_batch(decks: Any, sizes: Any, keys: Any, key_sizes: Any) -> None:
        """Shuffle both decks of every game, deck 0 then deck 1, by random.Random seeded as the game's
        (keys[g, :key_sizes[g]] the words of its seed's integer)."""
        mt = np.empty(625, np.int64)
        for g in range(decks.shape[0]):
            _mt_seed(mt, keys[g], key_sizes[g])
            _shuffle(decks[g], 0, sizes[g, 0], mt)
            _shuffle(decks[g], 1, sizes[g, 1], mt)


Deck = Sequence[CardData]
Game = tuple[int, str, int]
"""A game to play: its matchup (an index into the batch's pairs of decks), the seed of its rng
(random.Random(seed) shuffles its decks) and the side that holds the first player token."""


def seed_words(seed: str) -> bytes:
    """The 32-bit words (4 bytes each, little-endian, lowest first) of the integer random.Random(seed)
    seeds its generator with: a str seed's bytes followed by their SHA-512, read big-endian
    (random.seed, version 2); its little-endian bytes are those reversed, less the zeros on top."""
    a = seed.encode()
    le = (a + sha512(a).digest())[::-1].rstrip(b"\0") or b"\0"
    return le + b"\0" * (-len(le) % 4)


@cache
def agrees() -> bool:
    """Whether the kernel's generator draws random.Random's words here (this Python's random): a
    few seeds, past the state's first renewal. If not, simulate plays every game by the engine."""
    for seed in ("skybound-battle", "", "x" * 300):
        key = np.frombuffer(seed_words(seed), "<u4").astype(np.int64)
        out = np.empty(1300, np.int64)
        mt_words(key, key.shape[0], out)
        rng = random.Random(seed)
        if out.tolist() != [rng.getrandbits(32) for _ in range(out.shape[0])]:
            return False
    return True


def deal(matchups: Sequence[tuple[Deck, Deck]], games: Sequence[Game]) -> tuple[Any, Any]:
    """Both decks of every game as pool indexes, shuffled as engine.Battle shuffles them (deck 0 then
    deck 1, by random.Random(the game's seed)), the kernel drawing the generator's words itself (see
    `agrees`); and their sizes."""
    cap = max([len(d) for m in matchups for d in m] + [1])
    base = np.array([[[c.index for c in d] + [0] * (cap - len(d)) for d in m] for m in matchups],
                    np.int64).reshape(len(matchups), 2, cap)
    lengths = np.array([[len(d) for d in m] for m in matchups], np.int64).reshape(len(matchups), 2)
    which = np.array([g[0] for g in games], np.int64)
    decks, size = base[which], lengths[which]
    keys = [seed_words(g[1]) for g in games]
    width = max([len(k) for k in keys] + [4])
    flat = np.frombuffer(b"".join(k.ljust(width, b"\0") for k in keys), "<u4").astype(np.int64)
    shuffle_batch(decks, size, flat.reshape(len(games), width // 4),
                  np.array([len(k) // 4 for k in keys], np.int64))
    return decks, size
