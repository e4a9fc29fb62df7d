// Moves read off the board: one move judged on a board, and a series of boards (one per turn)
// with the move between each two inferred and checked.
import { isOneEyedJack, isTwoEyedJack } from '../../cards/playing.js';
import { violation, type Violation } from '../violation.js';
import { LAYOUT } from '../sequence-board-layout.js';
import {
  chipCounts,
  CELL_COUNT,
  type Cells,
  type Chip,
  type Team,
  isCorner,
  nextTeam,
  position,
  sequencesNeeded,
  spaceName,
  teamName,
  teamsInGame,
} from './board.js';
import { actionViolations, isDeadCard } from './game.js';
import { judgeBoard, type BoardOptions } from './judge-board.js';
import { type HeldLine, type Sequence, type SequenceOptions, completedBy, countByTeam, heldCells, inFiveInARow, toSequence } from './lines.js';

/** What changed between two boards. */
export type InferredMove =
  | { readonly type: 'place'; readonly team: Team; readonly row: number; readonly col: number; readonly card: string | null }
  | { readonly type: 'remove'; readonly removed: Team; readonly row: number; readonly col: number; readonly card: string | null }
  | { readonly type: 'none' }
  /** A chip of one colour became a chip of another on the same space. */
  | { readonly type: 'replace'; readonly removed: Team; readonly team: Team; readonly row: number; readonly col: number; readonly card: string | null }
  /** More than one space changed. */
  | { readonly type: 'several'; readonly changes: readonly { readonly row: number; readonly col: number; readonly from: Chip; readonly to: Chip }[] };

/** The move between two boards, from the spaces that changed. */
export function inferMove(before: Cells, after: Cells): InferredMove {
  let first = -1;
  let changed = 0;
  for (let i = 0; i < CELL_COUNT; i++) {
    if (before[i] !== after[i]) {
      if (changed === 0) first = i;
      changed++;
    }
  }
  if (changed === 0) return { type: 'none' };
  if (changed > 1) {
    const changes = [];
    for (let i = 0; i < CELL_COUNT; i++) {
      if (before[i] !== after[i]) {
        const [row, col] = position(i);
        changes.push({ row, col, from: before[i]!, to: after[i]! });
      }
    }
    return { type: 'several', changes };
  }
  const [row, col] = position(first);
  const from = before[first]!;
  const to = after[first]!;
  const card = LAYOUT[first] ?? null;
  if (from === '.') return { type: 'place', team: to as Team, row, col, card };
  if (to === '.') return { type: 'remove', removed: from, row, col, card };
  return { type: 'replace', removed: from, team: to as Team, row, col, card };
}

export interface MoveJudgement {
  readonly violations: Violation[];
  /** The board after the move (also when it breaks a rule). */
  readonly after: Cells;
  /** The sequences the move completes. */
  readonly completed: Sequence[];
  readonly winner: Team | null;
}

export interface MoveOnBoard {
  readonly team: Team;
  readonly card: string;
  readonly index: number;
  /** Dead cards exchanged before the play this turn. */
  readonly exchanged?: readonly string[];
  /** Spaces whose chips are in completed sequences; by default every chip in a five in a row of its colour. */
  readonly locked?: readonly number[];
}

/**
 * One move judged on a board alone: whose turn it is (two teams), the dead-card exchanges, the card
 * and the space. The board's own warnings come first.
 */
export function judgeMove(cells: Cells, teams: 2 | 3, move: MoveOnBoard, options: BoardOptions = {}): MoveJudgement {
  const board = judgeBoard(cells, teams, options);
  const violations = [...board.violations];
  const { team, card, index } = move;
  if (!teamsInGame(teams).includes(team)) {
    violations.push(violation('colour-not-in-game', `${teamName(team)} does not play in a game of ${teams} teams`, [card]));
  }
  if (board.winner !== null) violations.push(violation('game-over', `the game is over: ${teamName(board.winner)} has won`, [card]));
  else if (board.next !== null && board.next !== team) {
    violations.push(violation('not-your-turn', `by the chips on the board it is ${teamName(board.next)}'s turn, not ${teamName(team)}'s`, [card]));
  }
  const exchanged = move.exchanged ?? [];
  if (exchanged.length > 1) violations.push(violation('second-exchange', 'a dead card may be exchanged only once per turn', [...exchanged]));
  for (const dead of exchanged) {
    if (!isDeadCard(cells, dead)) {
      violations.push(violation('not-dead', `${dead} is not dead: ${dead[0] === 'J' ? 'a Jack always has a use' : 'one of its spaces is open'}`, [dead]));
    }
  }
  const lockedSet = move.locked ? new Set(move.locked) : null;
  const runs = lockedSet ? null : inFiveInARow(cells);
  const action = actionViolations(cells, team, card, index, (i) => (lockedSet ? lockedSet.has(i) : runs![i]!));
  violations.push(...action);
  if (action.length > 0) return { violations, after: cells, completed: [], winner: board.winner };

  const after: Chip[] = [...cells];
  if (isOneEyedJack(card)) {
    after[index] = '.';
    return { violations, after, completed: [], winner: board.winner };
  }
  after[index] = team;
  const held = board.held.filter((h) => h.team === team);
  const completed = completedBy(after, team, index, held, options);
  const won = board.winner === null && held.length + completed.length >= sequencesNeeded(teams);
  return { violations, after, completed: completed.map(toSequence), winner: won ? team : board.winner };
}

