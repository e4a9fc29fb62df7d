// One seed reproduces a frame exactly: the same bytes and the same truth; another seed differs.
import { describe, expect, it } from 'vitest';
import { planShot, renderShot } from '../../src/render/shot.js';
import { TABLE_GAMES } from '../../src/render/scene.js';

const small = { width: 320, height: 180 };

describe('rendering is reproducible from its seed', () => {
  for (const game of TABLE_GAMES) {
    it(`${game}: the same seed gives the same JPEG bytes and truth`, async () => {
      const a = await renderShot(planShot(game, 42, { conditions: small }));
      const b = await renderShot(planShot(game, 42, { conditions: small }));
      expect(a.truth.length).toBeGreaterThan(0);
      expect(b.truth).toEqual(a.truth);
      expect(Buffer.compare(a.jpeg, b.jpeg)).toBe(0);
    });
  }

  it('another seed gives another table and another photograph', async () => {
    const a = await renderShot(planShot('progression', 1, { conditions: small }));
    const b = await renderShot(planShot('progression', 2, { conditions: small }));
    expect(Buffer.compare(a.jpeg, b.jpeg)).not.toBe(0);
    expect(b.truth).not.toEqual(a.truth);
  });
});
