"""Greedy-vs-greedy games compiled by numba: the same games engine.Battle plays with two GreedyPolicy
players, rule for rule and in the same order, many games in one call.

engine.py stays THE rules engine (its rules are tested one by one; the look-ahead and random players
use it). This module is a faster player of the one kind of game that needs no randomness after the
shuffle: both players greedy. The decks come in shuffled by Python exactly as engine.Battle shuffles
them (`play` below builds the batch), and tests hold every tally of these games to the engine's.

The state of a game is a few int arrays: a board B[side, slot, field] (the fields of engine.Unit; OCC
is the card's pool index, -1 for an empty spot), the hands and decks, and S (the scalars of a Battle).
A unit is found by its side and spot: nothing is placed between the start of a game's Reveal and its
next Deployment, so within a phase "the unit still stands" is "its spot is still taken".
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from hashlib import sha512
from typing import Any, TypeVar, cast

from .compiled import (
    ACROSS,
    ADJ_ALLIES,
    ALL_ALLIES,
    ALL_ENEMIES,
    COLUMN,
    DAMAGE,
    DEFEAT,
    DRAW,
    END_ROUND,
    EXHAUST,
    FORTIFY,
    HEAL,
    MANA,
    NEAREST,
    SELF,
    STRENGTHEN,
    WEAKEST,
    CardData,
)
from .engine import ATTACK
from .model import Rules

try:  # numba is a dependency; without it the Python engine plays every game (the same games, slower)
    import numba
    import numba.extending
    import numpy as np
    from numba.np.numpy_support import carray

    AVAILABLE = True
except ImportError:  # pragma: no cover - exercised only where numba is not installed
    AVAILABLE = False

F = TypeVar("F", bound=Callable[..., Any])


def _jit(f: F) -> F:
    """numba's njit with an on-disk cache (numba's decorators are untyped: this one keeps the type)."""
    return cast(F, numba.njit(cache=True, nogil=True)(f))


def _inline(f: F) -> F:
    """_jit, inlined into its callers by numba (a call between compiled functions counts references
    to every array it passes: a small function called in the hot loop costs more than its work)."""
    return cast(F, numba.njit(cache=True, nogil=True, inline="always")(f))


# Card table columns (Table fills them from compiled.CardData).
C_ATK, C_LIFE, C_ARM, C_RANGED, C_MANA, C_VALUE, C_BACK = range(7)
NCARD_FIELDS = 7
# Effect kinds (the second index of the effect table), as CardData holds them.
K_DEPLOYED, K_ACTIVATED, K_END = range(3)
# Board fields (engine.Unit's).
OCC, ATK, LIFE, DMG, MANA_F, EXH, UP, ARM, RNG = range(9)
NFIELDS = 9
# Scalars of a game (S).
S_TOKEN, S_ROUND, S_WINNER, S_DRAWN, S_ENDED, S_DEPLOYED, S_COUNT, S_COUNT1, S_HN, S_HN1, S_DN, S_DN1, \
    S_PLACED, S_PLACED1, S_ERROR = range(15)
NSCALARS = 15
# Card tallies (out): played, won_played, revealed, fizzled.
T_PLAYED, T_WON, T_REVEALED, T_FIZZLED = range(4)
NTALLIES = 4

if AVAILABLE:

    def _pointer_type(typingctx: Any, address: Any) -> Any:
        """numba's intrinsic (its extension API): an address (an int) as a pointer to int64s."""
        types: Any = numba.types
        sig = types.CPointer(types.int64)(address)

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.inttoptr(args[0], context.get_value_type(signature.return_type))

        return sig, codegen

    _pointer_at: Any = numba.extending.intrinsic(_pointer_type)

    @_inline
    def _draw(S: Any, H: Any, D: Any, side: int, n: int) -> None:
        """Draw n cards from the top (the end) of the deck; an empty deck gives nothing."""
        while n > 0 and S[S_DN + side] > 0:
            S[S_DN + side] -= 1
            H[side, S[S_HN + side]] = D[side, S[S_DN + side]]
            S[S_HN + side] += 1
            n -= 1

    @_inline
    def _across(B: Any, side: int, col: int, c: int) -> int:
        """The spot of the face-up enemy across from `col` (frontline first), or -1."""
        e = 1 - side
        if B[e, col, OCC] >= 0 and B[e, col, UP]:
            return col
        if B[e, col + c, OCC] >= 0 and B[e, col + c, UP]:
            return col + c
        return -1

    @_inline
    def _attack_targets(B: Any, side: int, col: int, c: int, T: Any) -> int:
        """Whom a character in `col` attacks, into T; how many (across, else the nearest columns)."""
        t = _across(B, side, col, c)
        if t >= 0:
            T[0] = t
            return 1
        e = 1 - side
        for d in range(1, c):
            n = 0
            for x in (col - d, col + d):
                if x < 0 or x >= c:
                    continue
                if B[e, x, OCC] >= 0 and B[e, x, UP]:
                    T[n] = x
                    n += 1
                elif B[e, x + c, OCC] >= 0 and B[e, x + c, UP]:
                    T[n] = x + c
                    n += 1
            if n:
                return n
        return 0

    @_inline
    def _target_side(side: int, target: int) -> int:
        if target in (ACROSS, NEAREST, COLUMN, WEAKEST, ALL_ENEMIES):
            return 1 - side
        return side

    @_jit
    def _targets(B: Any, side: int, slot: int, target: int, c: int, T: Any) -> int:
        """Every face-up character an effect of the unit at (side, slot) would touch, into T (spots
        of _target_side's side); how many."""
        col = slot % c
        ns = 2 * c
        if target == SELF:
            T[0] = slot
            return 1
        if target == ACROSS:
            t = _across(B, side, col, c)
            if t < 0:
                return 0
            T[0] = t
            return 1
        if target == NEAREST:
            return _attack_targets(B, side, col, c, T)
        e = 1 - side
        n = 0
        if target == COLUMN:
            for s in (col, col + c):
                if B[e, s, OCC] >= 0 and B[e, s, UP]:
                    T[n] = s
                    n += 1
            return n
        if target == WEAKEST:
            low = 0
            for s in range(ns):
                if B[e, s, OCC] >= 0 and B[e, s, UP]:
                    left = B[e, s, LIFE] - B[e, s, DMG]
                    if n == 0 or left < low:
                        T[0] = s
                        n = 1
                        low = left
                    elif left == low:
                        T[n] = s
                        n += 1
            return n
        if target == ALL_ENEMIES:
            for s in range(ns):
                if B[e, s, OCC] >= 0 and B[e, s, UP]:
                    T[n] = s
                    n += 1
            return n
        if target == ADJ_ALLIES:  # the adjacent spots in board order
            if slot >= c and B[side, slot - c, OCC] >= 0 and B[side, slot - c, UP]:
                T[n] = slot - c
                n += 1
            if col > 0 and B[side, slot - 1, OCC] >= 0 and B[side, slot - 1, UP]:
                T[n] = slot - 1
                n += 1
            if col < c - 1 and B[side, slot + 1, OCC] >= 0 and B[side, slot + 1, UP]:
                T[n] = slot + 1
                n += 1
            if slot < c and B[side, slot + c, OCC] >= 0 and B[side, slot + c, UP]:
                T[n] = slot + c
                n += 1
            return n
        if target == ALL_ALLIES:
            for s in range(ns):
                if B[side, s, OCC] >= 0 and B[side, s, UP]:
                    T[n] = s
                    n += 1
            return n
        return 0

    @_inline
    def _choose(B: Any, side: int, T: Any, n: int, verb: int, amount: int) -> int:
        """GreedyPolicy.choose: the spot of the best of n candidates (of `side`): for an attack or
        damage, one it defeats, then one exhausted, then the strongest; for heal the most damaged;
        else the strongest; the first in board order of equals."""
        best = -1
        k0 = k1 = k2 = 0
        for i in range(n):
            s = T[i]
            if verb in (ATTACK, DAMAGE):
                a0 = 1 if B[side, s, LIFE] - B[side, s, DMG] + B[side, s, ARM] <= amount else 0
                a1 = B[side, s, EXH]
                a2 = B[side, s, ATK]
            elif verb == HEAL:
                a0, a1, a2 = B[side, s, DMG], 0, 0
            else:
                a0, a1, a2 = B[side, s, ATK], 0, 0
            if best < 0 or (a0, a1, a2, -s) > (k0, k1, k2, -best):
                best, k0, k1, k2 = s, a0, a1, a2
        return best

    @_inline
    def _defeat(B: Any, S: Any, side: int, slot: int) -> None:
        B[side, slot, OCC] = -1
        S[S_COUNT + side] -= 1

    @_jit
    def _resolve(B: Any, S: Any, H: Any, D: Any, c: int, side: int, slot: int, verb: int, target: int,
                 amount: int, T: Any, given: int) -> bool:
        """engine.Battle.resolve_effect: one effect of the unit at (side, slot); False when it found no
        target. `given` is how many targets T holds already (an activation's), or -1 to find them."""
        if verb == DRAW:
            _draw(S, H, D, side, amount)
            return True
        if verb == END_ROUND:
            S[S_ENDED] = 1
            return True
        n = given if given >= 0 else _targets(B, side, slot, target, c, T)
        if n == 0:
            return False
        ts = _target_side(side, target)
        if n > 1 and target in (NEAREST, WEAKEST):
            T[0] = _choose(B, ts, T, n, verb, amount)
            n = 1
        for i in range(n):
            t = T[i]
            if B[ts, t, OCC] < 0:
                continue
            if verb == DAMAGE:
                d = amount - B[ts, t, ARM]
                if d > 0:
                    B[ts, t, DMG] += d
                    if B[ts, t, DMG] >= B[ts, t, LIFE]:
                        _defeat(B, S, ts, t)
            elif verb == HEAL:
                B[ts, t, DMG] = max(0, B[ts, t, DMG] - amount)
            elif verb == STRENGTHEN:
                B[ts, t, ATK] += amount
            elif verb == FORTIFY:
                B[ts, t, LIFE] += amount
            elif verb == EXHAUST:
                B[ts, t, EXH] = 1
            elif verb == DEFEAT:
                _defeat(B, S, ts, t)
            elif verb == MANA:
                B[ts, t, MANA_F] += amount
        return True

    @_inline
    def _activation(B: Any, S: Any, H: Any, D: Any, E: Any, NE: Any, c: int, side: int, slot: int,
                    T: Any) -> None:
        """Each Activated effect the unit can pay for, used when GreedyPolicy.activate would."""
        card = B[side, slot, OCC]
        for k in range(NE[card, K_ACTIVATED]):
            verb, target, amount, cost = E[card, K_ACTIVATED, k, 0], E[card, K_ACTIVATED, k, 1], \
                E[card, K_ACTIVATED, k, 2], E[card, K_ACTIVATED, k, 3]
            if B[side, slot, OCC] < 0 or B[side, slot, MANA_F] < cost:
                return
            n = _targets(B, side, slot, target, c, T)
            if n == 0:
                continue
            ts = _target_side(side, target)
            use = True
            if verb == HEAL:
                use = False
                for i in range(n):
                    if B[ts, T[i], DMG]:
                        use = True
            elif verb == EXHAUST:
                use = False
                for i in range(n):
                    if not B[ts, T[i], EXH]:
                        use = True
            if use:
                B[side, slot, MANA_F] -= cost
                _resolve(B, S, H, D, c, side, slot, verb, target, amount, T, n)

    @_inline
    def _deployed_effects(B: Any, S: Any, H: Any, D: Any, E: Any, NE: Any, c: int, side: int, slot: int,
                          T: Any, tally: Any) -> None:
        """A revealed card's Deployed effects, counted (revealed, and whether one found no target)."""
        card = B[side, slot, OCC]
        if NE[card, K_DEPLOYED] == 0:
            return
        fizzled = 0
        for k in range(NE[card, K_DEPLOYED]):
            if B[side, slot, OCC] < 0:
                break
            if not _resolve(B, S, H, D, c, side, slot, E[card, K_DEPLOYED, k, 0], E[card, K_DEPLOYED, k, 1],
                            E[card, K_DEPLOYED, k, 2], T, -1):
                fizzled = 1
        tally[card, T_REVEALED] += 1
        tally[card, T_FIZZLED] += fizzled

    @_inline
    def _reveal(B: Any, S: Any, H: Any, D: Any, E: Any, NE: Any, c: int, together: bool, T: Any,
                tally: Any) -> None:
        """engine.Battle.reveal: face-down cards up in board order, a shared spot's token holder first."""
        token = S[S_TOKEN]
        for slot in range(2 * c):
            ua = B[token, slot, OCC] >= 0 and not B[token, slot, UP]
            ub = B[1 - token, slot, OCC] >= 0 and not B[1 - token, slot, UP]
            if not ua and not ub:
                if S[S_ENDED]:
                    return
                continue
            if together:
                if ua:
                    B[token, slot, UP] = 1
                if ub:
                    B[1 - token, slot, UP] = 1
            for k in range(2):
                side = token if k == 0 else 1 - token
                if not (ua if k == 0 else ub):
                    continue
                if S[S_ENDED] and not B[side, slot, UP]:
                    break
                if B[side, slot, OCC] < 0:
                    continue  # defeated by the effect of the card revealed with it
                B[side, slot, UP] = 1
                card = B[side, slot, OCC]
                if NE[card, K_DEPLOYED]:
                    _deployed_effects(B, S, H, D, E, NE, c, side, slot, T, tally)
                if NE[card, K_ACTIVATED] and not S[S_ENDED] and B[side, slot, OCC] >= 0:
                    _activation(B, S, H, D, E, NE, c, side, slot, T)
            if S[S_ENDED]:
                return

    @_inline
    def _attack_spot(B: Any, S: Any, c: int, slot: int, T: Any, hits: Any) -> bool:
        """Attack, Damage and Defeat at one spot; True when an attack found no enemy (a win)."""
        if B[0, slot, OCC] < 0 and B[1, slot, OCC] < 0:
            return False
        nh = 0
        token = S[S_TOKEN]
        col = slot % c
        for k in range(2):
            side = token if k == 0 else 1 - token
            if B[side, slot, OCC] < 0 or B[side, slot, EXH]:
                continue
            if S[S_COUNT + 1 - side] == 0:
                S[S_WINNER] = side
                return True
            e = 1 - side
            t = _across(B, side, col, c)
            if t < 0:
                n = _attack_targets(B, side, col, c, T)
                if n == 0:
                    S[S_ERROR] = 1  # the engine's choice among no candidates raises: so does the caller
                    return True
                t = T[0] if n == 1 else _choose(B, e, T, n, ATTACK, B[side, slot, ATK])
            B[side, slot, EXH] = 1
            hits[nh, 0], hits[nh, 1], hits[nh, 2] = B[side, slot, ATK], e, t
            nh += 1
            if not B[e, t, EXH] and not B[side, slot, RNG]:  # a clash
                B[e, t, EXH] = 1
                hits[nh, 0], hits[nh, 1], hits[nh, 2] = B[e, t, ATK], side, slot
                nh += 1
        for i in range(nh):  # all damage of a spot lands at once
            ts, t = hits[i, 1], hits[i, 2]
            d = hits[i, 0] - B[ts, t, ARM]
            if d > 0:
                B[ts, t, DMG] += d
        for i in range(nh):
            ts, t = hits[i, 1], hits[i, 2]
            if B[ts, t, OCC] >= 0 and B[ts, t, DMG] >= B[ts, t, LIFE]:
                _defeat(B, S, ts, t)
        return False

    @_inline
    def _resolve_battle(B: Any, S: Any, H: Any, D: Any, E: Any, NE: Any, c: int, T: Any, hits: Any) -> None:
        token = S[S_TOKEN]
        for slot in range(2 * c):
            for side in (token, 1 - token):
                card = B[side, slot, OCC]
                if card >= 0 and NE[card, K_ACTIVATED]:
                    _activation(B, S, H, D, E, NE, c, side, slot, T)
            if _attack_spot(B, S, c, slot, T, hits):
                return

    @_inline
    def _end_of_round(B: Any, S: Any, H: Any, D: Any, E: Any, NE: Any, c: int, T: Any) -> None:
        """End of round abilities in board order, token holder's first; all ready; the token passes."""
        token = S[S_TOKEN]
        for slot in range(2 * c):
            for side in (token, 1 - token):
                card = B[side, slot, OCC]
                if card >= 0 and B[side, slot, UP] and NE[card, K_END]:
                    for k in range(NE[card, K_END]):
                        if B[side, slot, OCC] < 0:
                            break
                        _resolve(B, S, H, D, c, side, slot, E[card, K_END, k, 0], E[card, K_END, k, 1],
                                 E[card, K_END, k, 2], T, -1)
        for side in range(2):
            for slot in range(2 * c):
                B[side, slot, EXH] = 0
        S[S_TOKEN] = 1 - token

    @_inline
    def _best_slot(B: Any, C: Any, c: int, side: int, card: int) -> int:
        """GreedyPolicy.best_slot: the empty spot that scores best for `card` (first of equals)."""
        e = 1 - side
        least = c
        for col in range(c):
            least = min(least, abs(2 * col - (c - 1)))
        best_s = -1
        best_total = -(1 << 30)
        attack, life, armour, back = C[card, C_ATK], C[card, C_LIFE], C[card, C_ARM], C[card, C_BACK]
        front = 7 if back else 10
        shielding = front + 3
        for col in range(c):
            if B[side, col, OCC] >= 0:
                continue
            score = front if B[side, col + c, OCC] < 0 else shielding
            x = col if B[e, col, OCC] >= 0 else (col + c if B[e, col + c, OCC] >= 0 else -1)
            if x >= 0:
                if not B[e, x, UP]:
                    score += 1
                else:
                    if attack >= B[e, x, LIFE] - B[e, x, DMG] + B[e, x, ARM]:
                        score += 4
                    if B[e, x, ATK] - armour >= life:
                        score -= 4
            total = 20 * score - abs(2 * col - (c - 1))
            if total > best_total:
                best_s, best_total = col, total
        shielded = 12 if back else 6
        if best_total >= 20 * shielded - least:
            return best_s
        for col in range(c):
            if B[side, col + c, OCC] >= 0:
                continue
            total = 20 * (1 if B[side, col, OCC] < 0 else shielded) - abs(2 * col - (c - 1))
            if total > best_total:
                best_s, best_total = col + c, total
        return best_s

    @_inline
    def _place(B: Any, S: Any, C: Any, side: int, card: int, slot: int) -> None:
        B[side, slot, OCC] = card
        B[side, slot, ATK] = C[card, C_ATK]
        B[side, slot, LIFE] = C[card, C_LIFE]
        B[side, slot, DMG] = 0
        B[side, slot, MANA_F] = C[card, C_MANA]
        B[side, slot, EXH] = 0
        B[side, slot, UP] = 0
        B[side, slot, ARM] = C[card, C_ARM]
        B[side, slot, RNG] = C[card, C_RANGED]
        S[S_COUNT + side] += 1

    @_inline
    def _deployment(B: Any, S: Any, H: Any, C: Any, c: int, played: Any) -> None:
        """Alternate placements from the token holder, each player greedy (it never passes while a
        card can be placed); `played[side, card]` marks the cards a side deployed."""
        ns = 2 * c
        passed0 = passed1 = False
        cur = S[S_TOKEN]
        while True:
            if not (passed0 if cur == 0 else passed1):
                hn = S[S_HN + cur]
                if hn == 0 or S[S_COUNT + cur] >= ns:
                    done = True
                else:
                    best_i, best_v = 0, -1
                    for i in range(hn):
                        v = C[H[cur, i], C_VALUE]
                        if v > best_v:
                            best_i, best_v = i, v
                    card = H[cur, best_i]
                    slot = _best_slot(B, C, c, cur, card)
                    S[S_PLACED + cur] += 1
                    for i in range(best_i, hn - 1):
                        H[cur, i] = H[cur, i + 1]
                    S[S_HN + cur] = hn - 1
                    _place(B, S, C, cur, card, slot)
                    played[cur, card] = 1
                    S[S_DEPLOYED] = 1
                    done = hn - 1 == 0 or S[S_COUNT + cur] >= ns
                if done:
                    if cur == 0:
                        passed0 = True
                    else:
                        passed1 = True
            if passed0 and passed1:
                return
            if not (passed1 if cur == 0 else passed0):
                cur = 1 - cur

    @_jit
    def _play(B: Any, S: Any, H: Any, D: Any, C: Any, E: Any, NE: Any, c: int, opening: int, per_round: int,
              limit: int, together: bool, T: Any, hits: Any, snap: Any, played: Any, tally: Any) -> None:
        """engine.Battle.play: one game to its end (S holds the winner, -1 for a draw, and the round)."""
        token = S[S_TOKEN]
        _draw(S, H, D, token, opening)
        _draw(S, H, D, 1 - token, opening)
        ns = 2 * c
        while S[S_WINNER] < 0 and not S[S_DRAWN]:
            S[S_ROUND] += 1
            S[S_ENDED] = 0
            S[S_DEPLOYED] = 0
            token = S[S_TOKEN]
            _draw(S, H, D, token, per_round)
            _draw(S, H, D, 1 - token, per_round)
            _deployment(B, S, H, C, c, played)
            quiet = not S[S_DEPLOYED]
            if quiet:  # the board at the round's start (drawing never touches it)
                for side in range(2):
                    for s in range(ns):
                        for f in range(MANA_F + 1):  # OCC, ATK, LIFE, DMG, MANA: engine.Battle.snapshot's
                            snap[side, s, f] = B[side, s, f]
            _reveal(B, S, H, D, E, NE, c, together, T, tally)
            if not S[S_ENDED]:
                _resolve_battle(B, S, H, D, E, NE, c, T, hits)
                if S[S_WINNER] >= 0 or S[S_ERROR]:
                    return
            _end_of_round(B, S, H, D, E, NE, c, T)
            same = quiet
            if quiet:
                for side in range(2):
                    for s in range(ns):
                        if B[side, s, OCC] != snap[side, s, OCC]:
                            same = False
                        elif B[side, s, OCC] >= 0:
                            for f in range(ATK, MANA_F + 1):
                                if B[side, s, f] != snap[side, s, f]:
                                    same = False
            if same or S[S_ROUND] >= limit:
                S[S_DRAWN] = 1

    @_jit
    def _mt_seed(mt: Any, key: Any, n: int) -> None:
        """random.Random's seeding of its Mersenne Twister from the 32-bit words of the seed's integer,
        lowest first (init_genrand(19650218) then init_by_array, the generator's reference algorithm):
        mt[624] the state, mt[624] the next word's place. `agrees` holds it to random.Random."""
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

    @_inline
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

    @_jit
    def mt_words(key: Any, n: int, out: Any) -> None:
        """The first len(out) words of random.Random seeded with the integer whose words key[:n] are."""
        mt = np.empty(625, np.int64)
        _mt_seed(mt, key, n)
        for i in range(out.shape[0]):
            out[i] = _mt_next(mt)

    @_jit
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

    @_jit
    def shuffle_batch(decks: Any, sizes: Any, keys: Any, key_sizes: Any) -> None:
        """Shuffle both decks of every game, deck 0 then deck 1, by random.Random seeded as the game's
        (keys[g, :key_sizes[g]] the words of its seed's integer)."""
        mt = np.empty(625, np.int64)
        for g in range(decks.shape[0]):
            _mt_seed(mt, keys[g], key_sizes[g])
            _shuffle(decks[g], 0, sizes[g, 0], mt)
            _shuffle(decks[g], 1, sizes[g, 1], mt)

    @_jit
    def play_batch(pC: Any, pE: Any, pNE: Any, pTally: Any, pWork: Any, ncards: int, most: int, decks: Any,
                   sizes: Any, first: Any, c: int, opening: int, per_round: int, limit: int, together: bool,
                   winner: Any, rounds: Any, placed: Any) -> int:
        """Play every game of the batch: decks[g, side] (shuffled; the top card last, sizes[g, side] of
        them), first[g] the token holder. Fills winner[g] (-1 a draw), rounds[g], placed[g, side], and
        adds each card's played, won_played, revealed and fizzled into tally[card]. Returns the first
        game the engine would have refused (a choice among no targets), or -1.

        The card tables, the tally and the games' state come as addresses (`play` keeps their arrays),
        viewed here by numba.carray: arrays numba does not own, so passing them from function to
        function counts no references (an atomic operation each, a third of the time otherwise)."""
        ns = 2 * c
        cap = decks.shape[2]
        C = carray(_pointer_at(pC), (ncards, NCARD_FIELDS))
        E = carray(_pointer_at(pE), (ncards, 3, most, 4))
        NE = carray(_pointer_at(pNE), (ncards, 3))
        tally = carray(_pointer_at(pTally), (ncards, NTALLIES))
        at = pWork  # the state's arrays one after the other, 8 bytes an int
        B = carray(_pointer_at(at), (2, ns, NFIELDS))
        at += 8 * 2 * ns * NFIELDS
        snap = carray(_pointer_at(at), (2, ns, NFIELDS))
        at += 8 * 2 * ns * NFIELDS
        S = carray(_pointer_at(at), (NSCALARS,))
        at += 8 * NSCALARS
        H = carray(_pointer_at(at), (2, cap))
        at += 8 * 2 * cap
        D = carray(_pointer_at(at), (2, cap))
        at += 8 * 2 * cap
        T = carray(_pointer_at(at), (ns,))
        at += 8 * ns
        hits = carray(_pointer_at(at), (4, 3))
        at += 8 * 12
        played = carray(_pointer_at(at), (2, ncards))
        for g in range(decks.shape[0]):
            B[:] = 0
            B[:, :, OCC] = -1
            S[:] = 0
            S[S_TOKEN] = first[g]
            S[S_WINNER] = -1
            for side in range(2):
                S[S_DN + side] = sizes[g, side]
                for i in range(sizes[g, side]):
                    D[side, i] = decks[g, side, i]
            played[:] = 0
            _play(B, S, H, D, C, E, NE, c, opening, per_round, limit, together, T, hits, snap, played, tally)
            if S[S_ERROR]:
                return g
            winner[g] = S[S_WINNER]
            rounds[g] = S[S_ROUND]
            placed[g, 0] = S[S_PLACED]
            placed[g, 1] = S[S_PLACED1]
            for side in range(2):
                for card in range(ncards):
                    if played[side, card]:
                        tally[card, T_PLAYED] += 1
                        if winner[g] == side:
                            tally[card, T_WON] += 1
        return -1


