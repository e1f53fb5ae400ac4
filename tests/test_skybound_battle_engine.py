"""The battle engine of Skybound Battle: each rule of the seed (and each decision) on a hand-set board."""

from __future__ import annotations

import random
from typing import Any

import pytest

from generator.content import paths
from generator.core import kit
from generator.games.skybound_battle.compiled import CardData, compile_pool
from generator.games.skybound_battle.engine import ATTACK, Battle, Unit, shuffled
from generator.games.skybound_battle.model import Card, Effect

C = 5  # columns; slot = row * C + column, frontline row 0


def card(cid: str = "x", attack: int = 1, life: int = 1, *effects: dict[str, Any], mana: int = 0,
         index: int = 0) -> CardData:
    return CardData(index, Card(id=cid, name=cid.title(), colour="ember", cost=1, mana=mana, attack=attack,
                                life=life, effects=tuple(Effect(**e) for e in effects)))


class Script:
    """A policy that plays a script: moves by turn, picks candidates by a rule, logs what it saw."""

    name = "script"

    def __init__(self, moves: list[tuple[int, int] | None] | None = None, pick: int = 0,
                 activate: bool = True) -> None:
        self.moves = list(moves or [])
        self.pick = pick
        self.use = activate
        self.choices: list[list[Unit]] = []
        self.offers: list[Unit] = []

    def deploy(self, battle: Battle, side: int) -> tuple[int, int] | None:
        return self.moves.pop(0) if self.moves else None

    def choose(self, battle: Battle, side: int, candidates: list[Unit], verb: int, amount: int) -> Unit:
        self.choices.append(list(candidates))
        return candidates[self.pick]

    def activate(self, battle: Battle, unit: Unit, effect: Any, targets: list[Unit]) -> bool:
        self.offers.append(unit)
        return self.use


def battle(p0: Script | None = None, p1: Script | None = None, *, first: int = 0,
           decks: tuple[list[CardData], list[CardData]] = ([], []), **kw: Any) -> Battle:
    return Battle(decks, (p0 or Script(), p1 or Script()), random.Random(0), first=first, shuffle=False, **kw)


def up(b: Battle, side: int, slot: int, c: CardData) -> Unit:
    return b.place(side, c, slot, face_up=True)


@pytest.fixture(scope="module")
def pool() -> dict[str, CardData]:
    return compile_pool(kit.load("skybound-battle", paths.CONTENT).model.cards)


# ---------------------------------------------------------------- setup and draw

def test_each_player_draws_5_at_the_start_and_2_in_every_draw_phase():
    deck = [card(f"c{i}", index=i) for i in range(20)]
    b = battle(decks=(deck, deck))
    b.draw(0, b.opening)
    b.draw(1, b.opening)
    assert [len(h) for h in b.hands] == [5, 5]
    b.play_round()  # nobody deploys: round 1 still begins with a Draw phase (decision first-round-draw)
    assert [len(h) for h in b.hands] == [7, 7]


def test_drawing_from_an_empty_deck_draws_nothing():
    b = battle(decks=([card()], []))
    b.draw(0, 2)
    b.draw(1, 2)
    assert [len(h) for h in b.hands] == [1, 0] and b.decks == [[], []]


# ---------------------------------------------------------------- deployment

def test_deployment_alternates_starting_with_the_first_player_token():
    order: list[int] = []

    class Logged(Script):
        def __init__(self, side: int) -> None:
            super().__init__([(0, 0), (0, 1), (0, 2)])
            self.side = side

        def deploy(self, battle: Battle, side: int) -> tuple[int, int] | None:
            order.append(side)
            return super().deploy(battle, side)

    b = battle(Logged(0), Logged(1), first=1)
    b.hands = [[card(), card(), card()], [card(), card(), card()]]
    b.deployment()
    assert order[:6] == [1, 0, 1, 0, 1, 0]
    assert b.count == [3, 3]


