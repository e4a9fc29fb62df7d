// A scan hit straddling two cards (half of each, glare or shade hiding the rest of their
// outlines) has the joint between them across its middle: a dark line from side to side, parallel
// to two of its sides. Ink never runs that way across a whole face.
import type { Vec } from './geometry.js';
import type { GreyImage } from './refine.js';

/** Columns across the face, and the share of them that must dip at one row for a joint. */
const ACROSS = 16;
const SHARE = 0.85;
/** Rows either side a joint may wander across the face. */
const SLANT = 3;

/** Whether a dark line crosses the quad from side to side, well inside it, either way round. */
export function crossedByJoint(g: GreyImage, quad: readonly Vec[]): boolean {
  return crossed(g, quad) || crossed(g, [quad[1]!, quad[2]!, quad[3]!, quad[0]!]);
}

/** Rows run from side 0-1 to side 3-2; a row is a joint when nearly every column dips there. */
function crossed(g: GreyImage, q: readonly Vec[]): boolean {
  const at = (u: number, v: number): number => {
    const tx = q[0]![0] + (q[1]![0] - q[0]![0]) * u;
    const ty = q[0]![1] + (q[1]![1] - q[0]![1]) * u;
    const bx = q[3]![0] + (q[2]![0] - q[3]![0]) * u;
    const by = q[3]![1] + (q[2]![1] - q[3]![1]) * u;
    const x = Math.round(tx + (bx - tx) * v);
    const y = Math.round(ty + (by - ty) * v);
    return x < 0 || y < 0 || x >= g.width || y >= g.height ? -1 : g.data[y * g.width + x]!;
  };
  // One row a pixel down the face, so a joint a pixel or two wide is not stepped over.
  const length = Math.hypot(q[3]![0] - q[0]![0], q[3]![1] - q[0]![1]);
  const rows = Math.max(20, Math.min(400, Math.round(length)));
  const values = new Int16Array(rows * ACROSS);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < ACROSS; c++) values[r * ACROSS + c] = at(0.1 + (0.8 * (c + 0.5)) / ACROSS, r / (rows - 1));
  }
  // A column dips at row r when it (or a row within SLANT: the hit's sides may be a few degrees
  // off the joint's) is clearly darker than the face a few rows before and after: a thin line with paper on
  // both sides. Judged column by column, so glare or shade elsewhere on the face does not matter;
  // a hand or a shadow across the face is wide, not a dip.
  const gap = Math.max(3, Math.round(rows * 0.04));
  const dipShare = (r: number): number => {
    let count = 0;
    let inFrame = 0;
    for (let c = 0; c < ACROSS; c++) {
      let here = 255;
      for (let k = r - SLANT; k <= r + SLANT; k++) here = Math.min(here, values[k * ACROSS + c]!);
      const before = values[(r - SLANT - gap) * ACROSS + c]!;
      const after = values[(r + SLANT + gap) * ACROSS + c]!;
      if (here < 0 || before < 0 || after < 0) continue;
      inFrame++;
      if (here < 0.85 * Math.min(before, after)) count++;
    }
    return inFrame >= ACROSS / 2 ? count / inFrame : 0;
  };
  for (let r = Math.max(gap + SLANT, Math.round(rows * 0.15)); r < Math.min(rows - gap - SLANT, Math.round(rows * 0.85)); r++) {
    if (dipShare(r) >= SHARE) return true;
  }
  return false;
}
