// Every named threshold of snapping outlines to the frame's edges and of the table plane, one
// object a stage, in the order data flows: the working surface and its edges, a rough outline
// snapped to the frame's edges, the table plane from lone cards, the scan for card-sized
// rectangles, joints and borders between touching cards, and cards completed on the plane.
// Shares are of a card (its side, its short side) unless said; px are frame pixels unless said.

/** Snapping a rough outline's sides to the frame's edges (src/vision/detect/refine.ts, refineQuad). */
export const REFINE = {
  /** Samples a side. */
  samples: 14,
  /** The least fall (grey levels over two pixels each way) a sample takes for an edge, where neither caller nor image names one. */
  minFall: 20,
  /** How far to search either side of the rough side, as a share of the card's short side, and at least this far (px). */
  reach: 0.12,
  leastReach: 4,
  /** The search runs this share of the reach inside the rough side (the whole reach outside it). */
  inside: 0.7,
  /** The samples lie along the side from this share of it on, over this share of it. */
  sideFrom: 0.12,
  sideSpan: 0.76,
  /** A side's line holds candidates of this share of its samples, and this many at least; else it keeps its rough line. */
  enough: 0.35,
  leastEnough: 4,
  /** How many more lines a side is looked for with `alternatives` (RefinedQuad.others). */
  others: 2,
  /** Candidates within this (px) of a line found are its own: peeled off before the next line is looked for. */
  peel: 1.5,
  /** A corner where two fitted lines cross further than this share of the short side from the rough one stays rough. */
  cornerMove: 0.5,
  /** Turns (degrees) either way from the rough side's direction tried for its line, and the step between them. */
  turn: 5,
  turnStep: 1,
  /** Width (px) of a bin of candidates' offsets: a line's candidates fall in two neighbouring bins. */
  tolerance: 1.0,
  /** A turn whose best window falls more than this many candidates short of the best line's score so far is passed over. */
  slack: 1,
  /** A line's candidates' summed strength (grey levels) that counts as much as one candidate more. */
  strengthPerCandidate: 1000,
  /** A line is refitted on every sample's candidate within this many tolerances of it. */
  refit: 1.5,
  /** At most this many of a refined quad's least supported sides are put back to the rough quad's (relaxQuad). */
  relaxed: 2,
} as const;

/** A card held by two opposite sides only, slid along them (src/vision/detect/refine.ts, slideAlong). */
export const SLIDE = {
  /** A side holds from this support on; below it, it is loose. */
  holds: 0.5,
  /** Held sides shorter than this (px) are not slid along. */
  leastLength: 20,
  /** Samples along each loose side, lying from this share of it on, over this share of it. */
  samples: 16,
  sideFrom: 0.15,
  sideSpan: 0.7,
  /** A sample's step is the grey difference this far (px) either way along the held sides. */
  probe: 1.5,
  /** A loose side with less than this share of its samples in the frame shows no step. */
  inFrame: 0.5,
  /** A loose side's step is this quantile of its samples': most of the side (ink crossing it here and there is no side). */
  quantile: 0.4,
  /** How far the card is slid either way, as a share of the held sides' length. */
  reach: 0.4,
  /** The least step (grey levels, the two loose sides together) that places a card slid along its sides ... */
  leastStep: 6,
  /** ... and how many times the step where it lay that must be. */
  gain: 1.5,
  /**
   * Each loose side then takes its own step within this share of the held sides' length, and at
   * least this many px: the card's size on the plane is good to a few per cent only.
   */
  near: 0.06,
  leastNear: 2,
  /** The held sides are snapped again where the card now lies with this reach (RefineOptions.reach). */
  resnap: 0.05,
} as const;