def test_a_pass_is_final_and_the_other_player_may_keep_deploying():
    p0 = Script([None, (0, 3)])  # passes, then would deploy: must never be asked again
    p1 = Script([(0, 0), (0, 1), (0, 2)])
    b = battle(p0, p1, first=0)
    b.hands = [[card()], [card(), card(), card()]]
    b.deployment()
    assert b.count == [0, 3] and len(b.hands[0]) == 1 and p0.moves == [(0, 3)]


def test_deployment_ends_when_a_player_has_no_card_left():
    p0 = Script([(0, 0), (0, 1)])
    p1 = Script([(0, 5)])
    b = battle(p0, p1)
    b.hands = [[card(), card()], [card()]]
    b.deployment()
    assert b.count == [2, 1] and b.hands == [[], []]


def test_cards_are_deployed_face_down_into_empty_spaces_only():
    b = battle()
    u = b.place(0, card(), 4)
    assert not u.face_up
    with pytest.raises(ValueError):
        b.place(0, card(), 4)
    b.hands = [[card()], []]
    b.count[0] = b.nslots  # a full board: that player can only pass (decision deployment-spaces)
    assert not b.can_deploy(0)


# ---------------------------------------------------------------- reveal

def test_reveal_goes_in_board_order_with_the_token_holder_first_in_a_shared_spot():
    seen: list[tuple[int, int]] = []

    class Watch(Battle):
        def resolve_effect(self, u: Unit, eff: Any, targets: Any = None) -> None:
            seen.append((u.side, u.slot))

    b = Watch(([], []), (Script(), Script()), random.Random(0), first=1, shuffle=False)
    marked = card("m", 1, 3, {"when": "deployed", "do": "draw", "amount": 1})
    for side, slot in [(0, 7), (1, 0), (0, 0), (0, 4), (1, 5)]:
        b.place(side, marked, slot)
    b.reveal()
    assert seen == [(1, 0), (0, 0), (0, 4), (1, 5), (0, 7)]


def test_a_deployed_effect_resolves_before_the_next_card_is_revealed():
    b = battle()
    bomber = card("bomber", 1, 1, {"when": "deployed", "do": "damage", "target": "across", "amount": 5})
    b.place(1, card("early", 1, 2), 0)   # revealed at spot 0, before the bomber at spot 5
    b.place(0, bomber, 5)
    b.reveal()
    assert b.board[1][0] is None and b.discard[1][0].id == "early"


def test_deployed_effects_only_target_face_up_characters():
    b = battle(first=0)
    bomber = card("bomber", 1, 1, {"when": "deployed", "do": "damage", "target": "across", "amount": 5})
    b.place(0, bomber, 0)                     # revealed in spot 0 …
    late = b.place(1, card("late", 1, 2), C)  # … the enemy across, in the backline, still face down
    b.reveal()
    assert late.damage == 0 and b.board[1][C] is late


BOMBER = {"when": "deployed", "do": "damage", "target": "across", "amount": 1}


def test_both_cards_of_a_shared_spot_turn_up_together_and_act_token_holder_first():
    b = battle(first=1)
    mine = b.place(0, card("mine", 1, 3, BOMBER), 0)
    theirs = b.place(1, card("theirs", 1, 3, {"when": "deployed", "do": "strengthen", "target": "self",
                                              "amount": 2}, BOMBER), 0)
    b.reveal()
    assert mine.face_up and theirs.face_up
    assert mine.damage == 1 and theirs.damage == 1  # each saw the other face up
    assert theirs.attack == 3


def test_the_other_reading_reveals_the_token_holders_card_alone_first():
    b = battle(first=1, reveal_together=False)
    mine = b.place(0, card("mine", 1, 3, BOMBER), 0)
    theirs = b.place(1, card("theirs", 1, 3, BOMBER), 0)
    b.reveal()
    assert theirs.damage == 1 and mine.damage == 0  # the token holder's effect found nothing


