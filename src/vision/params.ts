// Every named threshold of the sight and the layout stage, one object a stage: the calibrated
// table's sight, the grid from the cards' outlines, Sequence Stacks' draw pile, the cells a photo
// leaves open, and the hands over the table seen by what changed between frames. (Finding cards:
// src/vision/detect/params.ts; reading them: src/vision/read/params.ts.)

/** The sight under a calibration profile: the table seen from above (src/vision/calibrated.ts). */
export const CALIBRATED = {
  /**
   * The top-down image's resolution is no coarser than this (px/mm), so a card is at least 79 x 110
   * px there (the detector's edges and the reader's 64 x 88 cut both want about a pixel a
   * millimetre; below it the far cards blur into the table).
   */
  leastPxPerMm: 1.25,
  /** The resolution the edges are looked for at: half a pixel a millimetre keeps a card side 30-45 px long, and the transform cheap. */
  houghPxPerMm: 0.5,
  /** Canny's thresholds for the cards' edges. */
  canny: [20, 50],
  /** A straight edge is a line where this many mm of it vote for it ... */
  houghVotesMm: 20,
  /** ... it is this long at least (mm: half a card's width; pips and indices are shorter) ... */
  leastLineMm: 30,
  /** ... and no gap along it is longer than this (mm). */
  lineGapMm: 3,
  /** The border where the frame ends (px): its edge is not a card's, and no line there counts. */
  frameMarginPx: 4,
  /** A line counts where there is white paper this far (mm) to one side of its middle (not wood grain, cloth) ... */
  paperSideMm: 3,
  /** ... paper: every channel this light at least ... */
  paperLight: 150,
  /** ... and the channels within this share of the lightest apart. */
  paperChroma: 0.25,
  /** The cards' direction: the length-weighted mean of the lines within this (degrees) of the histogram's peak. */
  nearPeakDeg: 2,
} as const;

/** Rows and columns from the cards' outlines (src/vision/grid.ts, layout.ts). */
export const GRID = {
  /** A partly seen card's outline counts this much (half) towards the layout's turn and its combs. */
  partialWeight: 0.5,
  /** The grid games' gap between cards searched (mm): one gap both ways, a card's size plus this. */
  gapMm: [-0.5, 24],
  /** The usual gap between the grid games' cards (mm): the search leans a little towards it. */
  usualGapMm: 5,
  /** Sequence Stacks' piles sit apart so hands can reach in (cards.md leaves the spacing to the table): their pitch searched (mm beyond a card's width, and length). */
  stacksPitchMm: { x: [8, 40], y: [15, 55] },
  /** The usual pitch of Sequence Stacks' piles (mm beyond a card's width, and length): the search leans a little towards it. */
  stacksUsualMm: { x: 20, y: 30 },
  /**
   * This many cards placed by their size or fewer, and the draw pile: too few positions to fit a
   * spacing to; steps from the pile in the middle of the spacings allowed instead.
   */
  fewSized: 2,
  /**
   * A card or two and the draw pile: off the pile's row the only spaces are two columns either side
   * (the discard piles at the corners) and the pile's own column (the used specials), so a card
   * within this many steps of the pile's column is put in the nearest of them (a plane from one card
   * is a tenth or two out).
   */
  offRowSteps: 3,
  /** The pitches (and the gap) are searched in steps of this (mm). */
  searchStepMm: 0.25,
  /** How much a comb's score leans towards the usual pitch: taken off per mm away from it. */
  combPrior: 0.001,
  /** How much the grid games' joint comb's score leans towards the usual gap: taken off per mm away from it. */
  jointPrior: 0.001,
  /** The grid games' joint comb scores each position by its distance from the nearest tooth, on a Gaussian this wide (mm). */
  toothMm: 8,
} as const;

/** Sequence Stacks' face-down draw pile, found as what differs from the open table (src/vision/draw-pile.ts). */
export const DRAW_PILE = {
  /** Width of the coarse look (px): a pile is still some 40 px long in a 1280 px frame at 320. */
  workWidth: 320,
  /** The shapes found are grown by this (their shade and outline): not the table and not the pile. */
  shapesGrown: 1.15,
  /** Colour distance from the table near it (0-255 RGB units) that counts as not-table, at least... */
  minContrast: 20,
  /** ...and at least this many times the median pixel's distance (textured tables: wood, cloth). */
  textureFactor: 6,
  /** How much a pixel darker than the table counts (its hue the table's): shade, more often than not. */
  darkerWeight: 0.25,
  /** The table near a pixel: its mean over a square this many card sides across, each way from it. */
  localCards: 1.5,
  /** A solid region off the table is a card's area times these, at least and at most (small regions are passed over at once). */
  regionArea: [0.25, 4],
  /** A closed outline's area is a card's times these, at least and at most. */
  outlineArea: [0.4, 2.5],
  /** Share of its rectangle a pile's pixels fill (its light frame line may fall out). */
  minFill: 0.7,
  /**
   * A pile's size over a card's (the square root of the areas' ratio) lies within these: a few backs
   * each slid a little, with their shade, measure larger than one card (up to 1.3 on the rendered
   * games), and a plane from one card is a few tenths out away from it.
   */
  sizeRange: [0.7, 1.45],
  /** Its long side over its short one (a card's is 88 / 63 = 1.4; a phone's 2 and more). */
  aspectRange: [1.1, 1.75],
  /** Canny's thresholds for a pile's outline in the coarse look. */
  outlineCanny: [20, 60],
  /** A pile outlined within this share of a card's side of one found as a solid region is the same. */
  sameCentre: 0.5,
} as const;

/** The grid cells beside a layout that a photo leaves open (src/vision/unseen.ts). */
export const UNSEEN = {
  /** A cell shows open table where this share of its face looks like the table round the cards. */
  open: 0.7,
  /** A cell lies in sight where this share of its points lies in the frame. */
  inFrame: 0.9,
  /** A cell holds a card found (one with no cell of its own) where this share of its points lies in it. */
  held: 0.2,
  /** A step to the next cell where no two cards show it: the card's own side and a usual gap (5 of 63 mm). */
  gapShare: 1.08,
} as const;

/** Hands over the table, from what changed between a fixed camera's frames (src/vision/motion.ts). */
export const MOTION = {
  /** Frame pixels a thumbnail pixel averages, each way. */
  cell: 8,
  /** Levels any colour channel of a thumbnail pixel must change by to count as changed (noise stays well under). */
  changedLevels: 16,
  /** A change reaching the frame's edge (within `edgeCells`) must cover at least this share of the frame to be an arm reaching in. */
  reachShare: 0.0015,
  edgeCells: 1,
  /** Blocks a side of the thumbnail is cut into for the table's colour: a lamp lights one end of a table brighter than the other. */
  tableBlocks: 2,
  /** Thumbnail pixels a mask of quads is grown by, unless told. */
  maskGrow: 1,
} as const;
