// Every named threshold of reading cards, one object a stage, in the order data flows: the reader's
// own, the second looks at an unsure read (a Stacks special's yellow face and word, glare taken
// off, a TIC card's pips, card-sized rectangles round a covered card and its cover painted out),
// the TIC table settled, and the cards read in the grid's gaps. Confidences are the reader's (0-1);
// shares are of a face unless said.

/** The reader, and what is reported of its reads (src/vision/read/index.ts, cards.ts). */
export const READ = {
  /** A card is named at this confidence or above (the identity more likely right than wrong), else unknown. */
  threshold: 0.5,
  /** A face at all at this card probability or above: then its deck is the one asked for, even where its identity stays unknown. */
  face: 0.5,
  /** How much the index reader's opinion counts against the whole card's (a product of experts). */
  indexWeight: 0.5,
  /**
   * A reading this confident is "sure" (the eval's mark for a wrong read that counts most). Reads
   * this sure give the plane for a covered card's rectangles and the gap step's grid: a card read
   * well was outlined well.
   */
  sure: 0.9,
  /** The most a partly seen card's reading may claim (below "sure"). */
  partialCap: 0.85,
  /** A card of whose face the reader sees less than this share is partly seen. */
  seen: 0.9,
} as const;

/** The second look at a Stacks special: its word matched, its yellow face (src/vision/read/specials.ts). */
export const SPECIALS = {
  /** Resolution of the second look: the words' strokes (about 1.3 mm) are 3 px wide. */
  pxPerMm: 2.5,
  /** How far past the word's box the cut reaches each way (mm): the quad error the search absorbs. */
  marginMm: 5,
  /** The word's box is matched with this much yellow round it (mm), so a short word does not fit inside a long one. */
  padMm: 1.5,
  /** Template widths tried: a quad side a few px off stretches the cut across the word (down it, the 8 mm word barely moves). */
  scales: [0.9, 0.95, 1, 1.05, 1.1],
  /** How far round the coarse search's place the fine match looks (px at pxPerMm). */
  fineReach: 3,
  /** The face level is taken over this many px (about 3 mm): wider than a letter's stroke. */
  envelope: 7,
  /** The rounded corners and border skipped (mm) where the word's box is found: only the word is dark on a special's face. */
  borderMm: 2,
  /** A pixel of a drawn special with this much ink or more is its word's. */
  wordInk: 0.5,
  /** A word this well correlated is there at all (the misreads scored below 0.47 on the tuning sets). */
  wordPresent: 0.5,
  /** Correlation differences to odds: a lead of 0.1 over the next word is about 9 to 1. */
  tau: 0.045,
  /** Share of a face's pixels that are yellow above which the second look runs ... */
  yellowLook: 0.25,
  /** ... and above which the face is taken as a special's (and an unsure one is snapped in yellowness). */
  yellowFace: 0.5,
  /** The second look naming a card the reader did not: below "sure" (0.9), it rests on one matcher. */
  secondLookCap: 0.85,
} as const;

/** Glare taken off a card's face (src/vision/read/glare.ts). */
export const GLARE = {
  /** Half the window that closes the ink out of the light's envelope: wider than a pip (13 mm, 13 px). */
  close: 8,
  /** Half the window that smooths the envelope. */
  smooth: 2,
  /** The paper's own level: this quantile of the envelope (glare, or a cover, takes less of the face). */
  paperQuantile: 0.4,
  /** Grey levels the brightest spot must stand above the paper's own level to be glare. */
  glare: 30,
  /** The most the ink's depth is multiplied by: where glare nearly saturates, little is left to bring back. */
  mostGain: 4,
} as const;

/** A second look at an unsure TIC card's pips (src/vision/read/pips.ts). */
export const PIPS = {
  /** Resolution of the second look: about what a 720p table photo holds (1.5-1.7 px/mm), at least. */
  pxPerMm: 2,
  /** Each shape is matched in a box this much wider than the pip's (mm): the pip and paper round it. */
  boxPadMm: 2,
  /** How far round its place each pip is looked for (px): a quad a pixel or two off, perspective left over. */
  reach: 2,
  /** The drawn shapes blurred by this much (px) before matching: a photo's pips are never sharp. */
  templateBlur: 1.5,
  /** A shape drawn turned round within this of itself everywhere is itself (a circle, a square): matched once. */
  sameTemplate: 1e-6,
  /**
   * Fits to odds: a shape fitting 0.03 better than another (a square's lead over a circle on a clear
   * card is 0.02-0.05) is e^0.9, about 2.5 to 1. (On the tuning sets 50 named the same cards, and
   * one more wrong.)
   */
  gain: 30,
  /**
   * The pips are weighed in only where some shape fits this well: a pip half washed out by glare
   * fits a crescent better than its own shape, at 0.45-0.55 (on the tuning sets this named 5 fewer
   * cards wrong and as many right).
   */
  clearFit: 0.7,
  /** A number the read gives less than this share of its odds is not looked at. */
  likelyNumber: 0.01,
} as const;

