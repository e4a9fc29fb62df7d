// Joints between neighbouring cards: a scan hit straddling two cards has their joint across its
// middle, a dark line from side to side that ink never makes; and a card's side run on to a
// neighbour's border has the card's own border just inside it.
import type { Vec } from './geometry.js';
import { quadOfLines, type GreyImage, type RefinedQuad } from './refine.js';
import { BORDER, JOINT } from './snap-params.js';

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
  const rows = Math.max(JOINT.leastRows, Math.min(JOINT.mostRows, Math.round(length)));
  const { across, slant } = JOINT;
  const values = new Int16Array(rows * across);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < across; c++) values[r * across + c] = at(JOINT.columnFrom + (JOINT.columnSpan * (c + 0.5)) / across, r / (rows - 1));
  }
  // A column dips at row r when it (or a row within `slant`) is clearly darker than a few rows either
  // side: a thin line. Column by column, so glare elsewhere does not count; a hand's shadow is too wide.
  const gap = Math.max(JOINT.leastGap, Math.round(rows * JOINT.gap));
  const dipShare = (r: number): number => {
    let count = 0;
    let inFrame = 0;
    for (let c = 0; c < across; c++) {
      let here = 255;
      for (let k = r - slant; k <= r + slant; k++) here = Math.min(here, values[k * across + c]!);
      const before = values[(r - slant - gap) * across + c]!;
      const after = values[(r + slant + gap) * across + c]!;
      if (here < 0 || before < 0 || after < 0) continue;
      inFrame++;
      if (here < JOINT.dip * Math.min(before, after)) count++;
    }
    return inFrame >= across * JOINT.inFrame ? count / inFrame : 0;
  };
  for (let r = Math.max(gap + slant, Math.round(rows * JOINT.rowsFrom)); r < Math.min(rows - gap - slant, Math.round(rows * JOINT.rowsTo)); r++) {
    if (dipShare(r) >= JOINT.share) return true;
  }
  return false;
}

/**
 * On a table as light as the paper, a side may snap past the gap to a neighbour's border; the card's
 * own thin border, a line just inside the side along its whole length, is where it moves in to. Null
 * when no side moves.
 */
export function ownBorders(g: GreyImage, r: RefinedQuad): RefinedQuad | null {
  const q = r.quad;
  const cx = (q[0][0] + q[1][0] + q[2][0] + q[3][0]) / 4;
  const cy = (q[0][1] + q[1][1] + q[2][1] + q[3][1]) / 4;
  const lines = [...r.lines];
  let moved = false;
  for (let s = 0; s < 4; s++) {
    const a = q[s]!;
    const b = q[(s + 1) % 4]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len < BORDER.leastSide) continue;
    let n: Vec = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
    const mx = (a[0] + b[0]) / 2;
    const my = (a[1] + b[1]) / 2;
    if ((cx - mx) * n[0] + (cy - my) * n[1] < 0) n = [-n[0], -n[1]];
    // Across the card from this side: twice the centre's distance.
    const across = 2 * ((cx - mx) * n[0] + (cy - my) * n[1]);
    const reach = Math.round(across * BORDER.inside);
    if (reach < BORDER.leastInside) continue;
    const line = new BorderProfile(g, a, b, n, reach);
    // Only where the table is as light as the paper either side of the snapped line; the lightest of a
    // few offsets, as one may fall on the card's own border.
    const outside = Math.max(...BORDER.tableAt.map((o) => line.at(o)));
    const inside = Math.max(...BORDER.paperAt.map((o) => line.at(o)));
    if (Math.min(outside, inside) < 0 || Math.abs(outside - inside) > BORDER.like) continue;
    // The line the side snapped to (a border: a dip), then the deepest line further in.
    let outer = -1;
    for (let o = -BORDER.snapped; o <= BORDER.snapped; o++) if (o === -BORDER.snapped || line.at(o) < line.at(outer)) outer = o;
    if (line.at(outer) < 0) continue;
    // Only past a crisp line, as a neighbour's border is: beside a blurred one, noise could pass for a border.
    if (line.dip(outer) < BORDER.crisp) continue;
    const paper = line.light(outer - BORDER.thin);
    let inner = -1;
    for (let o = outer + BORDER.gap; o <= reach; o++) if (line.border(o, outer, paper) && (inner < 0 || line.dip(o) > line.dip(inner))) inner = o;
    if (inner < 0) continue;
    const shift = inner - outer;
    lines[s] = { p: [r.lines[s]!.p[0] + n[0] * shift, r.lines[s]!.p[1] + n[1] * shift], d: r.lines[s]!.d };
    moved = true;
  }
  return moved ? { ...r, quad: quadOfLines(lines, q), lines } : null;
}

/** The furthest offset out a BorderProfile is asked for (BORDER.tableAt[0]). */
const FROM = -8;

/**
 * The grey across one side of a quad, at offsets o (inwards positive): a class, not closures made
 * for every side (docs/vision.md).
 */
class BorderProfile {
  /** The median grey at each offset, from FROM on, worked out when first asked for (NaN until then). */
  private readonly profile: Float64Array;
  private readonly column = new Float64Array(BORDER.along);

  constructor(
    private readonly g: GreyImage,
    private readonly a: Vec,
    private readonly b: Vec,
    private readonly n: Vec,
    reach: number,
  ) {
    this.profile = new Float64Array(reach + 15).fill(Number.NaN);
  }

  /** The median grey along the side at offset o; -1 where the line leaves the frame. */
  at(o: number): number {
    const { g, a, b, n, profile, column } = this;
    const cached = profile[o - FROM]!;
    if (!Number.isNaN(cached)) return cached;
    for (let k = 0; k < BORDER.along; k++) {
      const t = BORDER.sideFrom + (BORDER.sideSpan * k) / (BORDER.along - 1);
      const x = Math.round(a[0] + (b[0] - a[0]) * t + n[0] * o);
      const y = Math.round(a[1] + (b[1] - a[1]) * t + n[1] * o);
      if (x < 0 || y < 0 || x >= g.width || y >= g.height) return (profile[o - FROM] = -1);
      column[k] = g.data[y * g.width + x]!;
    }
    column.sort();
    return (profile[o - FROM] = column[BORDER.along >> 1]!);
  }

  /** How far a line at o dips below the lightest grey within BORDER.dipWidth on each side. */
  dip(o: number): number {
    let left = 0;
    let right = 0;
    for (let k = 1; k <= BORDER.dipWidth; k++) {
      left = Math.max(left, this.at(o - k));
      right = Math.max(right, this.at(o + k));
    }
    return Math.min(left, right) - this.at(o);
  }

  /** The lightest grey at o and either side of it. */
  light(o: number): number {
    return Math.max(this.at(o - 1), this.at(o), this.at(o + 1));
  }

  /**
   * Whether o is a border like the `outer` one: thin, no darker than it (ink is), about as deep, with
   * light all round (about `paper`'s grey): the neighbour's paper outside, the light gap and this
   * card's paper inside.
   */
  border(o: number, outer: number, paper: number): boolean {
    return (
      this.dip(o) >= Math.max(BORDER.dip, BORDER.dipShare * this.dip(outer)) &&
      this.at(o) >= this.at(outer) - BORDER.like &&
      Math.abs(this.at(o - BORDER.thin) - paper) <= BORDER.like &&
      Math.abs(this.at(o + BORDER.thin) - paper) <= BORDER.like &&
      Math.abs(this.light(o + BORDER.paperIn) - paper) <= BORDER.like &&
      Math.abs(this.light(Math.round((o + outer) / 2)) - paper) <= BORDER.like
    );
  }
}
