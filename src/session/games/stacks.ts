// Sequence Stacks from the camera. The table's spaces are grid cells (fixtures/README.md, the
// rulebook's 2-player picture): row 0 holds red-a, red-b, the draw pile, blue-a, blue-b (cols 0-4);
// the used specials lie above the draw pile (row -1, col 2); the players' discard piles sit at
// their corners (player 1 at row 1 col 0, player 2 at row -1 col 4, then row 1 col 4, row -1 col 0).
// Cards of one pile share its cell, and a camera sees only the top card of each pile, so the
// referee keeps the piles itself: a new top card was put on the pile, a card from lower in the
// pile showing again means the cards above it left.
//
// Each settled change is read as the actions that make it (a card on a sequence pile is a play,
// from the player's own discard pile when its top went there; a special in the used-specials
// space was played; a card on a discard pile ends that player's turn, and the refill follows
// unseen; a whole pile leaving at once was completed by the cards still missing up to 5) and each
// action is checked by the engine on a game state whose hands and draw pile are unseen. The table
// itself is judged too (judgeTable) and its new problems reported. Chips follow the completions.
// A discard the camera finds late is still its own turn's end: a hand from the next seat playing
// ends the turn before, and discards of several players seen at once are several turn ends.
import { isSpecial } from '../../cards/stacks.js';
import type { Placement } from '../../rules/layout.js';
import { PILE_SPACES, sequenceStacks, type PileSpace, type StacksAction, type StacksState, type StacksTable } from '../../rules/sequence-stacks/index.js';
import { violation, type Violation } from '../../rules/violation.js';
import { judged, playerName, type GameInput, type GameJudgement, type Snapshot, type TurnDraft } from './common.js';

type Cell = readonly [number, number];

export const STACKS_CELLS = {
  piles: { 'red-a': [0, 0], 'red-b': [0, 1], 'blue-a': [0, 3], 'blue-b': [0, 4] } as Readonly<Record<PileSpace, Cell>>,
  draw: [0, 2] as Cell,
  specials: [-1, 2] as Cell,
  discards: [[1, 0], [-1, 4], [1, 4], [-1, 0]] as readonly Cell[],
} as const;

type Role = { readonly kind: 'pile'; readonly space: PileSpace } | { readonly kind: 'specials' } | { readonly kind: 'draw' } | { readonly kind: 'discard'; readonly slot: number };

const key = (row: number, col: number): string => `${row},${col}`;

/** The seat `steps` places round the table from `player` (negative: the other way). */
const seatFrom = (player: number, steps: number, players: number): number => (((player + steps) % players) + players) % players;

function roleOf(cellKey: string): Role | null {
  for (const space of PILE_SPACES) if (key(...STACKS_CELLS.piles[space]) === cellKey) return { kind: 'pile', space };
  if (key(...STACKS_CELLS.specials) === cellKey) return { kind: 'specials' };
  if (key(...STACKS_CELLS.draw) === cellKey) return { kind: 'draw' };
  const slot = STACKS_CELLS.discards.findIndex((c) => key(...c) === cellKey);
  return slot >= 0 ? { kind: 'discard', slot } : null;
}

/**
 * How well cards fit the spaces, for telling a layout from the same turned half round the draw pile
 * (which swaps the red and blue piles and the corners, and puts the used specials below the row)
 * where nothing else tells them apart: a card of a pile's colour on that sequence pile, a special
 * with the used specials, any card on the discard pile of the player whose turn it is (the first
 * card of a game is most often the first player's discard).
 */
export function stacksFit(cards: readonly Placement[], current: number, players: number): number {
  let fit = 0;
  for (const p of cards) {
    const role = roleOf(key(p.row, p.col));
    if (role?.kind === 'pile' && !isSpecial(p.card) && p.card.startsWith(role.space.slice(0, role.space.indexOf('-')))) fit++;
    if (role?.kind === 'discard' && ownersOf(role.slot, players).includes(current)) fit++;
    if (role?.kind === 'specials' && isSpecial(p.card)) fit++;
  }
  return fit;
}