def test_a_card_revealed_together_with_one_that_ends_the_round_still_acts():
    b = battle(first=0)
    b.place(0, card("stopper", 1, 3, {"when": "deployed", "do": "end-round"}), 0)
    hit = up(b, 0, 1, card("target", 0, 5))
    b.place(1, card("bomb", 1, 3, {"when": "deployed", "do": "damage", "target": "all-enemies", "amount": 1}), 0)
    later = b.place(1, card("later", 1, 3), 2)
    b.reveal()
    assert b.round_ended and hit.damage == 1 and not later.face_up


def test_mana_equal_to_the_cards_mana_is_placed_on_deployment():
    b = battle()
    u = b.place(0, card("caster", 1, 2, mana=3), 0)
    assert u.mana == 3


def test_explosive_sora_damages_the_face_up_enemy_across_fights_and_defeats_herself_at_end_of_round(pool):
    b = battle(first=1)
    target = up(b, 1, 2, card("wall", 0, 9))
    bystander = up(b, 1, 3, card("bystander", 0, 4))
    sora = b.place(0, pool["explosive-sora"], 2)
    b.reveal()
    assert target.damage == 4 and bystander.damage == 0
    assert b.board[0][2] is sora  # she stands through the battle: her printed attack is used
    b.resolve_battle()
    assert target.damage == 4 + sora.attack
    b.end_of_round()
    assert b.board[0][2] is None and sora.card in b.discard[0]


def test_explosive_sora_damages_nothing_when_the_enemy_across_is_face_down(pool):
    b = battle(first=0)
    b.place(0, pool["explosive-sora"], 2)
    hidden = b.place(1, card("hidden", 0, 9), C + 2)  # the backline: revealed after her
    b.reveal()
    assert hidden.damage == 0
    b.end_of_round()
    assert b.board[0][2] is None


def test_an_effect_that_ends_the_round_leaves_unrevealed_cards_face_down_for_the_next_reveal():
    stopper = card("stopper", 1, 3, {"when": "deployed", "do": "end-round"})
    bomb = card("bomb", 1, 3, {"when": "deployed", "do": "damage", "target": "all-enemies", "amount": 1})
    b = battle()
    b.place(0, stopper, 0)
    later = b.place(1, bomb, 6)
    b.reveal()
    assert b.round_ended and not later.face_up and b.board[1][6] is later
    b.round_ended = False
    b.reveal()
    assert later.face_up and b.board[0][0].damage == 1


def test_a_round_ended_by_an_effect_has_no_battle():
    stopper = card("stopper", 5, 3, {"when": "deployed", "do": "end-round"})
    p0 = Script([(0, 0)])
    b = battle(p0, Script(), decks=([stopper], []), opening=1)
    b.draw(0, 1)
    b.play_round()
    assert b.winner is None  # its attack on an empty board never happened


# ---------------------------------------------------------------- activation

def test_an_activated_effect_spends_mana_and_does_nothing_without_it():
    zap = {"when": "activated", "do": "damage", "target": "across", "amount": 1, "mana": 2}
    b = battle()
    caster = up(b, 0, 5, card("caster", 0, 3, zap, mana=3))
    enemy = up(b, 1, 0, card("enemy", 0, 9))
    b.activation(caster)
    b.activation(caster)  # 1 mana left, the effect costs 2
    assert caster.mana == 1 and enemy.damage == 1


def test_activated_effects_are_optional():
    zap = {"when": "activated", "do": "damage", "target": "across", "amount": 1}
    p0 = Script(activate=False)
    b = battle(p0)
    caster = up(b, 0, 0, card("caster", 0, 3, zap, mana=2))
    enemy = up(b, 1, 0, card("enemy", 0, 9))
    b.activation(caster)
    assert p0.offers == [caster] and caster.mana == 2 and enemy.damage == 0


def test_spellcasters_may_use_their_activated_effect_on_deploy():
    zap = {"when": "activated", "do": "damage", "target": "across", "amount": 2}
    b = battle(first=1)
    enemy = up(b, 1, 0, card("enemy", 0, 9))
    caster = b.place(0, card("caster", 0, 3, zap, mana=2), 0)
    b.reveal()
    assert enemy.damage == 2 and caster.mana == 1


