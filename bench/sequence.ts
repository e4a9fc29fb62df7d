// Sequence: judging a board as the serial board reports it, and reading a move off two boards.
import { sequence } from '../src/rules/sequence.js';
import { measure } from './harness.js';

export function run(): void {
  // Boards from seeded random games, late in the game (many chips, sequences standing).
  const boards: string[][] = [];
  const pairs: [string[], string[]][] = [];
  for (let seed = 1; boards.length < 200; seed++) {
    const { states } = sequence.randomPlayout({ players: 2 }, seed);
    const rows = states.map((s) => [...s.board]);
    boards.push(rows[rows.length - 1]!);
    for (let i = Math.max(1, rows.length - 20); i < rows.length; i++) pairs.push([rows[i - 1]!, rows[i]!]);
  }
  measure(
    'judge a full board (parse, sequences, winner, warnings)',
    (i) => boards[i % boards.length]!,
    (rows) => sequence.judgeBoard(sequence.parseBoard(rows), 2),
    { samples: 2000, goal: '<= 0.1 ms' },
  );
  measure(
    'infer the move between two boards (parse both, diff)',
    (i) => pairs[i % pairs.length]!,
    ([before, after]) => sequence.inferMove(sequence.parseBoard(before), sequence.parseBoard(after)),
    { samples: 2000, goal: '<= 0.05 ms' },
  );
}
