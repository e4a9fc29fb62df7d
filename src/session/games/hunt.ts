// Sequence Hunt from the camera. The face-up grid is all the camera sees: a card that arrives is
// the card the current player turned (players take turns, one card each); cards that leave the
// grid together are a claim, judged as a set (the engine's judgeClaim, the finder naming every
// kind the group makes). The camera cannot hear who called: a claim is credited to the player the
// organiser names, else to the player whose seat the hand that took the cards came from, else to
// the player whose turn comes next (the one studying the grid before turning their card); the
// dashboard says which. A wrong claim the players put back is withdrawn.
import { countSets, HUNT_KINDS, huntKind, listSets, type HuntKind, type HuntSet } from '../../rules/hunt-finder.js';
import type { Placement } from '../../rules/layout.js';
import { sequenceHunt } from '../../rules/sequence-hunt.js';
import { SEQUENCE_TYPES } from '../../rules/tic-sequence.js';
import { violation, type Violation } from '../../rules/violation.js';
import { judged, leaders, place, playerName, type GameInput, type GameJudgement, type TurnDraft } from './common.js';

const TYPE_WORDS: Record<string, string> = { mono: 'Mono', duo: 'Duo', tripo: 'Tripo' };

/** The kinds a group of cards is legal as (a group may make two), and the set in sequence order for each. */
export function setsOf(cards: readonly string[]): HuntSet[] {
  const size = cards.length;
  if (size < 3 || size > 5) return [];
  const kinds = HUNT_KINDS.filter((k) => k.endsWith(`-${size}`));
  const found: HuntSet[] = [];
  for (const set of listSets(cards, Infinity, kinds)) {
    if (set.cards.length === size && !found.some((f) => f.type === set.type)) found.push(set);
  }
  // The finder and the engine's own judgement of a claim must agree; the engine gives the order.
  return found.flatMap((f) => {
    const judged = sequenceHunt.judgeClaim({ type: f.type, size }, cards);
    return judged.set ? [judged.set] : [];
  });
}

/** The claim of a group that makes no set: the engine's verdict for the size, else "not a set". */
function refused(cards: readonly string[]): Violation[] {
  const size = cards.length;
  if (size < 3 || size > 5) return sequenceHunt.judgeClaim({ type: 'mono', size }, cards).violations;
  const why = SEQUENCE_TYPES.map((type) => sequenceHunt.judgeClaim({ type, size }, cards).violations[0]?.message ?? '').find((m) => m.includes(': ')) ?? '';
  const reason = why.slice(why.indexOf(': ') + 2);
  return [violation('not-a-set', `${cards.join(', ')} left the grid together, but no order of them makes a ${size}-card Mono, Duo or Tripo${reason ? `: ${reason}` : ''}`, cards)];
}

