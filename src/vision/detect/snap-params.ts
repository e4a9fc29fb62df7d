// Every named threshold of snapping outlines to the frame's edges and of the table plane, one
// object a stage, in the order data flows: the working surface and its edges, a rough outline
// snapped to the frame's edges, the table plane from lone cards, the scan for card-sized
// rectangles, joints and borders between touching cards, cards completed on the plane, and what
// open table and a special's yellow look like.
// Shares are of a card (its side, its short side) unless said; px are frame pixels unless said.

/** The frame at working scale: light level, edges, thin dark lines, white point (src/vision/detect/surface.ts). */
export const SURFACE = {
  /** The local light level varies slowly: it is worked out at 1/this of the working scale, at least this many pixels each way. */
  levelScale: 4,
  leastLevelSize: 8,
  /** It is the brightest lightness within about a card: a window 1/this of that scale's width (odd), and at least this many pixels. */
  levelWindow: 16,
  leastWindow: 3,
  /** The light level is taken as at least this (grey levels) where lightness is measured against it. */
  darkest: 30,
  /** The scan for cards looks at up to this many times the working scale (thin joints survive there). */
  fineScale: 2,
  /** Gaussian blur (sigma, working pixels) before Canny where EdgeOptions.blur names none. */
  blur: 0.7,
  /** Hough votes a straight run takes. */
  straightVotes: 30,
  /** A straight run of edges this long (a share of the working width) is a cloth's line, not a card's side. */
  straightRun: 0.125,
  /** The gaps a straight run may jump (working pixels): none across a card. */
  straightGap: 3,
  /** How far short of each end a straight run is taken out, and how wide (working pixels). */
  straightShort: 3,
  straightWidth: 3,
  /** How many pixels of loose end are pruned (working pixels): the longest spur seen on checked cloth at 640 was 17. */
  stub: 20,
  /** A loose end has at most this many neighbours (more are the side of a thick edge). */
  looseNeighbours: 3,
  /** Thin dark lines are looked for only in a part of the fine grey at least this many pixels each way ... */
  leastDips: 8,
  /** ... and are the excess of a closing this many pixels wide (at half the fine scale) over the grey. */
  dipKernel: 3,
  /** Chroma is taken against a lightness (a share of the white point's) of at least this. */
  chromaFloor: 0.05,
  /** Every this-many-th pixel is plenty for a histogram of the whole frame, for the white point. */
  whiteStride: 3,
  /** A pixel with a channel at this or above is clipped: no white point. */
  clipped: 250,
  /** The white point: the brightest this share of the unclipped near-neutral pixels ... */
  whiteShare: 0.02,
  /** ... and the paper below glare (Surface.belowGlare): the brightest this share, less those. */
  belowGlareShare: 0.1,
  /** A white point's channel with no pixel to go by, and its least. */
  noWhite: 240,
  leastWhite: 30,
  /** Paper under any plausible light is near-neutral: its channels spread less than this share of its brightest one. */
  neutral: 0.35,
} as const;

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

/** The table plane from lone cards (src/vision/detect/table.ts), as a camera sees it (camera.ts). */
export const PLANE = {
  /** Up to this many agreeing cards, a plane is uncertain enough to try it flat as well. */
  fewCards: 2,
  /** A quad on the table whose sides are off a card's by less than this share of its width (mean) is card-shaped. */
  cardShaped: 0.12,
  /** Planes whose agreeing cards' mean side errors lie within this (mm) of each other tie: the best-outlined card's wins. */
  tie: 0.5,
  /** Rounds of fitting each agreeing card's rectangle to the plane and refitting the plane to them all. */
  refits: 2,
  /** The usual focal length, in frame widths (a 66 degree horizontal field of view) ... */
  usualFocal: 0.77,
  /** ... and how far (natural log) a lens's may lie from it, as one standard deviation. */
  focalSpread: 0.25,
  /** The focal length a plane's perspective gives is used where it lies between these (frame widths); else the usual one. */
  leastFocal: 0.3,
  mostFocal: 3,
  /** How far (px) a corner may lie off where the camera puts it, as one standard deviation. */
  cornerNoise: 1.5,
  /** A camera's plane holds the corners nearly as well as a free homography does, or is no camera's (px: RMS): this many times as well, give or take this. */
  freeMargin: 1.3,
  freeSlack: 0.5,
  /** One card's corners a free homography holds exactly: a camera's must hold them about as well as they are found (px: RMS). */
  oneCardSlack: 2.5,
  /** The camera's fit (Levenberg-Marquardt): at most this many iterations, and this many tries each at ever more damping. */
  iterations: 20,
  attempts: 8,
  /** Damping at first and at least; divided by this after a step that lowers the cost, multiplied by this after one that does not. */
  damping: 1e-3,
  leastDamping: 1e-7,
  dampingDown: 3,
  dampingUp: 4,
  /** Added to the damped normal equations' diagonal, so that they always solve. */
  ridge: 1e-12,
  /** The fit stops once a step lowers the cost by less than this share of it. */
  converged: 1e-6,
  /** Steps of the numerical derivatives: the focal length's log, a turn (radians), the translation (a share of the camera's height). */
  focalStep: 1e-4,
  turnStep: 1e-5,
  shiftStep: 1e-3,
} as const;