/** The players whose discard pile lies in a slot (more than four players share the corners). */
function ownersOf(slot: number, players: number): number[] {
  return Array.from({ length: players }, (_, p) => p).filter((p) => p % STACKS_CELLS.discards.length === slot);
}

function cellsOf(cards: readonly Placement[]): Map<string, string[]> {
  const cells = new Map<string, string[]>();
  for (const p of cards) {
    const k = key(p.row, p.col);
    cells.set(k, [...(cells.get(k) ?? []), p.card]);
  }
  return cells;
}

function topsKey(cards: readonly Placement[]): string {
  return [...cellsOf(cards)].map(([k, list]) => `${k}:${list.at(-1)}`).sort().join(' ');
}

interface Change {
  readonly cell: string;
  readonly role: Role;
  readonly cards: string[];
}

interface Game {
  state: StacksState;
  /** Every tracked pile by cell, bottom to top. */
  piles: Map<string, string[]>;
  number: number;
  /** The table's problems already reported (so a card left lying is not warned about every time). */
  known: Set<string>;
}

interface Attempt {
  readonly index: number;
  readonly before: Game;
  readonly tops: string;
}

function copy(game: Game): Game {
  return { state: game.state, piles: new Map([...game.piles].map(([k, v]) => [k, [...v]])), number: game.number, known: new Set(game.known) };
}

function chipsOf(state: StacksState): { red: number; blue: number }[] {
  const chips = state.chips.map((c) => ({ red: c.red, blue: c.blue }));
  if (state.pending) chips[state.pending.player]![state.pending.colour] += 1;
  return chips;
}

/** What moved between the tracked piles and the tops seen now. */
function changesOf(game: Game, seen: Map<string, string[]>): { arrivals: Change[]; departures: Change[]; strays: string[] } {
  const arrivals: Change[] = [];
  const departures: Change[] = [];
  const strays: string[] = [];
  const newTops = new Set<string>();
  for (const [k, list] of seen) if (list.at(-1) !== game.piles.get(k)?.at(-1)) newTops.add(list.at(-1)!);
  for (const k of new Set([...game.piles.keys(), ...seen.keys()])) {
    const role = roleOf(k);
    const visible = seen.get(k) ?? [];
    if (!role) {
      strays.push(...visible);
      continue;
    }
    if (role.kind === 'draw') continue;
    const pile = game.piles.get(k) ?? [];
    game.piles.set(k, pile);
    const top = pile.at(-1);
    const shown = visible.at(-1);
    if (shown === top) continue;
    if (shown === undefined) {
      departures.push({ cell: k, role, cards: pile.splice(0) });
      continue;
    }
    const lower = pile.lastIndexOf(shown, pile.length - 2);
    const leaving = lower >= 0 ? pile.slice(lower + 1) : [];
    // The same name lower in the pile: the cards above it left only if they turned up elsewhere;
    // else another copy of the card was put on top.
    if (lower >= 0 && leaving.every((c) => newTops.has(c))) {
      departures.push({ cell: k, role, cards: pile.splice(lower + 1) });
      continue;
    }
    const known = top === undefined ? -1 : visible.lastIndexOf(top);
    const added = known >= 0 ? visible.slice(known + 1) : [shown];
    pile.push(...added);
    arrivals.push({ cell: k, role, cards: added });
  }
  return { arrivals, departures, strays };
}

function tableOf(game: Game, players: number): StacksTable {
  const at = (cell: Cell): string[] => [...(game.piles.get(key(...cell)) ?? [])];
  const piles: Partial<Record<PileSpace, string[]>> = {};
  for (const space of PILE_SPACES) piles[space] = at(STACKS_CELLS.piles[space]);
  // With more than four players the corners are shared: the pile is judged once, under its first owner.
  const discards = Array.from({ length: players }, (_, p) => (p < STACKS_CELLS.discards.length ? at(STACKS_CELLS.discards[p]!) : []));
  return { players, piles, discards, chips: chipsOf(game.state), setAside: [...game.state.setAside], box: at(STACKS_CELLS.specials) };
}

