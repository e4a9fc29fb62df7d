// Games for the board simulator to play. A game only says which chip goes where; the simulator
// turns moves into sensor readings. The Sequence rules engine can provide its own BoardGame later.
import { type Random, randomInt } from '../rules/random.js';
import { lineOfFiveLighting } from './leds.js';
import { CORNERS, COLS, EMPTY_BOARD, type Space, SPACES } from './protocol.js';

/** One chip placed (G, B, R) or taken off ('.') a space. */
export interface BoardMove {
  readonly team: Space;
  readonly row: number;
  readonly col: number;
  readonly chip: Space;
}

export interface BoardGame {
  /** The next move on this board (100 characters), or null when the game is over. */
  next(cells: string, turn: number, random: Random): BoardMove | null;
}

export interface RandomGameOptions {
  /** 2 (green, blue) or 3 (green, blue, red). */
  readonly teams?: 2 | 3;
  /** How often a turn is a one-eyed Jack taking an opponent's chip off (default 0.1). */
  readonly removalRate?: number;
}

/**
 * Teams take turns placing a chip on a free space that is not a corner; now and then a one-eyed
 * Jack removes an opponent's chip that is not part of a completed line of five. Not the full
 * rules (no cards): enough to move chips the way a real game does.
 */
export function randomGame(options: RandomGameOptions = {}): BoardGame {
  const teams: Space[] = options.teams === 3 ? ['G', 'B', 'R'] : ['G', 'B'];
  const removalRate = options.removalRate ?? 0.1;
  return {
    next(cells, turn, random) {
      const team = teams[turn % teams.length]!;
      if (random() < removalRate) {
        const locked = lineOfFiveLighting(cells);
        const removable = indices(cells, (state, i) => state !== '.' && state !== team && !locked.has(i));
        if (removable.length > 0) {
          const index = removable[randomInt(random, removable.length)]!;
          return { team, row: Math.floor(index / COLS), col: index % COLS, chip: '.' };
        }
      }
      const free = indices(cells, (state, i) => state === '.' && !CORNERS.has(i));
      if (free.length === 0) return null;
      const index = free[randomInt(random, free.length)]!;
      return { team, row: Math.floor(index / COLS), col: index % COLS, chip: team };
    },
  };
}

function indices(cells: string, keep: (state: Space, index: number) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < SPACES; i++) if (keep(cells[i] as Space, i)) out.push(i);
  return out;
}

/** Plays up to `moves` moves from an empty board; returns them with the board after each. */
export function playGame(game: BoardGame, random: Random, moves: number): Array<{ move: BoardMove; cells: string }> {
  const played: Array<{ move: BoardMove; cells: string }> = [];
  let cells = EMPTY_BOARD;
  for (let turn = 0; turn < moves; turn++) {
    const move = game.next(cells, turn, random);
    if (!move) break;
    const index = move.row * COLS + move.col;
    cells = cells.slice(0, index) + move.chip + cells.slice(index + 1);
    played.push({ move, cells });
  }
  return played;
}