def test_the_activation_stage_comes_before_the_attack_in_a_spot():
    zap = {"when": "activated", "do": "exhaust", "target": "across"}
    b = battle()
    up(b, 0, 0, card("caster", 0, 5, zap, mana=1))
    enemy = up(b, 1, 0, card("enemy", 9, 9))
    up(b, 0, 1, card("keeper", 0, 9))
    b.resolve_battle()
    assert enemy.exhausted and b.board[0][0].damage == 0  # exhausted first, so it never struck


# ---------------------------------------------------------------- battle order, attack, clash

def test_the_grid_resolves_the_frontline_columns_then_the_backline():
    seen: list[int] = []

    class Watch(Battle):
        def attack_spot(self, slot: int, order: tuple[int, int]) -> bool:
            seen.append(slot)
            return False

    b = Watch(([], []), (Script(), Script()), random.Random(0), shuffle=False)
    b.resolve_battle()
    assert seen == list(range(2 * C))


def test_an_attack_exhausts_the_attacker():
    b = battle()
    a = up(b, 0, 0, card("a", 1, 5))
    t = up(b, 1, 0, card("t", 0, 5))
    t.exhausted = True
    b.attack_spot(0, (0, 1))
    assert a.exhausted and t.damage == 1


def test_a_ready_character_attacked_attacks_back_in_a_clash():
    b = battle()
    a = up(b, 0, 5, card("a", 2, 5))   # backline attacker …
    t = up(b, 1, 0, card("t", 3, 5))   # … hits the ready frontline enemy across
    b.attack_spot(5, (0, 1))
    assert a.exhausted and t.exhausted
    assert (a.damage, t.damage) == (3, 2)


def test_an_exhausted_character_does_not_attack_back():
    b = battle()
    a = up(b, 0, 5, card("a", 2, 5))
    t = up(b, 1, 0, card("t", 3, 5))
    t.exhausted = True
    b.attack_spot(5, (0, 1))
    assert a.damage == 0 and t.damage == 2


def test_a_character_that_attacked_back_does_not_attack_again_in_its_own_spot():
    b = battle()
    up(b, 0, 0, card("a", 1, 9))
    t = up(b, 1, 1, card("t", 1, 9))  # column 2 enemy: a's nearest target
    up(b, 0, 1, card("b", 1, 9))
    b.attack_spot(0, (0, 1))          # a attacks t, t attacks back
    b.attack_spot(1, (0, 1))          # b attacks the exhausted t: no clash, t never attacks
    assert t.damage == 2 and b.board[0][0].damage == 1 and b.board[0][1].damage == 0


def test_in_a_shared_spot_the_token_holder_attacks_first():
    b = battle(first=1)
    mine = up(b, 0, 5, card("mine", 1, 9))
    theirs = up(b, 1, 5, card("theirs", 1, 9))
    f0 = up(b, 0, 0, card("f0", 1, 9))
    f1 = up(b, 1, 0, card("f1", 1, 9))
    b.attack_spot(5, (1, 0))
    # side 1 attacked first and f0 struck back at it; then side 0's attack met an f1 still ready
    assert (theirs.damage, f0.damage, mine.damage, f1.damage) == (1, 1, 1, 1)
    assert f0.exhausted and f1.exhausted


def test_the_damage_of_a_spot_is_dealt_at_once_so_a_clash_can_defeat_both():
    b = battle()
    up(b, 0, 0, card("a", 3, 3))
    up(b, 1, 0, card("b", 3, 3))
    b.attack_spot(0, (0, 1))
    assert b.board[0][0] is None and b.board[1][0] is None


def test_damage_equal_to_life_defeats():
    b = battle()
    up(b, 0, 5, card("a", 4, 9))
    up(b, 1, 0, card("t", 0, 4)).exhausted = True
    b.attack_spot(5, (0, 1))
    assert b.board[1][0] is None and b.discard[1][0].id == "t"