export function judgeStacks(input: GameInput): GameJudgement {
  const { players } = input.config;
  const turns: TurnDraft[] = [];
  const empty: StacksTable = { players, piles: {}, discards: Array.from({ length: players }, () => []), chips: Array.from({ length: players }, () => ({ red: 0, blue: 0 })) };
  let game: Game = { state: sequenceStacks.fromTable(empty), piles: new Map(), number: 1, known: new Set() };
  let tops = topsKey(input.start);
  let strays: string[] = [];
  let attempt: Attempt | null = null;

  let lastTable = input.start;
  let lastEnded: number | null = null;
  /** Players whose turn ended unseen, and the index of that turn: it takes their discard when it shows. */
  const unseenEnds = new Map<number, number>();
  /** The current player's turn, and each after it in order (this turn's Jumps skip players) up to `upTo`'s, ended unseen. */
  const endUnseen = (state: StacksState, upTo: number, tMs: number): void => {
    const ended: number[] = [];
    for (let p = state.current, next = sequenceStacks.nextPlayer(state); p !== upTo && !ended.includes(p); p = next, next = seatFrom(next, state.direction, players)) ended.push(p);
    for (const p of ended) {
      unseenEnds.set(p, turns.length);
      turns.push({ number: game.number++, player: p, tMs: tMs - 1, added: [], removed: [], moved: [], legal: true, points: 0, warnings: [], summary: 'turn ended; its discard not seen yet', kind: 'action', scores: chipsOf(state).map((c) => c.red + c.blue) });
      lastEnded = p;
    }
  };
  /**
   * A player whose turn ended unseen plays again, or the record ends, and no discard showed: they
   * laid a card of the same name as their discard pile's top ("At the end of your own turn, you
   * must discard 1 card"), which leaves the top as it was. Judged again with every table, so a
   * discard found later still takes its place.
   */
  const sameAsTop = (player: number): void => {
    const index = unseenEnds.get(player);
    unseenEnds.delete(player);
    const cell = player < STACKS_CELLS.discards.length ? key(...STACKS_CELLS.discards[player]!) : undefined;
    const pile = cell === undefined ? undefined : game.piles.get(cell);
    const top = pile?.at(-1);
    if (index === undefined || top === undefined || turns[index]!.added.length > 0) return;
    pile!.push(top);
    const [row, col] = STACKS_CELLS.discards[player]!;
    Object.assign(turns[index]!, { added: [{ card: top, row, col }], summary: `discarded ${top} onto ${top} (unseen: the top did not change)` });
  };
  for (const whole of strayNextToItsSpace(input.tables)) {
    const parts = endsInTurnOrder(whole, lastTable, game, lastEnded, players, new Set(unseenEnds.keys()));
    lastTable = whole.cards;
    for (const snapshot of parts) {
      const nowTops = topsKey(snapshot.cards);
      if (attempt) {
        const tried: Attempt = attempt;
        attempt = null;
        // The illegal action was taken back: the table is as it was before it, or a card it put down
        // no longer shows on its pile (taken back, and the player went on before the camera saw the
        // table settle in between: "the attempted play must be undone").
        const shown = cellsOf(snapshot.cards);
        const takenBack = nowTops === tried.tops || turns[tried.index]!.added.some((p) => shown.get(key(p.row, p.col))?.at(-1) !== p.card);
        if (takenBack) {
          turns[tried.index]!.withdrawn = true;
          game = tried.before;
          tops = tried.tops;
          if (nowTops === tried.tops) continue;
        }
      }
      if (nowTops === tops) continue;
      const before = copy(game);
      const beforeTops: string = tops;
      tops = nowTops;
      const changes = changesOf(game, cellsOf(snapshot.cards));
      const onPile = changes.arrivals.some((a) => a.role.kind === 'pile');
      strays = changes.strays;

      const violations: Violation[] = [];
      const words: string[] = [];
      // The organiser's word on whose turn it was.
      if (snapshot.player !== undefined && snapshot.player < players && snapshot.player !== game.state.current) game = { ...game, state: { ...game.state, current: snapshot.player, turn: { discarded: false, jumps: 0 } } };
      // A hand from another seat played on a sequence pile: the turns before it ended with a discard
      // the camera has not found yet. Each is recorded now, in its place, and takes the discard
      // when it shows.
      else if (snapshot.by !== undefined && snapshot.by < players && snapshot.by !== game.state.current && onPile) {
        endUnseen(game.state, snapshot.by, snapshot.tMs);
        game = { ...game, state: { ...game.state, current: snapshot.by, turn: { discarded: false, jumps: 0 } } };
      }
      if (onPile) sameAsTop(game.state.current);
      const actor = game.state.current;
      const chipsBefore = chipsOf(game.state);
      let state = game.state;
      const act = (action: StacksAction, quiet = false): void => {
        if ((action.type === 'play' || action.type === 'jump' || action.type === 'reverse' || action.type === 'card-steal' || action.type === 'chip-steal') && state.hands[state.current]!.length === 0) {
          // "If you have used all 5 cards in your hand, immediately draw 5 new cards": unseen.
          state = sequenceStacks.step(state, { type: 'draw-five' }).state;
        }
        const result = sequenceStacks.step(state, action);
        state = result.state;
        if (!quiet) violations.push(...result.violations.map(forPeople));
      };
      const departedDiscard = (card: string): Change | undefined => changes.departures.find((d) => d.role.kind === 'discard' && d.cards.at(-1) === card);

      for (const d of changes.departures) {
        if (d.role.kind === 'pile') {
          const space = d.role.space;
          const colour = space.startsWith('red') ? 'red' : 'blue';
          const pile = state.piles[space];
          const topAs = pile.at(-1)?.as ?? 0;
          if (pile.length === 0 && d.cards.length === 5) {
            words.push(`set aside the completed ${space}`);
          } else if (pile.length > 0 && pile.length === d.cards.length) {
            // The whole pile went at once: the cards up to 5 went on it, unseen, and it was set aside.
            for (let n = topAs + 1; n <= 5; n++) act({ type: 'play', card: `${colour}-${n}`, pile: space });
            words.push(`completed ${space} (${colour} chip)`);
          } else {
            violations.push(violation('pile-left-table', `${d.cards.join(', ')} left the sequence pile ${space} before it was complete`, d.cards));
          }
        } else if (d.role.kind === 'discard') {
          const card = d.cards.at(-1)!;
          const played = changes.arrivals.some((a) => a.role.kind === 'pile' && a.cards.includes(card));
          const stolen = changes.arrivals.some((a) => a.role.kind === 'specials' && a.cards.includes('card-steal'));
          if (!played && !stolen) violations.push(violation('card-left-table', `${d.cards.join(', ')} left ${playerName(ownersOf(d.role.slot, players)[0] ?? 0)}'s discard pile`, d.cards));
        } else {
          violations.push(violation('card-left-table', `${d.cards.join(', ')} left the used specials; "A special card is returned to the game box as soon as it is used"`, d.cards));
        }
      }

      const discards: Change[] = [];
      for (const a of changes.arrivals) {
        if (a.role.kind === 'discard') {
          discards.push(a);
          continue;
        }
        for (const card of a.cards) {
          if (a.role.kind === 'pile') {
            const fromDiscard = departedDiscard(card) !== undefined;
            act({ type: 'play', card, pile: a.role.space, ...(fromDiscard ? { from: 'discard' as const } : {}) });
            words.push(`${card} on ${a.role.space}${fromDiscard ? ' from the discard pile' : ''}`);
          } else if (a.role.kind === 'specials' && isSpecial(card)) {
            const me = state.current;
            const others = Array.from({ length: players }, (_, p) => p).filter((p) => p !== me);
            if (card === 'jump' || card === 'reverse') act({ type: card });
            else if (card === 'card-steal') {
              const from = changes.departures.find((d) => d.role.kind === 'discard');
              const target = from && from.role.kind === 'discard' ? (ownersOf(from.role.slot, players)[0] ?? others[0] ?? 0) : (others[0] ?? 0);
              act(from ? { type: card, target, take: 'discard' } : { type: card, target, take: 'hand' });
            } else if (card === 'chip-steal') {
              // The camera sees no chips change hands: the steal is taken from whoever can lose one.
              const chips = state.chips;
              const target = others.find((p) => chips[p]!.red + chips[p]!.blue > 0) ?? others[0] ?? 0;
              act({ type: card, target, colour: (chips[target]?.red ?? 0) > 0 ? 'red' : 'blue' });
            } else {
              const waiter = others.find((p) => p !== state.pending?.player) ?? others[0] ?? 0;
              act({ type: 'wait', player: waiter });
            }
            words.push(`${card} played`);
          } else {
            words.push(`${card} put with the used specials`);
          }
        }
      }
      for (const a of discards) {
        if (a.role.kind !== 'discard') continue;
        const owners = ownersOf(a.role.slot, players);
        const owner = owners.includes(state.current) ? state.current : (owners[0] ?? state.current);
        // The camera's evidence beats the count of turns: the discard is its pile owner's. A turn
        // that ended unseen takes its discard found late, and play goes on where it was; else the
        // turns before the owner's in order ended unseen.
        const resume = unseenEnds.has(owner) && owner !== state.current ? { current: state.current, turn: state.turn } : null;
        if (owner !== state.current) {
          if (!resume) endUnseen(state, owner, snapshot.tMs);
          state = { ...state, current: owner, turn: { discarded: false, jumps: 0 } };
        }
        for (const card of a.cards) act({ type: 'discard', card });
        act({ type: 'refill' }, true);
        if (resume) state = { ...state, ...resume };
        lastEnded = owner;
        words.push(`discarded ${a.cards.join(', ')}; turn ends`);
      }
      for (const card of strays) violations.push(violation('not-on-a-space', `${card} lies off the Stacks spaces`, [card]));

      game = { ...game, state };
      const table = sequenceStacks.judgeTable(tableOf(game, players));
      const stepCards = new Set(violations.flatMap((v) => v.cards));
      const known = new Set<string>();
      for (const v of table.violations.map(forPeople)) {
        const id = `${v.rule}|${v.message}`;
        known.add(id);
        if (game.known.has(id) || (v.cards.length > 0 && v.cards.every((c) => stepCards.has(c)))) continue;
        violations.push(v);
      }
      game.known = known;

      const chipsAfter = chipsOf(game.state);
      const gained = (chipsAfter[actor]?.red ?? 0) + (chipsAfter[actor]?.blue ?? 0) - (chipsBefore[actor]?.red ?? 0) - (chipsBefore[actor]?.blue ?? 0);
      const { warnings, legal } = judged('sequence-stacks', violations, snapshot.tMs, input.dismissed);
      const toPlacements = (list: readonly Change[]): Placement[] =>
        list.flatMap((c) => {
          const [row, col] = c.cell.split(',').map(Number) as [number, number];
          return c.cards.map((card) => ({ card, row, col }));
        });
      const late = discards.length === 1 && changes.arrivals.length === 1 && changes.departures.length === 0 ? unseenEnds.get(discardOwner(before, discards, players)) : undefined;
      if (late !== undefined) {
        // The discard that ended a turn recorded before, found late.
        const ended = turns[late]!;
        Object.assign(ended, { added: toPlacements(discards), legal, warnings, summary: `${words.join('; ')} (seen late)` });
        unseenEnds.delete(ended.player);
        if (!legal) attempt = { index: late, before, tops: beforeTops };
        continue;
      }
      const whole: TurnDraft = {
        number: game.number,
        player: discards.length > 0 ? discardOwner(before, discards, players) : actor,
        tMs: snapshot.tMs,
        added: toPlacements(changes.arrivals),
        removed: toPlacements(changes.departures),
        moved: [],
        legal,
        points: Math.max(0, gained),
        warnings,
        summary: words.join('; ') || 'the table changed',
        kind: 'action',
        scores: chipsAfter.map((c) => c.red + c.blue),
      };
      turns.push(...eachAction(whole, changes, actor, chipsBefore.map((c) => c.red + c.blue), words));
      if (discards.length > 0) game.number++;
      if (!legal) attempt = { index: turns.length - 1, before, tops: beforeTops };
    }
  }

  for (const player of [...unseenEnds.keys()]) sameAsTop(player);
  const chips = chipsOf(game.state);
  const winner = game.state.winner ?? chips.findIndex((c) => c.red + c.blue >= 5 && c.red >= 2 && c.blue >= 2);
  const table: Placement[] = [];
  for (const [k, cards] of game.piles) {
    const [row, col] = k.split(',').map(Number) as [number, number];
    for (const card of cards) table.push({ card, row, col });
  }
  const last = input.tables.at(-1)?.cards ?? input.start;
  for (const p of last) if (!roleOf(key(p.row, p.col))) table.push(p);
  return {
    turns,
    scores: chips.map((c) => c.red + c.blue),
    scoreUnit: 'chips',
    scoreNotes: chips.map((c) => `${c.red} red · ${c.blue} blue`),
    info: [`Draw pile: ${game.state.drawPile.length} cards · set aside: ${game.state.setAside.length} · direction ${game.state.direction === 1 ? 'clockwise' : 'counter-clockwise'}`],
    current: winner >= 0 ? -1 : game.state.current,
    result: winner >= 0 ? { winners: [winner], reason: 'five chips, two of each colour' } : null,
    table,
  };
}