/** The scan for card-sized rectangles on the table plane (src/vision/detect/scan.ts). */
export const SCAN = {
  /** Millimetres of table a view pixel. */
  mmPerPx: 2,
  /** A dip of d grey levels counts like a Sobel step of this many times d. */
  dipGain: 4,
  /** The view is at least this many pixels each way, and at most this many in all (else the angle is not scanned). */
  leastView: 8,
  mostView: 1_500_000,
  /** A place scoring less than this (the mean edge strength of its three strongest sides) is no card. */
  leastScore: 30,
  /** Peaks are the best within 1/this of a card either way; those best within only 1/this are minor (ScanHit.minor). */
  peak: 3,
  minorPeak: 4,
} as const;

/** A dark line across a scan hit: the joint between two touching cards (src/vision/detect/joint.ts, crossedByJoint). */
export const JOINT = {
  /** Columns across the face, lying from this share of it on, over this share of it. */
  across: 16,
  columnFrom: 0.1,
  columnSpan: 0.8,
  /** Rows down the face: one a pixel, and this many at least and at most. */
  leastRows: 20,
  mostRows: 400,
  /** Rows either side a joint may wander across the face (the hit's sides may be a few degrees off the joint's). */
  slant: 3,
  /** A column dips where it is darker than this share of the face this share of the rows (and this many at least) before and after. */
  dip: 0.85,
  gap: 0.04,
  leastGap: 3,
  /** A row with less than this share of the columns in the frame is no joint. */
  inFrame: 0.5,
  /** Rows looked at: well inside the face, from this share of it to this one. */
  rowsFrom: 0.15,
  rowsTo: 0.85,
  /** The share of the columns that must dip at one row for a joint. */
  share: 0.85,
} as const;

/** A card's own border just inside a side that ran on to a neighbour's (src/vision/detect/joint.ts, ownBorders). */
export const BORDER = {
  /** Sides shorter than this (px) are left as they are. */
  leastSide: 20,
  /** How far inside a side a card's own border may lie (share of the card across), and at least (px) for it to be looked for. */
  inside: 0.15,
  leastInside: 6,
  /** Samples along a side for its median profile, lying from this share of it on, over this share of it. */
  along: 16,
  sideFrom: 0.15,
  sideSpan: 0.7,
  /** Where (px, inwards positive) the table just outside the line snapped to, and the paper inside it, are read: the lightest of each. */
  tableAt: [-8, -7, -6],
  paperAt: [4, 5, 6, 7, 8],
  /** Grey levels within which paper, gap and neighbour count as alike. */
  like: 8,
  /** The line snapped to is the darkest within this (px) of the side. */
  snapped: 3,
  /** A line's dip is how far it lies below the lightest grey within this (px) on each side. */
  dipWidth: 3,
  /** Grey levels the neighbour's border dips at least: a crisp line (a blurred or faint one says nothing either way). */
  crisp: 12,
  /** Grey levels a border dips below the paper either side of it at least (a median over the side: noise is a level or two), and as a share of the outer line's dip. */
  dip: 6,
  dipShare: 0.4,
  /** A border is thin: paper lies this far (px) either side of it. */
  thin: 3,
  /** The card's own border lies at least this far (px) inside the line snapped to, and its paper this far inside the border. */
  gap: 4,
  paperIn: 5,
} as const;

