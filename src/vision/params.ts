// Every named threshold of the sight and the layout stage, one object a stage: the calibrated
// table's sight, the grid from the cards' outlines, Sequence Stacks' draw pile and the cells a photo
// leaves open. (Finding cards: detect/params.ts; reading them: read/params.ts.)

/** The sight under a calibration profile (calibrated.ts). */
export const CALIBRATED = {
  /** A card's short side spans this many pixels in the top-down view cards are looked for in. */
  cardPx: 44,
} as const;

/** Rows and columns from the cards' outlines (grid.ts, layout.ts). */
export const GRID = {
  /** How much a partly seen card's outline counts towards the layout's turn and its combs. */
  partialWeight: 0.5,
  /** The grid games' gap between cards searched (mm): one gap both ways, a card's size plus this. */
  gapMm: [-0.5, 24],
  /** The usual gap between the grid games' cards (mm): the search leans a little towards it. */
  usualGapMm: 5,
  /** Sequence Stacks' pile pitch searched (mm beyond a card's width, and length): left to the table. */
  stacksPitchMm: { x: [8, 40], y: [15, 55] },
  /** The usual Sequence Stacks pile pitch (mm beyond a card's width, and length): the search leans towards it. */
  stacksUsualMm: { x: 20, y: 30 },
  /** This many cards placed by their size or fewer, with the draw pile, are too few to fit a spacing to. */
  fewSized: 2,
  /** Then a card within this many steps of the pile's column, off its row, is put in the nearest allowed column. */
  offRowSteps: 3,
  /** The pitches (and the gap) are searched in steps of this (mm). */
  searchStepMm: 0.25,
  /** How much a comb's score leans towards the usual pitch: taken off per mm away from it. */
  combPrior: 0.001,
  /** How much the grid games' joint comb's score leans towards the usual gap: taken off per mm away from it. */
  jointPrior: 0.001,
  /** Width of the Gaussian on which the joint comb scores a position's distance from the nearest tooth (mm). */
  toothMm: 8,
} as const;

/** Sequence Stacks' face-down draw pile, found as what differs from the open table (draw-pile.ts). */
export const DRAW_PILE = {
  /** Width of the coarse look (px): a pile is still some 40 px long there in a 1280 px frame. */
  workWidth: 320,
  /** The shapes found are grown by this factor, with their shade and outline: not the table and not the pile. */
  shapesGrown: 1.15,
  /** Colour distance from the table near it that counts as not-table, at least (RGB levels)... */
  minContrast: 20,
  /** ...and at least this many times the median pixel's distance (textured tables: wood, cloth). */
  textureFactor: 6,
  /** How much a pixel darker than the table counts (its hue the table's): shade, more often than not. */
  darkerWeight: 0.25,
  /** The table near a pixel: its mean over a square reaching this many card sides each way from it. */
  localCards: 1.5,
  /** A solid region off the table is a card's area times these, at least and at most. */
  regionArea: [0.25, 4],
  /** A closed outline's area is a card's times these, at least and at most. */
  outlineArea: [0.4, 2.5],
  /** Share of its rectangle a pile's pixels fill (its light frame line may fall out). */
  minFill: 0.7,
  /** A pile's size over a card's (root of the area ratio): slid backs and their shade measure larger than one card. */
  sizeRange: [0.7, 1.45],
  /** Its long side over its short one (a card's is 1.4; a phone's 2 and more). */
  aspectRange: [1.1, 1.75],
  /** Canny's thresholds for a pile's outline in the coarse look. */
  outlineCanny: [20, 60],
  /** A pile outlined within this share of a card's side of one found as a solid region is the same. */
  sameCentre: 0.5,
} as const;

/** The grid cells beside a layout that a photo leaves open (unseen.ts). */
export const UNSEEN = {
  /** A cell shows open table where this share of its face looks like the table round the cards. */
  open: 0.7,
  /** A cell lies in sight where this share of its points lies in the frame. */
  inFrame: 0.9,
  /** A cell holds a card found (one with no cell of its own) where this share of its points lies in it. */
  held: 0.2,
  /** A step to the next cell where no two cards show it, in card sides: the side and a usual gap (5 of 63 mm). */
  gapShare: 1.08,
} as const;
