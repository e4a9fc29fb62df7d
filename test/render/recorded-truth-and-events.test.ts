// Whole simulated games rendered as recorded sessions: every stable frame's truth is the table the
// simulator's record says lies there (an illegal attempt: the table plus the cards put down), and
// events.json holds exactly the record's entries, the illegal ones with their rule codes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFixture, type Fixture } from '../../src/render/fixture-io.js';
import { recordedStates, renderRecordedSession, turnEvent, type RecordedStates } from '../../src/render/recorded.js';
import { STACKS_SPACES } from '../../src/render/scene.js';
import { planSession } from '../../src/render/session.js';
import { simulate, type AnyGameRecord, type StacksView } from '../../src/simulate/index.js';

const dir = mkdtempSync(join(tmpdir(), 'seqref-recorded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const timing = { fps: 2, holdSeconds: 0.5, moveSeconds: 0.5 } as const;
const small = { width: 320, height: 180, distractors: [], tiltDeg: 10, fill: 0.8 };

type Cell = { card: string; row: number; col: number };
const cellsOf = (cards: readonly Cell[]): string[] => cards.map((c) => `${c.card}@${c.row},${c.col}`).sort();

async function film(record: AnyGameRecord, name: string): Promise<{ fixture: Fixture; recorded: RecordedStates; states: number[] }> {
  const out = join(dir, name);
  const options = { out, seed: 5, ...timing, conditions: small };
  const { fixture, recorded } = await renderRecordedSession(record, options);
  // The plan says which state each frame shows (the writer films exactly the plan).
  const plan = planSession(recorded.states, { ...options, game: record.game });
  expect(fixture.frames).toHaveLength(plan.frames.length);
  return { fixture: readFixture(out), recorded, states: plan.frames.map((f) => f.state) };
}

/** The layout the record says lies on the table at each state, computed from the record alone. */
function recordLayout(record: AnyGameRecord, recorded: RecordedStates, state: number): Cell[] {
  const layoutAfter = (s: number): Cell[] => {
    const source = recorded.shows[s]!;
    if (source.kind === 'deal') return [...(record.start.stateAfter as unknown as { layout: Cell[] }).layout];
    if (source.kind === 'after') return [...(record.turns[source.entry]!.stateAfter as unknown as { layout: Cell[] }).layout];
    const move = record.turns[source.entry]!.move as unknown as { placements: Cell[] };
    return [...layoutAfter(s - 1), ...move.placements];
  };
  return layoutAfter(state);
}

function expectEventsAreTheRecord(out: string, record: AnyGameRecord): void {
  const log = JSON.parse(readFileSync(join(out, 'events.json'), 'utf8')) as { events: Array<{ events: Array<{ kind: string }> }> };
  const all = log.events.flatMap((e) => e.events);
  const turns = all.filter((e) => e.kind === 'turn');
  const expected = record.turns.map((t) => {
    const { stateAfter: _table, ...rest } = t;
    return JSON.parse(JSON.stringify({ kind: 'turn', ...rest }));
  });
  expect(turns).toEqual(expected);
  expect(turns).toEqual(record.turns.map((_, i) => JSON.parse(JSON.stringify(turnEvent(record, i)))));
  expect(all[0]!.kind).toBe('start');
  expect(all.at(-1)).toEqual({ kind: 'result', ...record.result });
}

describe('recorded sessions of simulated games', () => {
  it('Progression with deliberate illegal plays: stable frames show the record table, the illegal card lying until taken back', async () => {
    const record = simulate('progression', { seed: 3, policy: 'greedy', illegalEvery: 2, maxTurns: 3, options: { deckSize: 13 } });
    expect(record.turns.some((t) => t.deliberate)).toBe(true);
    const { fixture, recorded, states } = await film(record, 'progression');
    const stable = fixture.frames.map((f, i) => ({ f, state: states[i]! })).filter(({ f }) => f.stable);
    expect(new Set(stable.map((s) => s.state)).size).toBe(recorded.states.length);
    for (const { f, state } of stable) {
      expect(cellsOf(f.cards)).toEqual(cellsOf(recordLayout(record, recorded, state)));
      expect(f.cards.every((c) => !c.moving)).toBe(true);
    }
    // The attempt lies on the table with its warning, then the table is as it was.
    const attempt = recorded.shows.findIndex((s) => s.kind === 'attempt');
    expect(attempt).toBeGreaterThan(0);
    const warned = stable.find((s) => s.state === attempt && s.f.events)!.f.events as Array<{ deliberate: boolean; violations: Array<{ rule: string }> }>;
    expect(warned[0]!.deliberate).toBe(true);
    expect(warned[0]!.violations.map((v) => v.rule)).toContain('no-step-at-contact');
    expect(cellsOf(recordLayout(record, recorded, attempt + 1))).toEqual(cellsOf(recordLayout(record, recorded, attempt - 1)));
    expectEventsAreTheRecord(join(dir, 'progression'), record);
  });

  it('Sequence Shift: an undone illegal turn is filmed laid and taken back, every stable frame the record table', async () => {
    const record = simulate('sequence-shift', { seed: 5, illegalEvery: 2, maxTurns: 3 });
    const { fixture, recorded, states } = await film(record, 'shift');
    expect(recorded.shows.some((s) => s.kind === 'attempt')).toBe(true);
    fixture.frames.forEach((f, i) => {
      if (f.stable) expect(cellsOf(f.cards)).toEqual(cellsOf(recordLayout(record, recorded, states[i]!)));
    });
    expect(record.turns.filter((t) => t.deliberate).flatMap((t) => t.violations.map((v) => v.rule))).toContain('run-not-duo-or-tripo');
    expectEventsAreTheRecord(join(dir, 'shift'), record);
  });

  it('Sequence Hunt: claimed sets leave the grid, a wrong call is an event only, every stable frame the record grid', async () => {
    const record = simulate('sequence-hunt', { seed: 1, illegalEvery: 2, maxTurns: 4 });
    const { fixture, recorded, states } = await film(record, 'hunt');
    expect(record.turns.some((t) => t.events.some((e) => e.kind === 'claim'))).toBe(true);
    expect(recorded.shows.some((s) => s.kind === 'attempt')).toBe(false);
    fixture.frames.forEach((f, i) => {
      if (f.stable) expect(cellsOf(f.cards)).toEqual(cellsOf(recordLayout(record, recorded, states[i]!)));
    });
    expect(record.turns.filter((t) => t.deliberate).flatMap((t) => t.violations.map((v) => v.rule))).toContain('not-a-set');
    expectEventsAreTheRecord(join(dir, 'hunt'), record);
  });

  it('Sequence Stacks: every pile top the record names lies in its space, an illegal card on a pile until taken back', async () => {
    const record = simulate('sequence-stacks', { seed: 20, illegalEvery: 1, maxTurns: 2 });
    const { fixture, recorded, states } = await film(record, 'stacks');
    const attempt = recorded.shows.findIndex((s) => s.kind === 'attempt');
    expect(attempt).toBeGreaterThan(0);
    const pileCells = (view: StacksView): Cell[][] => {
      const names = (pile: ReadonlyArray<string | { card: string }> | undefined): string[] => (pile ?? []).map((e) => (typeof e === 'string' ? e : e.card));
      const piles = [names(view.piles['red-a']), names(view.piles['red-b']), names(view.piles['blue-a']), names(view.piles['blue-b'])];
      return [
        ...piles.map((cards, i) => cards.map((card) => ({ card, ...STACKS_SPACES.sequences[i]! }))),
        cards(view.box, STACKS_SPACES.specials),
        ...view.discards.map((d, p) => cards(d, STACKS_SPACES.discards[p]!)),
      ];
    };
    const cards = (names: readonly string[], at: { row: number; col: number }): Cell[] => names.map((card) => ({ card, row: at.row, col: at.col }));
    fixture.frames.forEach((f, i) => {
      if (!f.stable) return;
      const source = recorded.shows[states[i]!]!;
      const view = (source.kind === 'deal' ? record.start.stateAfter : record.turns[source.entry]!.stateAfter) as StacksView;
      const piles = pileCells(view);
      if (source.kind === 'attempt') {
        const move = record.turns[source.entry]!.move as { card: string; pile: string };
        const at = STACKS_SPACES.sequences[['red-a', 'red-b', 'blue-a', 'blue-b'].indexOf(move.pile)]!;
        piles.push([{ card: move.card, row: at.row, col: at.col }]);
        // The illegal card is the top of its pile and fully seen.
        expect(f.cards.find((c) => c.card === move.card && c.row === at.row && c.col === at.col)?.visible).toBe(1);
      }
      // Every pile's top card shows; nothing shows that the record does not place there.
      const tops = piles.filter((p) => p.length > 0).map((p) => p.at(-1)!);
      expect(cellsOf(f.cards)).toEqual(expect.arrayContaining(cellsOf(tops)));
      expect(cellsOf(piles.flat())).toEqual(expect.arrayContaining(cellsOf(f.cards)));
    });
    expect(record.turns.filter((t) => t.deliberate).flatMap((t) => t.violations.map((v) => v.rule)).length).toBeGreaterThan(0);
    expectEventsAreTheRecord(join(dir, 'stacks'), record);
  });

  it('entries that leave the table as it was join the state lying there; the turn events stay in record order', () => {
    const record = simulate('progression', { seed: 9, illegalEvery: 3, options: { deckSize: 16 } });
    const { states, shows } = recordedStates(record);
    const turns = states.flatMap((s) => (s.events ?? []) as Array<{ kind: string; index?: number }>).filter((e) => e.kind === 'turn');
    expect(turns.map((e) => e.index)).toEqual(record.turns.map((t) => t.index));
    // Fewer states than entries when draws and passes leave the table alone; consecutive states always differ.
    const changes = record.turns.filter((t, i) => JSON.stringify(t.stateAfter.layout) !== JSON.stringify((i === 0 ? record.start : record.turns[i - 1]!).stateAfter.layout)).length;
    expect(states.length).toBe(1 + changes + 2 * shows.filter((s) => s.kind === 'attempt').length);
  });
});