def test_damage_below_life_stays_on_the_character_into_the_next_round():
    b = battle()
    up(b, 0, 5, card("a", 3, 9))
    t = up(b, 1, 0, card("t", 0, 4))
    t.exhausted = True
    b.attack_spot(5, (0, 1))
    b.end_of_round()
    assert b.board[1][0] is t and t.damage == 3 and not t.exhausted


# ---------------------------------------------------------------- targeting

def test_a_character_attacks_directly_across_frontline_first():
    b = battle()
    front = up(b, 1, 2, card("front"))
    up(b, 1, 7, card("back"))
    assert b.attack_targets(0, 2) == [front]


def test_with_no_frontline_across_the_backline_across_is_the_target():
    b = battle()
    back = up(b, 1, 7, card("back"))
    up(b, 1, 3, card("beside"))
    assert b.attack_targets(0, 2) == [back]


def test_with_an_empty_column_across_the_nearest_column_is_attacked():
    b = battle()
    near = up(b, 1, 3 + C, card("near-back"))
    up(b, 1, 0, card("far"))
    assert b.attack_targets(0, 2) == [near]


def test_two_equally_near_enemies_are_the_attackers_choice():
    p0 = Script(pick=1)
    b = battle(p0)
    a = up(b, 0, 2, card("a", 1, 9))
    left = up(b, 1, 1, card("left", 0, 9))
    right = up(b, 1, 3, card("right", 0, 9))
    b.attack_spot(2, (0, 1))
    assert p0.choices == [[left, right]] and right.damage == 1 and left.damage == 0 and a.exhausted


# ---------------------------------------------------------------- winning

def test_an_attack_that_finds_no_enemy_character_wins():
    b = battle()
    up(b, 0, 4, card("a"))
    b.resolve_battle()
    assert b.winner == 0


def test_an_exhausted_character_makes_no_attack_and_so_does_not_win():
    b = battle()
    up(b, 0, 4, card("a")).exhausted = True
    b.resolve_battle()
    assert b.winner is None


def test_clearing_the_board_by_an_effect_is_not_a_win():
    b = battle()
    up(b, 0, 0, card("bomber", 1, 3, {"when": "deployed", "do": "damage", "target": "across", "amount": 3}))
    up(b, 1, 0, card("victim", 0, 1))
    b.resolve_effect(b.board[0][0], b.board[0][0].card.deployed[0])
    assert b.count[1] == 0 and b.winner is None


# ---------------------------------------------------------------- end of round

def test_end_of_round_abilities_then_every_character_readies_and_the_token_passes():
    grow = {"when": "end-of-round", "do": "strengthen", "target": "self", "amount": 1}
    b = battle(first=0)
    g = up(b, 0, 0, card("grower", 1, 3, grow))
    other = up(b, 1, 0, card("other", 1, 3))
    g.exhausted = other.exhausted = True
    b.end_of_round()
    assert g.attack == 2 and not g.exhausted and not other.exhausted and b.token == 1


def test_end_of_round_abilities_of_face_down_characters_do_not_happen():
    grow = {"when": "end-of-round", "do": "strengthen", "target": "self", "amount": 1}
    b = battle()
    g = b.place(0, card("grower", 1, 3, grow), 0)
    b.end_of_round()
    assert g.attack == 1


# ---------------------------------------------------------------- keywords and effects

def test_ranged_attackers_are_not_attacked_back():
    b = battle()
    archer = up(b, 0, 5, card("archer", 2, 2, {"when": "passive", "do": "ranged"}))
    t = up(b, 1, 0, card("t", 5, 5))
    b.attack_spot(5, (0, 1))
    assert archer.damage == 0 and not t.exhausted and t.damage == 2


def test_armour_lowers_the_damage_of_every_attack_and_effect():
    b = battle()
    t = up(b, 1, 0, card("t", 0, 9, {"when": "passive", "do": "armour", "amount": 1}))
    t.exhausted = True
    a = up(b, 0, 5, card("a", 3, 3, {"when": "activated", "do": "damage", "target": "across", "amount": 2},
                         mana=1))
    b.attack_spot(5, (0, 1))
    b.resolve_effect(a, a.card.activated[0])
    assert t.damage == 2 + 1