export function judgeHunt(input: GameInput): GameJudgement {
  const { players } = input.config;
  const variant = input.config.huntVariant ?? 'race';
  const turns: TurnDraft[] = [];
  const sets: HuntSet[][] = Array.from({ length: players }, () => []);
  const collected = new Set<string>();
  let grid: readonly Placement[] = input.start;
  let current = 0;
  let number = 0;
  let attempt: { index: number; before: readonly Placement[] } | null = null;
  let turned = 0;
  const scoresNow = (): number[] => sets.map((own) => (variant === 'for-points' ? own.reduce((n, s) => n + sequenceHunt.setPoints(s.cards), 0) : own.length));

  let gatheredBy: number | undefined;
  for (const [index, next] of input.tables.entries()) {
    const snapshot = next.by === undefined && gatheredBy !== undefined ? { ...next, by: gatheredBy } : next;
    const seen = new Set(snapshot.cards.map((p) => p.card));
    if (attempt) {
      const tried = turns[attempt.index]!;
      // A wrong claim stands while its cards stay off the grid; back on it, it was withdrawn.
      if (tried.removed.some((p) => seen.has(p.card))) {
        tried.withdrawn = true;
        grid = attempt.before;
      }
      attempt = null;
    }
    const before = new Set(grid.map((p) => p.card));
    const removed = grid.filter((p) => !seen.has(p.card));
    const added = snapshot.cards.filter((p) => !before.has(p.card));
    // A set has 3 to 5 cards: fewer leaving the grid, and nothing else, is a claim still being
    // gathered card by card; it is judged with the cards that leave after them.
    if (removed.length > 0 && removed.length < 3 && added.length === 0 && index < input.tables.length - 1) {
      gatheredBy = snapshot.by;
      continue;
    }
    gatheredBy = undefined;

    if (removed.length > 0) {
      const cards = removed.map((p) => p.card);
      const credited = cards.map((c) => input.credits.get(c)).find((p) => p !== undefined && p >= 0 && p < players);
      const player = snapshot.player ?? credited ?? snapshot.by ?? current;
      const found = setsOf(cards);
      const violations: Violation[] = [];
      let set: HuntSet | null = null;
      if (found.length === 0) {
        violations.push(...refused(cards));
      } else {
        const have = new Set(sets[player]!.map((s) => huntKind(s.type, s.size)));
        set = found.find((s) => !have.has(huntKind(s.type, s.size))) ?? found[0]!;
        // Only where the caller is known (named by the organiser, or their hand seen): a guessed caller is no ground for a warning.
        if (variant === 'race' && (credited ?? snapshot.by) !== undefined && have.has(huntKind(set.type, set.size))) {
          violations.push(violation('set-already-collected', `${playerName(player)} already has a ${set.size}-card ${TYPE_WORDS[set.type]}; each of the nine sets is collected once`, cards));
        }
      }
      const { warnings, legal } = judged('sequence-hunt', violations, snapshot.tMs, input.dismissed);
      if (legal && set) {
        sets[player]!.push(set);
        for (const c of cards) collected.add(c);
      }
      const who = snapshot.player !== undefined || credited !== undefined ? 'caller named by the organiser' : snapshot.by !== undefined ? 'taken by the hand from their seat' : 'caller not seen: credited to the next to turn a card';
      const what = set ? `${TYPE_WORDS[set.type]} of ${set.size}: ${set.cards.join(', ')}` : `${cards.join(', ')} taken`;
      turns.push({
        number: Math.max(1, number),
        player,
        tMs: snapshot.tMs,
        added: [],
        removed,
        moved: [],
        legal,
        points: legal && set ? sequenceHunt.setPoints(set.cards) : 0,
        warnings,
        summary: `${what} (${who})`,
        kind: 'claim',
        scores: scoresNow(),
      });
      if (!legal) attempt = { index: turns.length - 1, before: grid };
    }

    // The organiser's word on who turned the card (where the table's change was no claim).
    if (removed.length === 0 && snapshot.player !== undefined && snapshot.player < players) current = snapshot.player;
    // Else the hand that turned the one card: a turn the camera missed does not shift every later one.
    else if (removed.length === 0 && added.length === 1 && snapshot.by !== undefined && snapshot.by < players) current = snapshot.by;
    for (const card of added) {
      number++;
      turned++;
      const violations: Violation[] = collected.has(card.card) ? [violation('claimed-card-back', `${card.card} was collected in a set and is on the grid again`, [card.card])] : [];
      const { warnings, legal } = judged('sequence-hunt', violations, snapshot.tMs, input.dismissed);
      turns.push({
        number,
        player: current,
        tMs: snapshot.tMs,
        added: [card],
        removed: [],
        moved: [],
        legal,
        points: 0,
        warnings,
        summary: `turned ${place(card)}`,
        kind: 'turn',
        scores: scoresNow(),
      });
      current = (current + 1) % players;
    }
    grid = snapshot.cards;
  }

  const counts = countSets(grid.map((p) => p.card));
  const lying = HUNT_KINDS.filter((k: HuntKind) => counts[k] > 0);
  const info = [
    grid.length === 0 ? 'The grid is empty.' : lying.length === 0 ? `No set lies among the ${grid.length} face-up cards.` : `Sets lying on the grid: ${lying.map((k) => `${k} ×${counts[k]}`).join(', ')}.`,
  ];
  const complete = sets.findIndex((own) => new Set(own.map((s) => huntKind(s.type, s.size))).size === HUNT_KINDS.length);
  const points = sets.map((own) => own.reduce((n, s) => n + sequenceHunt.setPoints(s.cards), 0));
  const scores = scoresNow();
  // For Points: "continue playing until the cards available for play are exhausted": the whole deck turned and no set left on the grid.
  const exhausted = variant === 'for-points' && turned >= DECK && lying.length === 0;
  const result = variant === 'race' && complete >= 0 ? { winners: [complete], reason: 'collected all nine sets' } : exhausted ? { winners: leaders(scores), reason: 'the cards are exhausted' } : null;
  return {
    turns,
    scores,
    scoreUnit: variant === 'for-points' ? 'points' : 'sets',
    scoreNotes: sets.map((own, i) => (variant === 'for-points' ? `${own.length} set${own.length === 1 ? '' : 's'}` : `${points[i]} pts`)),
    info,
    current: result ? -1 : current,
    result,
  };
}

const DECK = 125;
