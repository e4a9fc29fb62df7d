// The organiser's event actions, checked before they reach the event: pairings (rows or a pasted
// CSV), the round in play, a result by hand; anything else is answered with one line.
import { describe, expect, it } from 'vitest';
import { eventAction } from '../../src/server/validate.js';

describe('event actions from a browser', () => {
  it('takes pairings as rows or as CSV, a round, a result and its clearing', () => {
    expect(eventAction({ token: 't', type: 'pairings', pairings: [] })).toEqual({ ok: true, value: { token: 't', type: 'pairings', pairings: [] } });
    expect(eventAction({ token: 't', type: 'pairings', csv: 'round,table,player 1,player 2\n' })).toMatchObject({ ok: true, value: { type: 'pairings-csv' } });
    expect(eventAction({ token: 't', type: 'round', round: 3 })).toEqual({ ok: true, value: { token: 't', type: 'round', round: 3 } });
    expect(eventAction({ token: 't', type: 'result', round: 1, table: '2', winners: [] })).toEqual({ ok: true, value: { token: 't', type: 'result', round: 1, table: '2', winners: [] } });
    expect(eventAction({ token: 't', type: 'clear-result', round: 1, table: '2' })).toMatchObject({ ok: true, value: { type: 'clear-result' } });
  });

  const refused: [string, unknown, RegExp][] = [
    ['not an object', 'pairings', /^an event action must be an object/],
    ['no token', { type: 'round', round: 1 }, /^token/],
    ['an unknown type', { token: 't', type: 'delete-everything' }, /^type must be pairings, round, result or clear-result$/],
    ['pairings that are no list', { token: 't', type: 'pairings', pairings: 'all' }, /^pairings must be a list/],
    ['too many pairings', { token: 't', type: 'pairings', pairings: new Array(2001).fill({}) }, /at most 2000/],
    ['a round of 0', { token: 't', type: 'round', round: 0 }, /^round must be a whole number from 1 to 999$/],
    ['a round in words', { token: 't', type: 'round', round: 'two' }, /^round must be/],
    ['a table id for a result', { token: 't', type: 'result', round: 1, table: '../etc', winners: [0] }, /^table must be a table number$/],
    ['winners that are names', { token: 't', type: 'result', round: 1, table: '1', winners: ['Ana'] }, /^winners must be a list of seats/],
  ];
  for (const [what, payload, message] of refused) {
    it(`refuses ${what} with one line`, () => {
      const answer = eventAction(payload);
      expect(answer.ok).toBe(false);
      if (!answer.ok) {
        expect(answer.error).toMatch(message);
        expect(answer.error).not.toContain('\n');
      }
    });
  }
});
