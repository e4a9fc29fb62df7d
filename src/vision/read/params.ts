// Every named threshold of reading cards, one object a stage, in data-flow order: the reader, the
// second looks at an unsure read (a special's word, covered cards), the TIC
// table settled, and the grid's gaps. Confidences are the reader's (0-1); shares are of a face.

/** The reader, and what is reported of its reads (read/index.ts, cards.ts). */
export const READ = {
  /** A card is named at this confidence or above (more likely right than wrong), else unknown. */
  threshold: 0.5,
  /** Card probability from which a face is taken as the deck asked for, even where its identity stays unknown. */
  face: 0.5,
  /** How much the index reader's opinion counts against the whole card's (a product of experts). */
  indexWeight: 0.5,
  /** A "sure" read: a card read this well was outlined well, so it may set a plane or a grid. */
  sure: 0.9,
  /** The most a partly seen card's reading may claim (below "sure"). */
  partialCap: 0.85,
  /** A card of whose face the reader sees less than this share is partly seen. */
  seen: 0.9,
} as const;

/** The second look at a Stacks special: its word matched, its yellow face (read/specials.ts). */
export const SPECIALS = {
  /** Resolution of the second look (px/mm): the words' strokes are about 3 px wide. */
  pxPerMm: 2.5,
  /** How far past the word's box the cut reaches each way (mm): the quad error the search absorbs. */
  marginMm: 5,
  /** Yellow round the word's box when matched (mm), so a short word does not fit inside a long one. */
  padMm: 1.5,
  /** Template widths tried: a quad side a few px off stretches the cut across the word. */
  scales: [0.9, 0.95, 1, 1.05, 1.1],
  /** How far round the coarse search's place the fine match looks (px at pxPerMm). */
  fineReach: 3,
  /** Width the face level is taken over (px, about 3 mm): wider than a letter's stroke. */
  envelope: 7,
  /** Corners and border skipped where the word's box is found (mm): only the word is dark on the face. */
  borderMm: 2,
  /** A pixel of a drawn special with this much ink or more is its word's. */
  wordInk: 0.5,
  /** A word this well correlated is there at all. */
  wordPresent: 0.5,
  /** Correlation differences to odds: a lead of 0.1 over the next word is about 9 to 1. */
  tau: 0.045,
  /** Share of a face's pixels that are yellow above which the second look runs. */
  yellowLook: 0.25,
  /** Yellow share above which the face is a special's (and an unsure one is snapped in yellowness). */
  yellowFace: 0.5,
  /** The most the second look may claim naming a card the reader did not: below "sure", it rests on one matcher. */
  secondLookCap: 0.85,
} as const;



/** An unknown, unsure or skewed TIC card read again from card-sized rectangles and outline tries (covered.ts). */
export const COVERED = {
  /** A rectangle must hold this share of the part in sight... */
  holds: 0.8,
  /** ...and may cover this share of another card found at most (it is no card lying over another). */
  overlaps: 0.2,
  /** Least confidence of a read chosen among several: the best of many clears 0.5 by chance more often. */
  chosen: 0.7,
  /** A corner moved less than this to make a parallelogram was not cut off (px). */
  movedPx: 3,
  /** A side of a snapped quad is held where an edge runs along this share of it. */
  held: 0.5,
  /** How many times the side across from it a card's side may look, with room for a side snapped a few px off. */
  oppositeSides: 1.3,
  /** Opposite sides further from parallel than this may have taken another thing's edge for one (degrees). */
  skewedDeg: 8,
  /** Two snapped quads whose corners all lie this close are one (px). */
  samePx: 2,
  /** Two rectangles whose corners all lie this close are one (mm). */
  sameMm: 4,
  /** Distances a relaid side may lie from its opposite side, in that side's lengths: a card's aspect under tilt. */
  relaid: Array.from({ length: 14 }, (_, k) => 0.45 * 1.125 ** k),
  /** The least gap between two cards side by side (px): a side moved off a neighbour lies this far out. */
  gapPx: 2,
  /** A side this far into a neighbour (a share of the sides next to it) was snapped to its edge; further, not. */
  intoNeighbour: 0.15,
} as const;

/** A cover painted out of a card's face (read/cover.ts). */
export const COVER = {
  /** The paper's lightness: this quantile of the face's. */
  paperQuantile: 0.9,
  /** Darker than this share of the paper's lightness is no paper. */
  dark: 0.6,
  /** Green and blue against red further than this from the paper's own ratios is no paper (skin, a sleeve). */
  hue: 0.15,
  /** A cover runs in from the face's edge and takes at least this share of the face (a pip takes less). */
  leastShare: 0.1,
} as const;

/** A table of TIC reads settled so that no card is named twice (settle.ts). */
export const SETTLE = {
  /** Below this a shared candidate is no conflict worth a factor. */
  overlapFloor: 1e-4,
  /** The most a changed read may claim: it rests on another card being read right, so below "sure". */
  cap: 0.85,
  /** A read whose confidence the settlement moved less than this is passed through unchanged. */
  unchanged: 1e-6,
} as const;

/** Cards under a hand in the layout's gaps (gaps.ts). */
export const GAPS = {
  /** The fewest cards read surely (or as surely as a partly seen card may be) that fix a grid. */
  fewest: 3,
  /** A gap's rectangle may cover this share of a card found at most... */
  overlaps: 0.2,
  /** ...and must lie this much inside the frame. */
  inFrame: 0.5,
  /** A cell is looked at only where this share of its points looks like card paper (a hand does not)... */
  paperShare: 0.2,
  /** ...and read only where its snapped rectangle found an edge along this share... */
  sideHeld: 0.3,
  /** ...of this many sides or more. */
  heldSides: 2,
  /** Paper in shade: this share of the paper's lightness or more... */
  darkest: 0.5,
  /** ...and its colour within this of each channel's share. */
  hue: 0.05,
  /** How many steps beyond the cards found a gap may lie: a hand over a corner hides cards two deep. */
  reach: 2,
  /**
   * An unsure gap's read is taken again (unsnapped, then snapped further) only from this confidence:
   * below it the reader saw no card there (a patterned cloth's squares). On the held-out and tuning
   * sets no second look from below it reached COVERED.chosen; the least first read of a card found
   * so was 0.38.
   */
  secondLookFrom: 0.25,
  /** The second snap's reach for an unsure gap's rectangle: this share of its short side (wider than usual). */
  farReach: 0.3,
  /** The gap between cards where no two neighbours read surely show it (mm). */
  usualGap: 5,
  /** A neighbour is a grid step beside a card where it lies further along than this share of a card's size... */
  stepLeast: 0.9,
  /** ...less than a card's size and this along (mm)... */
  stepMostMm: 30,
  /** ...and less than this share of a card's size off the line. */
  stepOff: 0.4,
} as const;