/** Cards completed on the table plane from a clear corner, piles' top cards, covered sides (src/vision/detect/complete.ts). */
export const COMPLETE = {
  /** A side counts as seen, and its corners as trusted, from this support on. */
  trusted: 0.5,
  /** A corner's two sides on the table further than this from square (distance of their directions, one turned back a right angle) make no corner. */
  square: 0.5,
  /** The narrow search each hypothesis is snapped with (RefineOptions.reach): it is already close wherever its sides are seen. */
  reach: 0.05,
  /** A hypothesis pays this much support for its whole face lying on open table. */
  onTableCost: 6,
  /** The strips along a side (what lies just outside it, or inside) lie this share of the card's short side from it. */
  strip: 0.08,
  /** Samples a strip, lying from this share of the side on, over this share of it; fewer than this many in the frame tell nothing. */
  stripSamples: 10,
  stripFrom: 0.15,
  stripSpan: 0.7,
  stripInFrame: 5,
  /** An unseen side has bare table inside it where its strip's mean colour lies within this (RGB levels) of a seen side's outside. */
  bare: 24,
  /** The wider search for a pile's top card (RefineOptions.reach), and the support a lower line needs to be taken for the top card's side. */
  pileReach: 0.2,
  pileSupport: 0.5,
  /** A lower line is taken where it lies more than this (px) further in than the last one taken, and parallel to the side within this (sine of the angle). */
  pileInward: 1,
  pileParallel: 0.12,
  /** A top card whose corners all lie within this (px) of the rough quad's was not moved. */
  pileMoved: 1,
  /** Colours further apart than this (RGB levels) are unlike: what lies against a covered side is unlike what lies outside the others, and the paper. */
  coverFar: 40,
  /** A sample along a cover further than this (RGB levels) from any blend of the table and the paper is unexplained ... */
  coverBlend: 25,
  /** ... and along a cover at least this share of the samples are. */
  coverAlong: 0.8,
  /** A covered side's corners run on only where the sides they run along are from this to this share of the card's length across, and not both more than the last. */
  runOnLeast: 0.5,
  runOnMost: 1.1,
  runOnShort: 0.99,
  /** A row (or column) of cells is table where more than this share of it is. */
  mostly: 0.5,
  /** A hypothesis slid off the table is snapped with this reach (RefineOptions.reach), and kept where it is clear of open table (CARDS.clearOfTable). */
  slideReach: 0.1,
} as const;

/** What open table looks like round the lone cards, and how much of a face it covers (src/vision/detect/complete.ts, TableLook). */
export const TABLE_LOOK = {
  /** Samples along each side of each lone card, from this share of the side on, over this share of it. */
  samples: 6,
  sideFrom: 0.15,
  sideSpan: 0.7,
  /** The table is read this share of the card's short side outside each side, the paper this share inside. */
  outside: 0.12,
  inside: 0.06,
  /** Fewer paper samples than this tell nothing. */
  leastPaper: 10,
  /** About this many table samples are compared with each other: enough to tell the table by, few enough to compare quickly. */
  compared: 240,
  /** Colours nearer than this (RGB levels) to a table sample look like that table. */
  tableNear: 22,
  /** Colours nearer than this to the paper's are paper, whatever the table. */
  paperNear: 40,
  /** A sample is table where at least this share of the samples are like it: a cover against a few cards is a minority colour there. */
  most: 0.2,
  /** Fewer table samples than this, or than this share of those read, tell nothing. */
  leastTable: 8,
  tableShare: 0.3,
  /** About this many table samples are kept to judge faces by. */
  kept: 160,
  /** About this many lone cards are checked against the look. */
  checked: 12,
  /** The look is trusted where this quantile of the lone cards' faces is no more than this share open table. */
  quantile: 0.6,
  ownTable: 0.03,
  /** A face is judged on a grid of cells this many across and down, over the face less a margin of this share at either side (cells over this share). */
  cellsAcross: 7,
  cellsDown: 10,
  cellMargin: 0.08,
  cellSpan: 0.84,
} as const;

/** A Stacks special's yellow (src/vision/detect/complete.ts, isYellow): how far a pixel's blue lies below its red and green, in levels and as a share of them. */
export const YELLOW = {
  gap: 60,
  blue: 0.6,
} as const;
