"""Greedy-vs-greedy games compiled by numba: the same games engine.Battle plays with two GreedyPolicy
players, rule for rule and in the same order, many games in one call.

engine.py stays THE rules engine (its rules are tested one by one; the look-ahead and random players
use it). This module is a faster player of the one kind of game that needs no randomness after the
shuffle: both players greedy. The decks come in shuffled exactly as engine.Battle shuffles them
(greedy_rng.py), greedy_batch.py builds the batch and reads what came of it, and tests hold every
tally of these games to the engine's.

The state of a game is a few int arrays: a board B[side, slot, field] (the fields of engine.Unit; OCC
is the card's pool index, -1 for an empty spot), the hands and decks, and S (the scalars of a Battle).
A unit is found by its side and spot: nothing is placed between the start of a game's Reveal and its
next Deployment, so within a phase "the unit still stands" is "its spot is still taken".
"""

from __future__ import annotations

from typing import Any

from .jit import AVAILABLE, inline, jit

if AVAILABLE:
    import numba
    import numba.extending
    from numba.np.numpy_support import carray


# The verbs and targets as the kernel numbers them. numba freezes a global into the code it caches, and
# its cache is keyed on this file alone: codes imported from compiled.py would go stale in the cache if
# that file renumbered them, so greedy_batch.Table maps compiled's codes to these by name.
DAMAGE, HEAL, STRENGTHEN, FORTIFY, EXHAUST, DEFEAT, MANA, DRAW, END_ROUND = range(9)
VERBS = {"damage": DAMAGE, "heal": HEAL, "strengthen": STRENGTHEN, "fortify": FORTIFY, "exhaust": EXHAUST,
         "defeat": DEFEAT, "mana": MANA, "draw": DRAW, "end-round": END_ROUND}
ATTACK = -1  # a choice of whom to attack (not an effect's verb)
SELF, ACROSS, NEAREST, COLUMN, WEAKEST, ALL_ENEMIES, ADJ_ALLIES, ALL_ALLIES = range(8)
TARGETS = {"self": SELF, "across": ACROSS, "nearest-enemy": NEAREST, "column-enemies": COLUMN,
           "weakest-enemy": WEAKEST, "all-enemies": ALL_ENEMIES, "adjacent-allies": ADJ_ALLIES,
           "all-allies": ALL_ALLIES}
NO_TARGET = -1

# Card table columns (greedy_batch.Table fills them from compiled.CardData).
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
HITS = 4  # the most attacks at one spot: two attackers, each attacked back


def work_size(columns: int, cap: int, ncards: int) -> int:
    """How many ints play_batch's state takes, as it lays them out: the board and its snapshot, the
    scalars, hands and decks (cap cards each), the targets, the hits and the cards each side played."""
    ns = 2 * columns
    return 2 * (2 * ns * NFIELDS) + NSCALARS + 2 * (2 * cap) + ns + HITS * 3 + 2 * ncards

if AVAILABLE:

    def _pointer_type(typingctx: Any, address: Any) -> Any:
        """numba's intrinsic (its extension API): an address (an int) as a pointer to int64s."""
        types: Any = numba.types
        sig = types.CPointer(types.int64)(address)

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.inttoptr(args[0], context.get_value_type(signature.return_type))

        return sig, codegen

    _pointer_at: Any = numba.extending.intrinsic(_pointer_type)

    @inline
    def _draw(S: Any, H: Any, D: Any, side: int, n: int) -> None:
        """Draw n cards from the top (the end) of the deck; an empty deck gives nothing."""
        while n > 0 and S[S_DN + side] > 0:
            S[S_DN + side] -= 1
            H[side, S[S_HN + side]] = D[side, S[S_DN + side]]
            S[S_HN + side] += 1
            n -= 1

    @inline
    def _across(B: Any, side: int, col: int, c: int) -> int:
        """The spot of the face-up enemy across from `col` (frontline first), or -1."""
        e = 1 - side
        if B[e, col, OCC] >= 0 and B[e, col, UP]:
            return col
        if B[e, col + c, OCC] >= 0 and B[e, col + c, UP]:
            return col + c
        return -1

    @inline
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

    @inline
    def _target_side(side: int, target: int) -> int:
        if target in (ACROSS, NEAREST, COLUMN, WEAKEST, ALL_ENEMIES):
            return 1 - side
        return side

    @jit
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
        if target in (ALL_ENEMIES, ALL_ALLIES):
            who = e if target == ALL_ENEMIES else side
            for s in range(ns):
                if B[who, s, OCC] >= 0 and B[who, s, UP]:
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
        return 0

    @inline
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

    @inline
    def _defeat(B: Any, S: Any, side: int, slot: int) -> None:
        B[side, slot, OCC] = -1
        S[S_COUNT + side] -= 1

    @jit
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

    @inline
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

    @inline
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

    @inline
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

    @inline
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

    @inline
    def _resolve_battle(B: Any, S: Any, H: Any, D: Any, E: Any, NE: Any, c: int, T: Any, hits: Any) -> None:
        token = S[S_TOKEN]
        for slot in range(2 * c):
            for side in (token, 1 - token):
                card = B[side, slot, OCC]
                if card >= 0 and NE[card, K_ACTIVATED]:
                    _activation(B, S, H, D, E, NE, c, side, slot, T)
            if _attack_spot(B, S, c, slot, T, hits):
                return

    @inline
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

    @inline
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

    @inline
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

    @inline
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

    @jit
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

    @jit
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
        hits = carray(_pointer_at(at), (HITS, 3))
        at += 8 * HITS * 3
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
