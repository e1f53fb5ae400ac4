"""Skybound Battle's commands: `playkit deck check` and `playkit simulate skybound-battle` (thin)."""

from __future__ import annotations

from pathlib import Path

import click

from ... import cliutil
from ...build.output import write_artifacts
from ...content import Problem
from ...core.game import Artifact
from .deckfile import DeckFile, check_deck, check_deck_file
from .decks import DeckLimits, deck_colours
from .model import GAME_ID, SkyboundBattle
from .roster import POLICIES
from .search import Budget

deck_group = click.Group("deck", help="Skybound Battle decks.")


@deck_group.command("check")
@click.argument("deck")
@click.option("--cards", "cards", type=click.IntRange(1), default=None,
              help="Agreed deck size (default: the rules').")
@click.option("--max-cost", "max_cost", type=click.IntRange(0), default=None,
              help="Agreed highest total cost (default: the rules').")
@click.option("--colours", "colours", type=click.IntRange(1), default=None,
              help="Agreed most colours (default: the rules').")
@click.option("--copies", "copies", type=click.IntRange(1), default=None,
              help="Agreed most copies of one card (default: the rules').")
@click.pass_context
def deck_check(ctx: click.Context, deck: str, cards: int | None, max_cost: int | None, colours: int | None,
               copies: int | None) -> None:
    """Check DECK (a deck file, or a starter deck's id) against the deck limits.

    Prints every broken limit as FILE:LINE:COL: error: …, one a line, and exits 1 on any.
    """
    loaded = cliutil.load_or_exit(ctx, GAME_ID)
    model: SkyboundBattle = loaded.model
    limits = DeckLimits.from_rules(model.rules.deck).agreed(
        cards=cards, max_cost=max_cost, max_colours=colours, max_copies=copies)
    starters = {s.id: i for i, s in enumerate(model.starters)}
    path = cliutil.shipped_example(Path(deck))
    if path.is_file():
        problems = check_deck_file(path, model, limits)
        name = str(path)
        listed = _cards_of_file(path) if not problems else {}
    elif deck in starters:
        i = starters[deck]
        listed = model.starters[i].cards
        problems = check_deck(loaded.content.sources["starters"], ("starters", i), listed, model, limits)
        name = f"starter {deck}"
    else:
        raise click.UsageError(f"no deck file or starter deck named {deck!r} "
                               f"(starters: {', '.join(starters)})")
    if problems:
        cliutil.fail_on_problems(problems, wrote_nothing=False)
    pool = {c.id: c for c in model.cards}
    click.echo(f"{name}: legal ({sum(listed.values())} cards, total cost "
               f"{sum(pool[c].cost * n for c, n in listed.items())}, colours "
               f"{' + '.join(deck_colours(listed, pool))}; limits: {limits.cards} cards, cost at most "
               f"{limits.max_cost}, at most {limits.max_colours} colours, at most {limits.max_copies} copies)")


def _cards_of_file(path: Path) -> dict[str, int]:
    from ...content import load_file, parse

    return dict(parse(DeckFile, load_file(path)).cards)


@click.command(GAME_ID)
@click.option("--decks", default="all", show_default=True,
              help="'all' starter decks, or a comma list of starter ids and deck files (each pair plays).")
@click.option("--games", type=click.IntRange(1), default=200, show_default=True, help="Games per pairing.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--policy", type=click.Choice(sorted(POLICIES)), default="greedy", show_default=True,
              help="How simulated players deploy and choose.")
@cliutil.pool_options
@click.pass_context
def simulate_cmd(ctx: click.Context, decks: str, games: int, seed: int, policy: str, workers: int,
                 scheduler: str | None) -> None:
    """Play the decks against each other and report win rates, first player, length and cards.

    Writes matrix.csv, cards.csv, rounds.csv and report.txt (and the heatmap) to OUT/skybound-battle/simulation/.
    """
    from . import simreport
    from .heatmap import heatmap_artifacts
    from .simulate import simulate, starter_setup

    loaded = cliutil.load_or_exit(ctx, GAME_ID)
    model: SkyboundBattle = loaded.model
    entries = _sim_decks(model, decks)
    setup = starter_setup(model.cards, model.rules, [(name, cards) for name, cards, _ in entries], games, seed,
                          policy, model.content_hash, args=[arg for _, _, arg in entries])
    with cliutil.pool(workers, scheduler) as ex:
        rep = simulate(setup, ex.map)
    click.echo(simreport.text(rep), nl=False)
    artifacts = [Artifact("report.txt", simreport.text(rep).encode()),
                 Artifact("matrix.csv", simreport.matrix_csv(rep).encode()),
                 Artifact("cards.csv", simreport.cards_csv(rep).encode()),
                 Artifact("rounds.csv", simreport.rounds_csv(rep).encode())]
    artifacts += heatmap_artifacts(rep)   # the matrix as a heatmap (SVG and PDF)
    meta = {"game": GAME_ID, "policy": policy, "seed": seed, "games_per_pairing": games,
            "content": model.content_hash, "decks": [d for d, _, _ in entries]}
    cliutil.write_results(ctx, GAME_ID, "simulation", artifacts, meta)