export interface SeriesInput {
  readonly teams: 2 | 3;
  readonly boards: readonly Cells[];
  /** The card played on each turn (between boards i and i + 1), where known. */
  readonly cards?: readonly (string | null)[];
  /** The team making the first move; by default read from the first board where it tells. */
  readonly first?: Team;
  readonly options?: SequenceOptions;
}

export interface SeriesJudgement {
  readonly violations: Violation[];
  readonly moves: InferredMove[];
  /** All completed sequences: those on the first board, then those made in the series. */
  readonly sequences: Sequence[];
  readonly winner: Team | null;
}

/**
 * A series of boards, one per turn: each move inferred and checked. The first board's sequences
 * are taken as the most it can hold, and every chip in a five in a row on it as locked.
 */
export function judgeSeries(input: SeriesInput): SeriesJudgement {
  const { teams, boards } = input;
  const options = input.options ?? {};
  const violations: Violation[] = [];
  const moves: InferredMove[] = [];
  if (boards.length === 0) return { violations, moves, sequences: [], winner: null };
  // The series' first mover started the game where the counts are even (else the team ahead did).
  const even = chipCounts(boards[0]!).G === chipCounts(boards[0]!).B;
  const start = judgeBoard(boards[0]!, teams, { ...options, ...(input.first && even ? { first: input.first } : {}) });
  violations.push(...start.violations.map((v) => ({ ...v, message: `board 0: ${v.message}` })));
  const held: HeldLine[] = [...start.held];
  const locked = new Uint8Array(CELL_COUNT);
  inFiveInARow(boards[0]!).forEach((inRun, i) => (locked[i] = inRun ? 1 : 0));
  let winner: Team | null = start.winner;
  let expected: Team | null = input.first ?? start.next ?? (boards[0]!.every((c) => c === '.') ? 'G' : null);
  const needed = sequencesNeeded(teams);
  const inGame = teamsInGame(teams);

  for (let t = 1; t < boards.length; t++) {
    const turn = `turn ${t}`;
    const move = inferMove(boards[t - 1]!, boards[t]!);
    moves.push(move);
    const card = input.cards?.[t - 1] ?? null;
    const cards = card ? [card] : [];
    const say = (rule: string, message: string, extra: string[] = []): void => {
      violations.push(violation(rule, `${turn}: ${message}`, [...cards, ...extra]));
    };
    if (winner !== null && move.type !== 'none') say('move-after-win', `the game was over (${teamName(winner)} had won), yet the board changed`);
    let mover: Team | null = null;
    switch (move.type) {
      case 'none':
        say('no-change', 'nothing changed on the board: every turn places or removes one chip');
        break;
      case 'several':
        say('several-changes', `${move.changes.length} spaces changed in one turn: a turn places or removes one chip`);
        break;
      case 'replace': {
        say('chip-replaced', `the ${teamName(move.removed)} chip on ${spaceName(move.row * 10 + move.col)} became ${teamName(move.team)}: a turn places or removes one chip, never both`);
        mover = move.team;
        break;
      }
      case 'place': {
        const index = move.row * 10 + move.col;
        mover = move.team;
        if (!inGame.includes(move.team)) say('colour-not-in-game', `a ${teamName(move.team)} chip appeared, but ${teamName(move.team)} does not play with ${teams} teams`);
        if (expected !== null && expected !== move.team) say('wrong-team', `${teamName(move.team)} placed a chip on ${spaceName(index)}, but it was ${teamName(expected)}'s turn`);
        if (isCorner(index)) say('corner-space', `a ${teamName(move.team)} chip was put on ${spaceName(index)}, a free space that takes no chip`);
        else if (card !== null && !isTwoEyedJack(card) && card !== LAYOUT[index]) {
          say(
            'card-does-not-match',
            isOneEyedJack(card)
              ? `${card} is a one-eyed Jack and removes a chip, yet ${teamName(move.team)} placed one on ${spaceName(index)}`
              : `${teamName(move.team)} played ${card} but placed a chip on ${spaceName(index)}`,
            [LAYOUT[index]!],
          );
        }
        if (winner === null && !isCorner(index)) {
          const made = completedBy(boards[t]!, move.team, index, held, options);
          for (const h of made) {
            held.push(h);
            for (const i of heldCells(h)) locked[i] = 1;
          }
          if (countByTeam(held)[move.team] >= needed) winner = move.team;
        }
        break;
      }
      case 'remove': {
        const index = move.row * 10 + move.col;
        if (expected !== null) mover = expected;
        else if (teams === 2) mover = move.removed === 'G' ? 'B' : 'G';
        if (expected !== null && expected === move.removed) {
          say('own-chip-removed', `a ${teamName(move.removed)} chip came off ${spaceName(index)} on ${teamName(expected)}'s own turn; a one-eyed Jack removes an opponent's chip`);
        }
        if (locked[index] === 1) say('locked-chip-removed', `the ${teamName(move.removed)} chip on ${spaceName(index)} was part of a completed Sequence and cannot be removed`);
        if (card !== null && !isOneEyedJack(card)) {
          say('card-does-not-match', `a chip came off ${spaceName(index)}, but ${card} is not a one-eyed Jack (JH, JS)`);
        }
        locked[index] = 0;
        break;
      }
    }
    // Follow what happened, so that one slip is reported once, not on every later turn.
    if (mover !== null) expected = nextTeam(mover, teams);
    else if (expected !== null) expected = nextTeam(expected, teams);
  }
  return { violations, moves, sequences: held.map(toSequence), winner };
}