# ---------------------------------------------------------------------- the typed entry
class Outcomes:
    """What a batch of greedy games came to: per game (int arrays) its winner (-1 for a draw), rounds
    and the cards each side placed; per card (by id) its played, won_played, revealed and fizzled
    counts summed over the batch (only the cards with one of them above zero)."""

    __slots__ = ("cards", "placed", "rounds", "winner")

    def __init__(self, winner: Any, rounds: Any, placed: Any, cards: dict[str, tuple[int, int, int, int]]) -> None:
        self.winner = winner
        self.rounds = rounds
        self.placed = placed
        self.cards = cards

    @property
    def winners(self) -> list[int | None]:
        """Each game's winner, None for a draw."""
        return [None if w < 0 else w for w in self.winner.tolist()]


class Table:
    """A pool's cards as the kernel reads them: stats C[card, field], effects E[card, kind, k] =
    (verb, target, amount, cost) and their counts NE[card, kind]; cards by CardData.index."""

    def __init__(self, pool: dict[str, CardData]) -> None:
        cards = sorted(pool.values(), key=lambda d: d.index)
        if [d.index for d in cards] != list(range(len(cards))):
            raise ValueError("the pool's card indexes are not 0..n-1")
        kinds = [(d.deployed, d.activated, d.end_of_round) for d in cards]
        most = max([len(effs) for k in kinds for effs in k] + [1])
        self.ids = [d.id for d in cards]
        self.C = np.zeros((len(cards), NCARD_FIELDS), np.int64)
        self.E = np.zeros((len(cards), 3, most, 4), np.int64)
        self.NE = np.zeros((len(cards), 3), np.int64)
        for d, k in zip(cards, kinds, strict=True):
            self.C[d.index] = (d.attack, d.life, d.armour, d.ranged, d.mana, d.value, d.backliner)
            for kind, effs in enumerate(k):
                self.NE[d.index, kind] = len(effs)
                for i, eff in enumerate(effs):
                    self.E[d.index, kind, i] = eff


