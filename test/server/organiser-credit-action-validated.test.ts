// The organiser's word on who called a Sequence Hunt claim, checked before it reaches a table:
// only for Hunt, naming a card and a player; anything else is answered with one line.
import { describe, expect, it } from 'vitest';
import { organiserAction } from '../../src/server/validate.js';
import type { SessionGame } from '../../src/session/types.js';

const games: Record<string, SessionGame> = { hunt: 'sequence-hunt', prog: 'progression' };
const check = (payload: unknown) => organiserAction(payload, (id) => games[id] ?? null);

describe('the organiser credit action', () => {
  it('credits a Hunt claim, by one of its cards, to a player', () => {
    expect(check({ token: 't', table: 'hunt', type: 'credit', card: ' 3-Star-Orange ', player: 1 })).toEqual({ ok: true, value: { token: 't', table: 'hunt', action: { kind: 'credit', card: '3-star-orange', player: 1 } } });
  });

  it('is refused for other games, for a name that is no card, and for a player that is no number', () => {
    expect(check({ token: 't', table: 'prog', type: 'credit', card: '3-star-orange', player: 0 })).toMatchObject({ ok: false, error: expect.stringMatching(/only Sequence Hunt/) });
    expect(check({ token: 't', table: 'hunt', type: 'credit', card: 'red-3', player: 0 })).toMatchObject({ ok: false, error: expect.stringMatching(/^card/) });
    expect(check({ token: 't', table: 'hunt', type: 'credit', card: '3-star-orange', player: 'me' })).toMatchObject({ ok: false, error: expect.stringMatching(/player/) });
    expect(check({ token: 't', table: 'hunt', type: 'credit', card: '3-star-orange', player: -1 })).toMatchObject({ ok: false, error: expect.stringMatching(/player/) });
  });
});
