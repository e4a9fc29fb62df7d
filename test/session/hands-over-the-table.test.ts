// A turn settles only when no hand is over the table: the session compares each frame, small, with
// the last clear view of the table (src/session/motion.ts, src/session/hands.ts). What came in across
// the frame's edge is an arm; a card laid at the edge and left there is not; the edge an arm crosses
// is the seat of the player it belongs to.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../src/render/fixture-io.js';
import { HandWatch } from '../../src/session/hands.js';
import { seatEdges } from '../../src/session/referee.js';
import { loadImage } from '../../src/vision/image.js';
import { compareThumbnails, thumbnail, type Thumbnail } from '../../src/session/motion.js';

async function thumbnails(fixture: string): Promise<{ thumb: Thumbnail; tMs: number; stable: boolean; moving: boolean; player: number | null }[]> {
  const dir = join('fixtures', 'dev', fixture);
  const frames = readFixture(dir).frames;
  let player: number | null = null;
  const out = [];
  // Frames before a state's first stable frame show the move that led to it, by that state's player.
  const actors = frames.map((f) => ((f.events ?? []) as { kind: string; player?: number }[]).find((e) => e.kind === 'play' || e.kind === 'turn')?.player ?? null);
  for (let i = frames.length - 1; i >= 0; i--) {
    if (actors[i] !== null) player = actors[i]!;
    actors[i] = player;
  }
  for (const [i, f] of frames.entries()) out.push({ thumb: thumbnail(await loadImage(join(dir, f.image))), tMs: f.t_ms, stable: f.stable === true, moving: f.cards.some((c) => c.moving), player: actors[i] ?? null });
  return out;
}

describe('hands over the table', () => {
  it('a hand slides each card in (only fingertips in sight as it enters); every settled frame is clear; each hand crosses its player\'s edge', async () => {
    // The hand-written session numbers its players from 1: Player 1 sits at the bottom, Player 2 at the top.
    const frames = await thumbnails('progression-session');
    const watch = new HandWatch();
    const seats = seatEdges(2);
    let moving = 0;
    let seen = 0;
    for (const f of frames) {
      const sight = watch.push(f.thumb, f.tMs);
      if (f.stable) expect(sight.hand, `stable frame at ${f.tMs} ms`).toBe(false);
      if (f.moving) [moving, seen] = [moving + 1, seen + (sight.hand ? 1 : 0)];
      if (sight.edge !== null && f.player !== null) expect(sight.edge, `edge at ${f.tMs} ms`).toBe(seats[f.player - 1]);
    }
    expect(seen / moving).toBeGreaterThanOrEqual(0.85);
  }, 60_000);

  it('a card laid at the edge of the frame and left there is part of the table once it lies still', () => {
    const blank = (fill: (x: number, y: number) => number): Thumbnail => {
      const data = new Uint8Array(40 * 30 * 3);
      for (let y = 0; y < 30; y++) for (let x = 0; x < 40; x++) data.fill(fill(x, y), (y * 40 + x) * 3, (y * 40 + x) * 3 + 3);
      return { width: 40, height: 30, data };
    };
    const table = blank(() => 60);
    const cardAtEdge = blank((x, y) => (x >= 33 && y >= 10 && y < 19 ? 230 : 60));
    expect(compareThumbnails(table, cardAtEdge).reach).toEqual({ share: expect.any(Number), edge: 3 });
    // Taking it away again is no arm coming in.
    expect(compareThumbnails(cardAtEdge, table).reach).toBeNull();
    const watch = new HandWatch();
    watch.push(table, 0);
    expect(watch.push(cardAtEdge, 500).hand).toBe(true);
    expect(watch.push(cardAtEdge, 1000).hand).toBe(false);
    expect(watch.push(cardAtEdge, 1500).hand).toBe(false);
  });

  it('an arm reaching in at the bright end of a table lit from one side is an arm, though it is no further from the whole table\'s colour', () => {
    // The far end under the lamp is light grey, the near end darker; a sleeve and hand of middling
    // colour come in across the top edge.
    const lit = (arm: boolean): Thumbnail => {
      const data = new Uint8Array(80 * 45 * 3);
      for (let y = 0; y < 45; y++) {
        for (let x = 0; x < 80; x++) {
          const i = (y * 80 + x) * 3;
          const grey = Math.round(165 - y * 1.2);
          const inArm = arm && x >= 36 && x < 46 && y < 14;
          data.set(inArm ? [143, 117, 98] : [grey, grey + 3, grey + 4], i);
        }
      }
      return { width: 80, height: 45, data };
    };
    expect(compareThumbnails(lit(false), lit(true)).reach).toEqual({ share: expect.any(Number), edge: 1 });
  });

  it('a card lying partly under the deck all game holds nothing up: the stable frames of the dev game are clear', async () => {
    const frames = await thumbnails('progression-game');
    const watch = new HandWatch();
    const stable = frames.filter((f) => f.stable).length;
    let clear = 0;
    for (const f of frames) if (!watch.push(f.thumb, f.tMs).hand && f.stable) clear++;
    expect(clear).toBe(stable);
  }, 60_000);
});