def test_effect_damage_defeats_at_once():
    b = battle()
    a = up(b, 0, 0, card("a", 0, 3, {"when": "deployed", "do": "damage", "target": "all-enemies", "amount": 2}))
    up(b, 1, 0, card("weak", 0, 2))
    strong = up(b, 1, 1, card("strong", 0, 3))
    b.resolve_effect(a, a.card.deployed[0])
    assert b.board[1][0] is None and strong.damage == 2


def test_effect_targets_by_name():
    b = battle()
    me = up(b, 0, 2, card("me", 1, 5))
    left, right, behind = up(b, 0, 1, card("l")), up(b, 0, 3, card("r")), up(b, 0, 7, card("b"))
    b.place(0, card("down"), 6)  # face down: no effect touches it
    e_front, e_back = up(b, 1, 2, card("ef", 0, 5)), up(b, 1, 7, card("eb", 0, 1))
    far = up(b, 1, 4, card("far", 0, 9))
    codes = {name: i for i, name in enumerate(("self", "across", "nearest-enemy", "column-enemies",
                                               "weakest-enemy", "all-enemies", "adjacent-allies",
                                               "all-allies"))}
    assert b.targets(me, codes["self"]) == [me]
    assert b.targets(me, codes["across"]) == [e_front]
    assert b.targets(me, codes["nearest-enemy"]) == [e_front]
    assert b.targets(me, codes["column-enemies"]) == [e_front, e_back]
    assert b.targets(me, codes["weakest-enemy"]) == [e_back]
    assert b.targets(me, codes["all-enemies"]) == [e_front, far, e_back]
    assert b.targets(me, codes["adjacent-allies"]) == [left, right, behind]
    assert b.targets(me, codes["all-allies"]) == [left, me, right, behind]


def test_heal_strengthen_fortify_exhaust_and_mana_do_what_they_say():
    b = battle()
    me = up(b, 0, 0, card("me", 1, 5))
    me.damage = 3
    for do, amount in (("heal", 2), ("strengthen", 2), ("fortify", 1), ("mana", 2)):
        b.resolve_effect(me, card("e", 1, 1, {"when": "deployed", "do": do, "target": "self",
                                              "amount": amount}).deployed[0])
    b.resolve_effect(me, card("e", 1, 1, {"when": "deployed", "do": "exhaust", "target": "self"}).deployed[0])
    assert (me.damage, me.attack, me.life, me.mana, me.exhausted) == (1, 3, 6, 2, True)


# ---------------------------------------------------------------- drawn games and whole games

def test_a_round_that_changes_nothing_is_a_draw():
    b = battle()
    up(b, 0, 0, card("wall", 0, 5))
    up(b, 1, 0, card("wall", 0, 5))
    b.play_round()
    assert b.drawn and b.winner is None


def test_a_round_with_damage_is_not_a_draw():
    b = battle()
    up(b, 0, 0, card("a", 1, 9))
    up(b, 1, 0, card("b", 1, 9))
    b.play_round()
    assert not b.drawn


def test_the_round_limit_ends_an_undecided_game_in_a_draw():
    b = battle(round_limit=3)
    up(b, 0, 0, card("a", 1, 30))
    up(b, 1, 0, card("b", 1, 30))
    assert b.play() is None and b.drawn and b.round == 3


def test_the_engine_shuffles_a_deck_exactly_as_random_shuffle_does():
    """The battle shuffles with its own copy of random.Random.shuffle's algorithm (a Python call
    fewer per card): the same order and the same generator state after, for any deck and seed."""
    for seed in range(40):
        for size in range(45):
            theirs, ours = random.Random(seed), random.Random(seed)
            want, got = list(range(size)), list(range(size))
            theirs.shuffle(want)
            shuffled(got, ours)
            assert (got, ours.getstate()) == (want, theirs.getstate())


