// Sequence Hunt figures: the set finder on seeded random 60-card face-up grids.
import { ticDeck } from '../src/cards/tic.js';
import { anyLeft, countSets, listSets, type HuntKind } from '../src/rules/hunt-finder.js';
import { seededRandom, shuffled } from '../src/rules/random.js';
import { measure } from './harness.js';

const GRID_CARDS = 60;
const GRIDS = 100;

export function run(): void {
  const grids = Array.from({ length: GRIDS }, (_, seed) => shuffled(ticDeck(), seededRandom(seed + 1)).slice(0, GRID_CARDS));
  const grid = (i: number): string[] => grids[i % GRIDS]!;
  measure(`hunt finder: count all nine kinds, ${GRID_CARDS} cards`, grid, countSets, { samples: 1000, goal: '<= 50 ms' });
  measure(
    `hunt finder: list first 1,000 sets, ${GRID_CARDS} cards`,
    grid,
    (cards) => {
      let listed = 0;
      for (const set of listSets(cards, 1000)) listed += set.size > 0 ? 1 : 0;
      return listed;
    },
    { samples: 1000, goal: '<= 5 ms' },
  );
  // Tripo-5 is the hardest: it is usually absent, so the search runs to the end.
  const absent = (kind: HuntKind): number => grids.filter((cards) => !anyLeft(cards, kind)).length;
  console.log(`  (tripo-5 absent on ${absent('tripo-5')} of ${GRIDS} grids, duo-5 on ${absent('duo-5')}, mono-5 on ${absent('mono-5')})`);
  measure(`hunt finder: any left of one kind, ${GRID_CARDS} cards (tripo-5)`, grid, (cards) => anyLeft(cards, 'tripo-5'), { samples: 5000, goal: '<= 1 ms' });
  measure(`hunt finder: any left of one kind, ${GRID_CARDS} cards (duo-5, typical)`, grid, (cards) => anyLeft(cards, 'duo-5'), { samples: 5000, goal: '<= 1 ms' });
  measure(`hunt finder: any left of one kind, ${GRID_CARDS} cards (mono-5)`, grid, (cards) => anyLeft(cards, 'mono-5'), { samples: 5000, goal: '<= 1 ms' });
}
