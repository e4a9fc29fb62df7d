// The board alone (what the serial board reports): which sequences stand, who has won, and the
// states no legal game can reach.
//
// What chip counts can tell (docs/rules-decisions.md, Sequence): every turn either adds one chip
// of the mover's colour (a card or a two-eyed Jack) or takes away one chip of an opponent's (a
// one-eyed Jack); a dead-card exchange is followed by a normal turn. With two teams green's count
// minus blue's therefore goes up by one on each green turn and down by one on each blue turn, and
// as the rulebook does not say which colour starts, it is 0 or 1 on every board of a game green
// started (the engine's), 0 or -1 on every board of one blue started, and -1, 0 or 1 when the
// starting colour is not known.
// With three teams no such bound holds: any counts can be reached (a round of "green places, blue
// places, red takes a blue chip" adds one green chip and nothing else, and so on), so only the
// chips in the box (50 green, 50 blue, 35 red) limit them.
import { violation, type Violation } from '../violation.js';
import { CHIP_SUPPLY, CORNER_INDICES, type Cells, type Team, chipCounts, sequencesNeeded, spaceName, teamName, teamsInGame } from './board.js';
import { type HeldLine, type Sequence, type SequenceOptions, countByTeam, maxSequences, toSequence } from './lines.js';

export interface BoardJudgement {
  readonly violations: Violation[];
  /** The most sequences each team can hold at once (one such set). */
  readonly sequences: Sequence[];
  readonly held: HeldLine[];
  readonly winner: Team | null;
  /** Chips of each team in the game. */
  readonly counts: Partial<Record<Team, number>>;
  /** The team to move, where the board alone tells (two teams, counts possible, no winner yet). */
  readonly next: Team | null;
}

export interface BoardOptions extends SequenceOptions {
  /** Two teams: the colour that made the game's first move, where it is known. */
  readonly first?: Team;
}

export function judgeBoard(cells: Cells, teams: 2 | 3, options: BoardOptions = {}): BoardJudgement {
  const violations: Violation[] = [];
  const inGame = teamsInGame(teams);
  for (const corner of CORNER_INDICES) {
    const chip = cells[corner]!;
    if (chip !== '.') {
      violations.push(violation('chip-on-corner', `a ${teamName(chip)} chip sits on ${spaceName(corner)}: corners are free spaces for every team and take no chip`));
    }
  }
  const counts = chipCounts(cells);
  if (teams === 2 && counts.R > 0) {
    violations.push(violation('colour-not-in-game', `${counts.R} red chip${counts.R === 1 ? '' : 's'} on the board, but red plays only with three teams`));
  }
  for (const team of inGame) {
    if (counts[team] > CHIP_SUPPLY[team]) {
      violations.push(violation('more-chips-than-the-box', `${counts[team]} ${teamName(team)} chips on the board; the box holds ${CHIP_SUPPLY[team]}`));
    }
  }
  // Green's chips less blue's after the first team's turns and before the other's: +1 when green started, -1 when blue did.
  const lead = counts.G - counts.B;
  const ahead = options.first === 'B' ? [-1] : options.first === 'G' ? [1] : [1, -1];
  const countsPossible = teams === 3 || lead === 0 || ahead.includes(lead);
  if (!countsPossible) {
    const starter = options.first === undefined ? 'whichever colour moved first' : teamName(options.first);
    violations.push(
      violation(
        'chip-counts-impossible',
        `green has ${chips(counts.G)} and blue ${counts.B}: every turn adds one chip of the mover's colour or takes away one of the other's, so ${starter} has as many chips as the other or one more`,
      ),
    );
  }

  const held = maxSequences(cells, inGame, options);
  const bySeq = countByTeam(held);
  const needed = sequencesNeeded(teams);
  const qualified = inGame.filter((t) => bySeq[t] >= needed);
  let winner: Team | null = qualified.length === 1 ? qualified[0]! : null;
  if (qualified.length > 1) {
    if (teams === 2) {
      // Possible: the board alone cannot see which five chips were marked, so the loser may hold
      // two fives it never completed as sequences. The winner is the team that moved last: the
      // one ahead, or with even counts the one that did not start.
      const last: Team | null = lead === 1 ? 'G' : lead === -1 ? 'B' : options.first === 'G' ? 'B' : options.first === 'B' ? 'G' : null;
      winner = countsPossible ? last : null;
    } else {
      // With one sequence to win, the first five of any team ends the game at once.
      violations.push(violation('several-winners', `${qualified.map(teamName).join(' and ')} each hold a sequence; the first one ends a game of three teams`));
    }
  }
  // The team behind moves next; with even counts, the one that started.
  const next: Team | null = teams === 2 && countsPossible && winner === null ? (lead === 1 ? 'B' : lead === -1 ? 'G' : (options.first ?? null)) : null;
  return { violations, sequences: held.map(toSequence), held, winner, counts: pick(counts, inGame), next };
}

function pick(counts: Record<Team, number>, teams: readonly Team[]): Partial<Record<Team, number>> {
  const out: Partial<Record<Team, number>> = {};
  for (const t of teams) out[t] = counts[t];
  return out;
}

function chips(n: number): string {
  return `${n} chip${n === 1 ? '' : 's'}`;
}