def test_a_whole_game_of_starter_decks_ends_and_replays_identically(pool):
    from generator.games.skybound_battle.compiled import deck_list
    from generator.games.skybound_battle.policies import GreedyPolicy, RandomPolicy

    m = kit.load("skybound-battle", paths.CONTENT).model
    decks = [deck_list(m.starters[0].cards, pool), deck_list(m.starters[3].cards, pool)]
    for policy in (GreedyPolicy(), RandomPolicy()):
        results = []
        for _ in range(2):
            b = Battle(decks, (policy, policy), random.Random(42))
            results.append((b.play(), b.round, b.snapshot(), tuple(map(tuple, b.deployed_ids))))
        assert results[0] == results[1]
        assert results[0][0] in (0, 1, None) and results[0][1] >= 1


def test_attack_is_not_a_verb_code():
    from generator.games.skybound_battle import compiled

    assert ATTACK not in compiled.VERB_CODES.values()


def test_a_deployed_effect_with_no_face_up_target_is_counted_as_fizzled():
    bomber = card("bomber", 1, 1, {"when": "deployed", "do": "damage", "target": "across", "amount": 5})
    b = battle(first=0)
    b.place(0, bomber, 0)
    b.place(1, card("late", 1, 2), C)  # face down when the bomber is revealed
    b.place(0, bomber, 1)
    up(b, 1, 1, card("seen", 1, 9))
    b.reveal()
    assert b.deployed_effects == {"bomber": [2, 1]}


def test_with_the_other_reading_a_round_ended_by_the_token_holder_leaves_the_other_card_face_down():
    b = battle(first=0, reveal_together=False)
    b.place(0, card("stopper", 1, 3, {"when": "deployed", "do": "end-round"}), 0)
    hit = up(b, 0, 1, card("target", 0, 5))
    bomb = b.place(1, card("bomb", 1, 3, {"when": "deployed", "do": "damage", "target": "all-enemies",
                                          "amount": 1}), 0)
    b.reveal()
    assert b.round_ended and hit.damage == 0 and not bomb.face_up


def test_a_ranged_characters_target_in_its_own_space_still_makes_its_own_attack_at_it():
    b = battle(first=0)
    archer = up(b, 0, 0, card("archer", 1, 3, {"when": "passive", "do": "ranged"}))
    target = up(b, 1, 0, card("target", 2, 3))
    b.attack_log = []
    b.attack_spot(0, (0, 1))
    assert [(a, t, clash) for _, a, t, clash in b.attack_log] == [(archer, target, False), (target, archer, False)]
    assert archer.damage == 2 and target.damage == 1 and archer.exhausted and target.exhausted


def test_a_units_copy_carries_every_field():
    u = Unit(card("x", 2, 5, mana=1), 1, 7, 2)
    u.damage, u.exhausted, u.face_up, u.attack, u.life, u.mana, u.armour, u.ranged = 3, True, True, 4, 6, 2, 1, True
    v = u.copy()
    assert v is not u and all(getattr(v, n) == getattr(u, n) for n in Unit.__slots__)


def test_a_battles_copy_carries_every_field_but_the_ones_a_look_ahead_starts_afresh(pool):
    deck = [pool["cinder-pup"]] * 6
    b = battle(decks=(list(deck), list(deck)), first=1)
    b.play_round()
    b.attack_log = []
    c = b.copy(b.policies, random.Random(1))
    fresh = {"rng", "policies", "placed", "held", "deployed_effects", "attack_log", "board", "near", "adjacent"}
    assert set(vars(c)) == set(vars(b))
    assert {k: v for k, v in vars(c).items() if k not in fresh} == {k: v for k, v in vars(b).items() if k not in fresh}
    assert c.placed == c.held == [0, 0] and c.deployed_effects == {} and c.attack_log is None
    assert [[repr(u) for u in s] for s in c.board] == [[repr(u) for u in s] for s in b.board]
    assert c.hands[0] is not b.hands[0] and c.board[1] is not b.board[1]