def _sim_decks(model: SkyboundBattle, spec: str) -> list[tuple[str, dict[str, int], str]]:
    """The decks named by --decks: 'all', or starter ids and deck files, as (id, cards, how the
    command line named it): a deck file's id is its stem, but only its path finds it again.

    A deck file must name real cards, but may break the limits: simulating a house-rule deck is
    exactly what a designer tries before agreeing on it.
    """
    starters = {s.id: dict(s.cards) for s in model.starters}
    if spec.strip() == "all":
        return [(name, cards, name) for name, cards in starters.items()]
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if len(names) < 2:
        raise click.UsageError("--decks needs 'all' or at least two decks, e.g. --decks steam-rift,wildfire")
    out: list[tuple[str, dict[str, int], str]] = []
    problems: list[Problem] = []
    anything = DeckLimits(cards=1, max_cost=10**6, max_colours=10**3, max_copies=10**6)
    for n in names:
        if n in starters:
            out.append((n, starters[n], n))
        elif (path := cliutil.shipped_example(Path(n))).is_file():
            found = [p for p in check_deck_file(path, model, anything) if "the deck has" not in p.message]
            if found:
                problems += found
            else:
                out.append((path.stem, _cards_of_file(path), n))
        else:
            raise click.UsageError(f"no starter deck or deck file {n!r} (starters: {', '.join(starters)})")
    if problems:
        cliutil.fail_on_problems(problems)
    return out


# ---------------------------------------------------------------------- balance lab
balance_group = click.Group(GAME_ID, help="The balance lab: strongest-deck search, suggested edits, policies compared.")


@balance_group.command("search")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--policy", type=click.Choice(sorted(POLICIES)), default="greedy", show_default=True)
@click.option("--restarts", type=click.IntRange(1, 50), default=Budget().restarts, show_default=True,
              help="Climbs per pair of colours (the first starts from the pair's starter).")
@click.option("--steps", type=click.IntRange(0, 500), default=Budget().steps, show_default=True)
@click.option("--neighbours", type=click.IntRange(1, 100), default=Budget().neighbours, show_default=True,
              help="One-card swaps tried at each step.")
@click.option("--games", type=click.IntRange(1, 10_000), default=Budget().games, show_default=True,
              help="Games against each starter for each score.")
@click.option("--top", type=click.IntRange(1, 20), default=Budget().top, show_default=True,
              help="Decks to replay, report and write.")
@click.option("--final-games", type=click.IntRange(1, 100_000), default=Budget().final_games, show_default=True,
              help="Fresh games against each starter for the decks reported.")
@click.option("--race/--no-race", default=Budget().race, show_default=True,
              help="Drop a swap that is clearly worse than the deck to beat before its full games.")
@click.option("--chunk", type=click.IntRange(1, 10_000), default=Budget().chunk, show_default=True,
              help="Games against each starter between two looks of the race.")
@cliutil.pool_options
@click.pass_context
def search_cmd(ctx: click.Context, seed: int, policy: str, restarts: int, steps: int, neighbours: int, games: int,
               top: int, final_games: int, race: bool, chunk: int, workers: int, scheduler: str | None) -> None:
    """Search legal decks for the ones that beat the starter decks most.

    Prints the best found with win rates and 95% Wilson intervals, and writes each as a deck file
    (OUT/skybound-battle/search/strongest-K.yaml) that `deck check` and `simulate` accept.
    """
    from . import searchreport
    from .search import search, search_setup

    model: SkyboundBattle = cliutil.load_or_exit(ctx, GAME_ID).model
    budget = Budget(restarts, steps, neighbours, games, top, final_games, race, chunk)
    setup = search_setup(model.cards, model.rules, [(s.id, dict(s.cards)) for s in model.starters],
                         [c.id for c in model.colours], seed, policy, budget, model.content_hash)
    with cliutil.pool(workers, scheduler) as ex:
        result = search(setup, ex.map)
    report = searchreport.text(result, model)
    click.echo(report, nl=False)
    artifacts = [Artifact("report.txt", report.encode())]
    artifacts += [Artifact(f"strongest-{k}.yaml", searchreport.deck_yaml(result, model, k).encode())
                  for k in range(1, len(result.found) + 1)]
    cliutil.write_results(ctx, GAME_ID, "search", artifacts,
                          {"game": GAME_ID, "seed": seed, "policy": policy, "content": model.content_hash})