/**
 * A card off the spaces that the next settled table shows on a space beside it, where it lies no
 * longer off them, lay on that space all along: one table's grid put it a cell over (the first
 * card laid in a corner, with few cards to place the grid by).
 */
function strayNextToItsSpace(tables: readonly Snapshot[]): Snapshot[] {
  return tables.map((table, i) => {
    const next = tables[i + 1];
    if (!next) return table;
    const off = (p: Placement): boolean => roleOf(key(p.row, p.col)) === null;
    const cards = table.cards.map((p) => {
      if (!off(p) || next.cards.some((q) => q.card === p.card && off(q))) return p;
      const moved = next.cards.find((q) => q.card === p.card && Math.max(Math.abs(q.row - p.row), Math.abs(q.col - p.col)) === 1 && !table.cards.some((r) => r.card === q.card && r.row === q.row && r.col === q.col));
      return moved ? { ...p, row: moved.row, col: moved.col } : p;
    });
    return { ...table, cards };
  });
}

/**
 * A settled table showing new discards of several players holds the ends of several turns (a
 * discard the camera found late lies beside the next player's): each discard is a turn of its own,
 * in turn order after the last end seen (those of turns that ended unseen first), and the table's
 * other changes go with the last of them, or come after it where it is another player's turn end.
 * The tables between are the one before with the earlier discards laid.
 */
