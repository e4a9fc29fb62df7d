// `seqref check` on sequence-stacks / turn and table cases, through the built command (npx tsc -p tsconfig.build.json first).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { check, seqref } from '../helpers/cli.js';

const NO_CHIPS = { red: 0, blue: 0 };
const TABLE = {
  piles: { 'red-a': ['red-1', 'red-2'], 'blue-a': ['blue-1', 'blue-2', 'blue-3', 'blue-4'] },
  discards: [['red-3'], []],
  chips: [{ red: 1, blue: 1 }, NO_CHIPS],
  hands: [['blue-5', 'red-wild', 'jump', 'red-1', 'blue-2'], 5],
};

function turnCase(turn: unknown[], table: object = TABLE, player = 0) {
  return { game: 'sequence-stacks', kind: 'turn', player, table, turn };
}

function example(name: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../../examples/cases/${name}`, import.meta.url)), 'utf8'));
}

describe('seqref check: sequence-stacks / turn', () => {
  it('judges a legal turn and answers the winner, the next player and the table after it', () => {
    const { status, answer } = check(
      turnCase([
        { play: 'blue-5', pile: 'blue-a' },
        { play: 'red-3', from: 'discard', pile: 'red-a' },
        { play: 'red-wild', pile: 'red-a', as: 4 },
        { play: 'jump' },
        { discard: 'blue-2' },
        { refill: ['red-5', 'red-5', 'blue-1', 'wait'] },
      ]),
    );
    expect(status).toBe(0);
    expect(answer).toMatchObject({ legal: true, points: null, violations: [], winner: null, next: 0 });
    expect(answer.after.chips).toEqual([{ red: 1, blue: 2 }, NO_CHIPS]);
    expect(answer.after.piles['red-a']).toEqual(['red-1', 'red-2', 'red-3', { card: 'red-wild', as: 4 }]);
    expect(answer.after.hands[0]).toEqual(['red-1', 'red-5', 'red-5', 'blue-1', 'wait']);
    expect(answer.after.setAside).toEqual(['blue-1', 'blue-2', 'blue-3', 'blue-4', 'blue-5']);
  });

  it('reports each broken rule with its code and a message naming the cards', () => {
    const { status, answer } = check(turnCase([{ play: 'red-1', pile: 'red-a' }, { play: 'blue-5', pile: 'red-b' }, { discard: 'blue-2' }]));
    expect(status).toBe(0);
    expect(answer.legal).toBe(false);
    expect(answer.violations.map((v: { rule: string }) => v.rule)).toEqual(['not-one-higher', 'wrong-colour', 'start-with-one-or-wild', 'missing-refill']);
    expect(answer.violations[0].message).toBe('turn[0] red-1 is not 1 higher than red-2 on red-a');
    expect(answer.violations[0].cards).toEqual(['red-1', 'red-2']);
  });

  it('takes Wait! out of turn and ends the game at the winning chip', () => {
    const table = { ...TABLE, chips: [{ red: 2, blue: 2 }, NO_CHIPS], hands: [TABLE.hands[0], ['wait']] };
    const waited = check(turnCase([{ play: 'blue-5', pile: 'blue-a' }, { wait: 1 }, { discard: 'blue-2' }, { refill: true }], table)).answer;
    expect(waited).toMatchObject({ legal: true, winner: null, next: 1 });
    const won = check(turnCase([{ play: 'blue-5', pile: 'blue-a' }], table)).answer;
    expect(won).toMatchObject({ legal: true, winner: 0, next: null });
    expect(won.after.chips[0]).toEqual({ red: 2, blue: 3 });
  });

  it('judges the bundled examples', () => {
    expect(check(example('sequence-stacks-turn-complete.json')).answer).toMatchObject({ legal: true, next: 2 });
    expect(check(example('sequence-stacks-turn-wait.json')).answer).toMatchObject({ legal: true, next: 0 });
    const illegal = check(example('sequence-stacks-turn-illegal.json')).answer;
    expect(illegal.violations.map((v: { rule: string }) => v.rule)).toEqual([
      'colour-spaces-full',
      'not-one-higher',
      'not-on-top-of-discard',
      'start-with-one-or-wild',
      'chip-steal-cannot-win',
      'second-discard',
      'missing-refill',
    ]);
    const table = check(example('sequence-stacks-table.json')).answer;
    expect(table).toMatchObject({ legal: false, points: null, winner: 0 });
    expect(table.violations.map((v: { rule: string }) => v.rule)).toEqual(['out-of-order', 'complete-pile-not-set-aside', 'removed-with-two-players']);
  });
});

describe('seqref check: sequence-stacks / table', () => {
  it('judges a table and names the winner', () => {
    const { status, answer } = check({ game: 'sequence-stacks', kind: 'table', table: { ...TABLE, chips: [{ red: 3, blue: 2 }, NO_CHIPS] } });
    expect(status).toBe(0);
    expect(answer).toEqual({ legal: true, points: null, violations: [], winner: 0 });
  });

  it('lists both kinds in seqref check --help', () => {
    const { status, stdout } = seqref(['check', '--help']);
    expect(status).toBe(0);
    expect(stdout).toContain('sequence-stacks / table');
    expect(stdout).toContain('sequence-stacks / turn');
  });
});

describe('seqref check: unreadable Sequence Stacks input exits 2 with one line', () => {
  const bad: Array<[string, unknown, RegExp]> = [
    ['an unknown card', turnCase([{ play: 'red-6', pile: 'red-a' }]), /turn\[0\]: play: unknown Sequence Stacks card "red-6"/],
    ['an unknown pile space', turnCase([{ play: 'red-3', pile: 'red-c' }]), /turn\[0\]: field "pile" must be one of red-a, red-b, blue-a, blue-b or "new"/],
    ['an action with no verb', turnCase([{ card: 'red-3' }]), /turn\[0\] must have exactly one of/],
    ['an action with two verbs', turnCase([{ play: 'red-3', discard: 'red-3', pile: 'red-a' }]), /turn\[0\] must have exactly one of/],
    ['a wild number on a number card', turnCase([{ play: 'red-3', pile: 'red-a', as: 3 }]), /"as" is only for wild cards, and red-3 is not one/],
    ['a player who is not at the table', turnCase([{ wait: 2 }]), /turn\[0\]: field "wait" must be a player 0\.\.1/],
    ['a missing player', { game: 'sequence-stacks', kind: 'turn', table: TABLE, turn: [] }, /missing field "player"/],
    ['a missing table', { game: 'sequence-stacks', kind: 'table' }, /missing field "table"/],
    ['chips for the wrong number of players', { game: 'sequence-stacks', kind: 'table', table: { ...TABLE, chips: [NO_CHIPS] } }, /field "chips" must have one entry per player \(2\)/],
    ['a card in a discard pile', { game: 'sequence-stacks', kind: 'table', table: { ...TABLE, discards: [['red-3'], ['blue-9']] } }, /table: discards\[1\]\[0\]: unknown Sequence Stacks card "blue-9"/],
    ['seven players', { game: 'sequence-stacks', kind: 'table', table: { ...TABLE, players: 7 } }, /takes 2 to 6 players, not 7/],
    ['negative chips', { game: 'sequence-stacks', kind: 'table', table: { ...TABLE, chips: [{ red: -1, blue: 0 }, NO_CHIPS] } }, /chips\[0\]: field "red" must not be negative/],
    ['a chip steal without a colour', turnCase([{ play: 'chip-steal', target: 1 }]), /missing field "colour"/],
  ];

  it.each(bad)('%s', (_name, input, message) => {
    const result = seqref(['check', '-'], JSON.stringify(input));
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\bat .*\.js:\d+/);
  });
});