@balance_group.command("policies")
@click.option("--policies", "names", default="greedy,lookahead", show_default=True,
              help="Comma list of policies; each pair of them duels.")
@click.option("--games", type=click.IntRange(1, 10_000), default=10, show_default=True,
              help="Games for every ordered pair of starter decks, per pairing of policies.")
@click.option("--seed", type=int, default=1, show_default=True)
@cliutil.pool_options
@click.pass_context
def policies_cmd(ctx: click.Context, names: str, games: int, seed: int, workers: int,
                 scheduler: str | None) -> None:
    """Duel the policies over the starter decks: win rates per pairing, how often each holds cards
    back, and whether dumping the hand is still dominant."""
    from . import policylab

    model: SkyboundBattle = cliutil.load_or_exit(ctx, GAME_ID).model
    chosen = [n.strip() for n in names.split(",") if n.strip()]
    unknown = [n for n in chosen if n not in POLICIES]
    if unknown or len(set(chosen)) < 2:
        raise click.UsageError(f"--policies needs two or more of {', '.join(sorted(POLICIES))} "
                               f"(found {names!r})")
    decks = [(s.id, dict(s.cards)) for s in model.starters]
    with cliutil.pool(workers, scheduler) as ex:
        results = policylab.duels(model.cards, model.rules, decks, games, seed, list(dict.fromkeys(chosen)), ex.map)
    click.echo(policylab.text(results, games, seed, len(decks)), nl=False)


@balance_group.command("suggest")
@click.option("--deck", "deck", default=None, metavar="FILE",
              help="The strongest deck to pull down (a deck file from `search`); default: search now.")
@click.option("--games", type=click.IntRange(1, 100_000), default=200, show_default=True,
              help="Games per pairing for each check.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--policy", type=click.Choice(sorted(POLICIES)), default="greedy", show_default=True)
@click.option("--candidates", "most", type=click.IntRange(1, 100), default=12, show_default=True,
              help="Edits to simulate.")
@click.option("--show", type=click.IntRange(1, 50), default=5, show_default=True, help="Edits to show at most.")
@cliutil.pool_options
@click.pass_context
def suggest_cmd(ctx: click.Context, deck: str | None, games: int, seed: int, policy: str, most: int, show: int,
                workers: int, scheduler: str | None) -> None:
    """Propose the smallest stat or cost edits that pull the starters toward 50% and the strongest
    deck down, each checked by simulation; printed and written as YAML
    (OUT/skybound-battle/suggest/suggestions.yaml, beside the search's folder)."""
    from . import suggest as sg
    from .search import search, search_setup
    from .simulate import simulate, starter_setup

    loaded = cliutil.load_or_exit(ctx, GAME_ID)
    model: SkyboundBattle = loaded.model
    starters = [(s.id, dict(s.cards)) for s in model.starters]
    with cliutil.pool(workers, scheduler) as ex:
        if deck is not None:
            path = Path(deck)
            if not path.is_file():
                raise click.UsageError(f"no deck file {deck!r}")
            problems = check_deck_file(path, model, DeckLimits.from_rules(model.rules.deck))
            if problems:
                cliutil.fail_on_problems(problems, wrote_nothing=True)
            strongest = _cards_of_file(path)
            found = f"the deck {deck}"
        else:
            result = search(search_setup(model.cards, model.rules, starters, [c.id for c in model.colours], seed,
                                         policy, Budget(), model.content_hash), ex.map)
            strongest = dict(result.strongest.cards)
            found = "the strongest deck a search with the default budget finds"
        figures = simulate(starter_setup(model.cards, model.rules, starters, games, seed, policy), ex.map)
        card_rates = {f.id: f.win_when_played.value for f in figures.cards}
        setup = sg.SuggestSetup(model.cards, model.rules, tuple((n, tuple(sorted(c.items()))) for n, c in starters),
                                tuple(sorted(strongest.items())), games, seed, policy)
        before, checked = sg.suggest(setup, card_rates, most, show, ex.map)
    header = [f"Suggested edits for Skybound Battle (content {model.content_hash}), {policy} policy, seed {seed}, "
              f"{games} games per pairing;",
              f"the strongest deck is {found}. Apply one edit to cards.yaml, then run this again.",
              "reproduce: playkit balance skybound-battle suggest"
              + (f" --deck {deck}" if deck else "") + f" --games {games} --seed {seed} --policy {policy}"]
    text = sg.yaml_text(before, checked, {c.id: c.name for c in model.cards}, header)
    click.echo(text, nl=False)
    game_out = cliutil.out_root(ctx) / GAME_ID   # its own folder: a folder's files are its last writer's
    write_artifacts(game_out / "suggest", [Artifact("suggestions.yaml", text.encode())],
                    {"game": GAME_ID, "seed": seed, "policy": policy, "content": model.content_hash}, root=game_out)