function endsInTurnOrder(snapshot: Snapshot, before: readonly Placement[], game: Game, lastEnded: number | null, players: number, unseen: ReadonlySet<number>): Snapshot[] {
  const seen = cellsOf(snapshot.cards);
  const { direction } = game.state;
  const first = lastEnded === null ? game.state.current : seatFrom(lastEnded, direction, players);
  // The turns that ended unseen come first: their discards were put down before the rest.
  const distance = (slot: number): number => Math.min(...ownersOf(slot, players).map((p) => (unseen.has(p) ? -1 : seatFrom(0, (p - first) * direction, players))));
  const ended = STACKS_CELLS.discards
    .map((cell, slot) => ({ cell: key(...cell), slot }))
    .filter(({ cell, slot }) => slot < players && seen.get(cell)?.at(-1) !== undefined && seen.get(cell)?.at(-1) !== game.piles.get(cell)?.at(-1))
    .sort((a, b) => distance(a.slot) - distance(b.slot));
  // All but the last in order are turn ends of their own; the last too where the table changed
  // besides and it ends a turn that ended unseen, or another seat's than the last hand's.
  const split = ended.slice(0, -1);
  const last = ended.at(-1);
  if (last && ownersOf(last.slot, players).some((p) => unseen.has(p) || (snapshot.by !== undefined && p !== snapshot.by))) split.push(last);
  const laid = new Set<string>();
  const parts: Snapshot[] = [];
  for (const { cell } of split) {
    laid.add(cell);
    const cards = [...before.filter((p) => !laid.has(key(p.row, p.col))), ...snapshot.cards.filter((p) => laid.has(key(p.row, p.col)))];
    parts.push({ tMs: snapshot.tMs - split.length + parts.length, cards });
  }
  if (parts.length > 0 && topsKey(parts.at(-1)!.cards) === topsKey(snapshot.cards)) parts.pop();
  return [...parts, snapshot];
}