_tables: dict[int, tuple[dict[str, CardData], Table]] = {}


def table(pool: dict[str, CardData]) -> Table:
    """The pool's Table, made once per pool (compiled.compiled keeps one pool dict per pool)."""
    got = _tables.get(id(pool))
    if got is None or got[0] is not pool:
        _tables.clear()
        got = _tables[id(pool)] = (pool, Table(pool))
    return got[1]


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


def _address(a: Any) -> int:
    """The address of a C-contiguous int64 array's data (the caller keeps the array while the kernel
    runs)."""
    if a.dtype != np.int64 or not a.flags.c_contiguous:
        raise ValueError("the kernel reads C-contiguous int64 arrays only")
    return int(a.ctypes.data)


def play(pool: dict[str, CardData], rules: Rules, matchups: Sequence[tuple[Deck, Deck]],
         games: Sequence[Game]) -> Outcomes:
    """Play greedy-vs-greedy games by the rules: each game's decks shuffled by its rng exactly as
    engine.Battle shuffles them (see `deal`). The same games, draw for draw, as engine.Battle with two
    GreedyPolicy players."""
    t = table(pool)
    n = len(games)
    decks, sizes = deal(matchups, games)
    winner = np.empty(n, np.int64)
    rounds = np.empty(n, np.int64)
    placed = np.empty((n, 2), np.int64)
    tally = np.zeros((len(t.ids), NTALLIES), np.int64)
    ns, cap, ncards = 2 * rules.board.columns, decks.shape[2], len(t.ids)
    work = np.zeros(4 * ns * NFIELDS + NSCALARS + 4 * cap + ns + 12 + 2 * ncards, np.int64)  # play_batch's state
    refused = int(play_batch(_address(t.C), _address(t.E), _address(t.NE), _address(tally), _address(work), ncards,
                             t.E.shape[2], decks,
                             sizes, np.array([g[2] for g in games], np.int64), rules.board.columns,
                             rules.hand.opening, rules.hand.draw_per_round, rules.round_limit,
                             rules.shared_spot_reveal == "together", winner, rounds, placed))
    if refused >= 0:
        raise ValueError(f"game {refused} of the batch asked a player to choose among no targets")
    cards = {t.ids[i]: (int(r[0]), int(r[1]), int(r[2]), int(r[3]))
             for i, r in enumerate(tally.tolist()) if any(r)}
    return Outcomes(winner, rounds, placed, cards)