/** An unknown, unsure or skewed TIC card read again from card-sized rectangles and its outline's tries (src/vision/covered.ts). */
export const COVERED = {
  /** A rectangle must hold this share of the part in sight ... */
  holds: 0.8,
  /** ... and may cover this share of another card found at most (it is no card lying over another). */
  overlaps: 0.2,
  /**
   * The least confidence a reading chosen among the rectangles (here and in the grid's gaps) must
   * have: the best of several reads clears the reader's threshold (0.5) by chance more often than
   * one read does. On four fresh sets, the reads it took between 0.6 and 0.7 were wrong 4 times and
   * right 3; at 0.5, 3 of 10 were wrong.
   */
  chosen: 0.7,
  /** A corner moved less than this (px) to make a parallelogram was not cut off. */
  movedPx: 3,
  /** A side of a snapped quad is held where an edge runs along this share of it. */
  held: 0.5,
  /**
   * How much longer than the side across from it a card's side may look: at most 1.14 times among the
   * tuning sets' 7,716 cards in sight (their truth); the rest is room for a side snapped a few px off.
   */
  oppositeSides: 1.3,
  /**
   * Opposite sides of an outline further from parallel than this (degrees) may not be the card's: a
   * camera turns a card's sides a few degrees apart (under 7 for 99% of the tuning sets' 8,715 cards
   * in sight, 9 at most). Such an outline may have taken another thing's edge for one side (a deck's
   * or a finger's, over the card's end). (A card named gives way to a sure read alone; still, at 7 a
   * steep frame's true outline, 7.0 degrees off, gave way to a parallelogram naming the card as
   * wrongly, more surely. At 10, one card fewer named on the tuning sets.)
   */
  skewedDeg: 8,
  /** Two snapped quads whose corners all lie this close (px) are one. */
  samePx: 2,
  /** Two rectangles whose corners all lie this close (mm) are one. */
  sameMm: 4,
  /**
   * How far a side laid again may lie from its opposite side, for that side's length in the frame: a
   * card's width or length for its length or width (0.72 or 1.40), foreshortened along either by a
   * tilt up to about 50 degrees, in steps of an eighth (0.45 to 2.08).
   */
  relaid: Array.from({ length: 14 }, (_, k) => 0.45 * 1.125 ** k),
  /** The least gap (px) between two cards laid side by side: a side moved off a neighbour lies this far out from it. */
  gapPx: 2,
  /** A side this far into a neighbour (a share of the sides next to it) was snapped to its edge; further, it is no snap's doing. */
  intoNeighbour: 0.15,
} as const;

/** A cover painted out of a card's face (src/vision/read/cover.ts). */
export const COVER = {
  /** The paper's lightness: this quantile of the face's. */
  paperQuantile: 0.9,
  /** Darker than this share of the paper's lightness is no paper. */
  dark: 0.6,
  /** Green and blue against red further than this from the paper's own ratios is no paper (skin, a coloured sleeve). */
  hue: 0.15,
  /** A cover runs in from the face's edge and takes this share of the face at least (a pip or a numeral takes less). */
  leastShare: 0.1,
} as const;

/** A table of TIC reads settled so that no card is named twice (src/vision/settle.ts). */
export const SETTLE = {
  /** Below this a shared candidate is no conflict worth a factor. */
  overlapFloor: 1e-4,
  /** A changed read rests on another card being read right: never at "sure" (0.9) or above. */
  cap: 0.85,
  /** A read left as it was whose confidence the settlement moved less than this is passed through unchanged. */
  unchanged: 1e-6,
} as const;

/** Cards under a hand in the layout's gaps (src/vision/gaps.ts). */
export const GAPS = {
  /** The fewest cards read surely (or, failing that, as surely as a partly seen card may be) that fix a grid. */
  fewest: 3,
  /** A gap's rectangle may cover this share of a card found at most ... */
  overlaps: 0.2,
  /** ... and must lie this much inside the frame. */
  inFrame: 0.5,
  /** A cell is looked at only where this share of its points looks like card paper (a hand or open table does not) ... */
  paperShare: 0.2,
  /** ... and cut and read only where its rectangle, snapped to the frame's edges, found an edge along this share ... */
  sideHeld: 0.3,
  /** ... of this many sides or more. */
  heldSides: 2,
  /** Paper in shade: this share of the paper's lightness or more ... */
  darkest: 0.5,
  /** ... and its colour within this of each channel's share. */
  hue: 0.05,
  /** How many steps beyond the cards found a gap may lie (a hand over a layout's corner hides cards two deep). */
  reach: 2,
  /** How far the second snap of an unsure gap's rectangle searches either side of each side: this share of its short side (the usual snap's, 0.12). */
  farReach: 0.3,
  /** The gap between cards (mm) where no two neighbours read surely show it. */
  usualGap: 5,
  /** A neighbour is a step of the grid beside (or below) a card where it lies further along than this share of a card's size ... */
  stepLeast: 0.9,
  /** ... less than a card's size and this (mm) along ... */
  stepMostMm: 30,
  /** ... and less than this share of a card's size off the line. */
  stepOff: 0.4,
} as const;