/**
 * A legal settled change that laid several cards, each action its own entry (a Reverse and the
 * discard after it, seen settle together): the plays by the player whose turn it was, in the order
 * judged, then the discards, each by its pile's owner. Scores change with the Chip Steal. All
 * keep the table's time: the organiser's corrections name that settled table.
 */
function eachAction(whole: TurnDraft, changes: { arrivals: readonly Change[]; departures: readonly Change[] }, actor: number, scoresBefore: number[], words: readonly string[]): TurnDraft[] {
  const plays = changes.arrivals.filter((a) => a.role.kind !== 'discard').flatMap((a) => a.cards.map((card) => ({ ...a, cards: [card] })));
  const ends = changes.arrivals.filter((a) => a.role.kind === 'discard');
  const parts = [...plays, ...ends];
  if (!whole.legal || parts.length < 2 || changes.departures.length > 0 || words.length !== parts.length) return [whole];
  const steal = plays.findIndex((a) => a.cards[0] === 'chip-steal');
  return parts.map((a, i) => {
    const [row, col] = a.cell.split(',').map(Number) as [number, number];
    const last = steal >= 0 ? i === steal : i === parts.length - 1;
    return {
      ...whole,
      player: a.role.kind === 'discard' ? whole.player : actor,
      added: a.cards.map((card) => ({ card, row, col })),
      points: last ? whole.points : 0,
      summary: words[i]!,
      scores: steal >= 0 && i < steal ? scoresBefore : whole.scores,
    };
  });
}

/** The engine counts players from 0; the dashboard names them from 1 ("Player 2"). */
function forPeople(v: Violation): Violation {
  return { ...v, message: v.message.replace(/\b[Pp]layers? (\d+)(?: and (\d+))?/g, (_m, a: string, b?: string) => (b === undefined ? playerName(Number(a)) : `${playerName(Number(a))} and ${playerName(Number(b))}`)) };
}

/** The player whose discard pile took a card (the actor of a turn's end). */
function discardOwner(before: Game, discards: readonly Change[], players: number): number {
  const first = discards[0]!;
  if (first.role.kind !== 'discard') return before.state.current;
  const owners = ownersOf(first.role.slot, players);
  return owners.includes(before.state.current) ? before.state.current : (owners[0] ?? before.state.current);
}
