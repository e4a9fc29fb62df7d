// The five enrolment photographs of contracts section 6, as a player takes them: photo k shows the 25
// cards of number k face up and upright in a 5 x 5 grid, shapes down the rows and colours across,
// from above (tilt up to 20 degrees), on any table under any light, nothing else in view.
import { COLOURS, SHAPES } from '../cards/tic.js';
import type { DeckProfile } from '../deck/profile.js';
import { seededRandom } from '../rules/random.js';
import { hashSeed } from './scene.js';
import { planShot, type Shot } from './shot.js';

export const ENROLMENT_NUMBERS = [1, 2, 3, 4, 5] as const;

/** The card at row r, column c of photo `number`. */
export const enrolmentCard = (number: number, row: number, col: number): string => `${number}-${SHAPES[row]}-${COLOURS[col]}`;

/** The five photographs' plans for a deck; `seed` picks the table, light and camera of each. */
export function planEnrolmentShots(profile: DeckProfile, seed: number): Shot[] {
  return ENROLMENT_NUMBERS.map((number) => {
    const placements = SHAPES.flatMap((_, row) => COLOURS.map((_, col) => ({ card: enrolmentCard(number, row, col), row, col })));
    const shotSeed = hashSeed(`${seed}|enrol|${number}`);
    const random = seededRandom(shotSeed);
    return planShot('progression', shotSeed, {
      placements,
      profile,
      // The camera held over the grid, its top the grid's top, give or take a few degrees.
      conditions: { distractors: [], tiltDeg: 20 * random(), yawDeg: 10 * random() - 5, rollDeg: 4 * random() - 2, glare: 0 },
      // Laid by hand: square to the photo, small gaps, nothing turned round.
      style: { gapMm: 2 + 6 * random(), slideMm: 1, jitterDeg: 2, flipShare: 0, angleDeg: 0, wanderMm: 0 },
    });
  });
}

/** The same photograph with the cards at two grid places ([row, col]) laid in each other's places, as a player might. */
export function withCardsSwapped(shot: Shot, a: readonly [number, number], b: readonly [number, number]): Shot {
  const placements = shot.placements.map((p) => ({ ...p }));
  const at = ([row, col]: readonly [number, number]) => placements.find((p) => p.row === row && p.col === col)!;
  [at(a).card, at(b).card] = [at(b).card, at(a).card];
  return planShot('progression', shot.seed, { placements, profile: shot.profile, conditions: shot.conditions, style: shot.style });
}
