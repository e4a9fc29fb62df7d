// Every named threshold of snapping outlines to the frame's edges and of the table plane, one
// object a stage, in data-flow order: the working surface, snapping, the plane, the scan, joints and
// borders, completion, open table and yellow. Shares are of a card unless said; px are frame pixels.

/** The frame at working scale: light level, edges, thin dark lines, white point (surface.ts). */
export const SURFACE = {
  /** The local light level varies slowly, so it is worked out at 1/this of the working scale. */
  levelScale: 4,
  /** The light level's image is at least this many pixels each way. */
  leastLevelSize: 8,
  /** The light level is the brightest within a window 1/this of its image's width (about a card). */
  levelWindow: 16,
  /** The light level's window is at least this many pixels. */
  leastWindow: 3,
  /** The least light level lightness is measured against (grey levels). */
  darkest: 30,
  /** The scan for cards looks at up to this many times the working scale, where thin joints survive. */
  fineScale: 2,
  /** Gaussian blur before Canny where EdgeOptions.blur names none (sigma, working px). */
  blur: 0.7,
  /** Hough votes a straight run takes. */
  straightVotes: 30,
  /** A straight run of edges this long (a share of the working width) is a cloth's line, not a card's side. */
  straightRun: 0.125,
  /** The longest gap a straight run may jump (working px): none across a card. */
  straightGap: 3,
  /** How far short of each end a straight run is taken out (working px). */
  straightShort: 3,
  /** How wide a straight run is taken out (working px). */
  straightWidth: 3,
  /** The longest loose end pruned (working px). */
  stub: 20,
  /** A loose end has at most this many neighbours (more are the side of a thick edge). */
  looseNeighbours: 3,
  /** Thin dark lines are looked for only in a part of the fine grey at least this many pixels each way. */
  leastDips: 8,
  /** Thin dark lines are the excess of a closing this many pixels wide (at half the fine scale) over the grey. */
  dipKernel: 3,
  /** The least lightness chroma is taken against (a share of the white point's). */
  chromaFloor: 0.05,
  /** Every this-many-th pixel is sampled for the white point's histogram. */
  whiteStride: 3,
  /** A pixel with a channel at this or above is clipped and left out of the white point. */
  clipped: 250,
  /** The white point: the brightest this share of the unclipped near-neutral pixels. */
  whiteShare: 0.02,
  /** A white point's channel where no pixel goes by. */
  noWhite: 240,
  /** A white point's least channel. */
  leastWhite: 30,
  /** Paper under any plausible light is near-neutral: its channels spread less than this share of the brightest. */
  neutral: 0.35,
} as const;

/** Snapping a rough outline's sides to the frame's edges (refine.ts, refineQuad). */
export const REFINE = {
  /** Samples a side. */
  samples: 14,
  /** The least fall a sample takes for an edge where neither caller nor image names one (grey levels). */
  minFall: 20,
  /** How far to search either side of the rough side, as a share of the card's short side. */
  reach: 0.12,
  /** The least search reach (px). */
  leastReach: 4,
  /** The search runs this share of the reach inside the rough side (the whole reach outside it). */
  inside: 0.7,
  /** The samples start this share along the side... */
  sideFrom: 0.12,
  /** ...and span this share of it. */
  sideSpan: 0.76,
  /** A side's line needs candidates at this share of its samples, else it keeps its rough line. */
  enough: 0.35,
  /** A side's line needs at least this many candidates. */
  leastEnough: 4,
  /** How many more lines a side is looked for with `alternatives` (RefinedQuad.others). */
  others: 2,
  /** Candidates within this of a line found are its own, peeled off before the next is looked for (px). */
  peel: 1.5,
  /** A corner where fitted lines cross further than this share of the short side from the rough one stays rough. */
  cornerMove: 0.5,
  /** Turns tried either way from the rough side's direction (degrees). */
  turn: 5,
  /** The step between turns tried (degrees). */
  turnStep: 1,
  /** Width of a bin of candidates' offsets (px): a line's candidates fall in two neighbouring bins. */
  tolerance: 1.0,
  /** A turn whose best window is more than this many candidates short of the best line so far is passed over. */
  slack: 1,
  /** A line's candidates' summed strength that counts as one candidate more (grey levels). */
  strengthPerCandidate: 1000,
  /** A line is refitted on every sample's candidate within this many tolerances of it. */
  refit: 1.5,
  /** At most this many of a refined quad's least supported sides are put back to the rough quad's (relaxQuad). */
  relaxed: 2,
} as const;

/** The table plane from lone cards (table.ts), as a camera sees it (camera.ts). */
export const PLANE = {
  /** Up to this many agreeing cards, a plane is uncertain enough to try it flat as well. */
  fewCards: 2,
  /** A quad on the table is card-shaped where its sides are off a card's by less than this share of its width. */
  cardShaped: 0.12,
  /** Planes whose agreeing cards' mean side errors lie within this of each other tie (mm). */
  tie: 0.5,
  /** Rounds of fitting each agreeing card's rectangle to the plane and refitting the plane to them all. */
  refits: 2,
  /** The usual focal length, in frame widths (a 66 degree horizontal field of view). */
  usualFocal: 0.77,
  /** How far a lens's focal length may lie from the usual one, as one standard deviation (natural log). */
  focalSpread: 0.25,
  /** The least focal length taken from a plane's perspective (frame widths); else the usual one. */
  leastFocal: 0.3,
  /** The greatest focal length taken from a plane's perspective (frame widths). */
  mostFocal: 3,
  /** How far a corner may lie off where the camera puts it, as one standard deviation (px). */
  cornerNoise: 1.5,
  /** A camera's plane must hold the corners within this many times a free homography's RMS error... */
  freeMargin: 1.3,
  /** ...plus this (px). */
  freeSlack: 0.5,
  /** With one card, which a free homography holds exactly, the camera's RMS error allowed (px). */
  oneCardSlack: 2.5,
  /** The camera's fit (Levenberg-Marquardt): at most this many iterations. */
  iterations: 20,
  /** Tries each iteration, at ever more damping. */
  attempts: 8,
  /** Damping at first. */
  damping: 1e-3,
  /** The least damping. */
  leastDamping: 1e-7,
  /** Damping is divided by this after a step that lowers the cost. */
  dampingDown: 3,
  /** Damping is multiplied by this after a step that does not. */
  dampingUp: 4,
  /** Added to the damped normal equations' diagonal, so that they always solve. */
  ridge: 1e-12,
  /** The fit stops once a step lowers the cost by less than this share of it. */
  converged: 1e-6,
  /** Numerical derivative step of the focal length's log. */
  focalStep: 1e-4,
  /** Numerical derivative step of a turn (radians). */
  turnStep: 1e-5,
  /** Numerical derivative step of the translation (a share of the camera's height). */
  shiftStep: 1e-3,
} as const;

/** The scan for card-sized rectangles on the table plane (scan.ts). */
export const SCAN = {
  /** Millimetres of table a view pixel. */
  mmPerPx: 2,
  /** A dip of d grey levels counts like a Sobel step of this many times d. */
  dipGain: 4,
  /** The least view size each way (px). */
  leastView: 8,
  /** The most pixels a view may have; larger, the angle is not scanned. */
  mostView: 1_500_000,
  /** A place scoring less than this (the mean edge strength of its three strongest sides) is no card. */
  leastScore: 30,
  /** Peaks are the best within 1/this of a card either way. */
  peak: 3,
  /** Peaks best only within 1/this of a card are minor (ScanHit.minor). */
  minorPeak: 4,
} as const;

/** A dark line across a scan hit: the joint between two touching cards (joint.ts, crossedByJoint). */
export const JOINT = {
  /** Columns across the face. */
  across: 16,
  /** The columns start this share across the face... */
  columnFrom: 0.1,
  /** ...and span this share of it. */
  columnSpan: 0.8,
  /** The fewest rows down the face (one a pixel). */
  leastRows: 20,
  /** The most rows down the face. */
  mostRows: 400,
  /** Rows either side a joint may wander across the face: the hit's sides may be a few degrees off it. */
  slant: 3,
  /** A column dips where darker than this share of the face before and after. */
  dip: 0.85,
  /** How far before and after a dip is compared, as a share of the rows. */
  gap: 0.04,
  /** How far before and after a dip is compared at least (rows). */
  leastGap: 3,
  /** A row with less than this share of the columns in the frame is no joint. */
  inFrame: 0.5,
  /** Rows looked at start this share down the face... */
  rowsFrom: 0.15,
  /** ...and end at this share. */
  rowsTo: 0.85,
  /** The share of the columns that must dip at one row for a joint. */
  share: 0.85,
} as const;

/** A card's own border just inside a side that ran on to a neighbour's (joint.ts, ownBorders). */
export const BORDER = {
  /** Sides shorter than this are left as they are (px). */
  leastSide: 20,
  /** How far inside a side a card's own border may lie (a share of the card across). */
  inside: 0.15,
  /** A border is looked for only where that reach is at least this (px). */
  leastInside: 6,
  /** Samples along a side for its median profile. */
  along: 16,
  /** The samples start this share along the side... */
  sideFrom: 0.15,
  /** ...and span this share of it. */
  sideSpan: 0.7,
  /** Offsets where the table just outside the line snapped to is read, the lightest kept (px, inwards positive). */
  tableAt: [-8, -7, -6],
  /** Offsets where the paper inside it is read, the lightest kept (px). */
  paperAt: [4, 5, 6, 7, 8],
  /** Grey levels within which paper, gap and neighbour count as alike. */
  like: 8,
  /** The line snapped to is the darkest within this of the side (px). */
  snapped: 3,
  /** A line's dip is how far it lies below the lightest grey within this on each side (px). */
  dipWidth: 3,
  /** Grey levels the neighbour's border dips at least: a crisp line (a blurred one says nothing either way). */
  crisp: 12,
  /** Grey levels a border dips below the paper either side of it at least (noise is a level or two)... */
  dip: 6,
  /** ...and at least this share of the outer line's dip. */
  dipShare: 0.4,
  /** A border is thin: paper lies this far either side of it (px). */
  thin: 3,
  /** The card's own border lies at least this far inside the line snapped to (px). */
  gap: 4,
  /** The card's paper lies this far inside its border (px). */
  paperIn: 5,
} as const;

/** Cards completed on the table plane from a clear corner, piles' top cards, covered sides (complete.ts). */
export const COMPLETE = {
  /** A side counts as seen, and its corners as trusted, from this support on. */
  trusted: 0.5,
  /** A corner's two sides on the table further than this from square make no corner (direction distance). */
  square: 0.5,
  /** The narrow reach each hypothesis is snapped with: it is already close wherever its sides are seen. */
  reach: 0.05,
  /** The support a hypothesis pays for its whole face lying on open table. */
  onTableCost: 6,
  /** The strips along a side lie this share of the card's short side outside or inside it. */
  strip: 0.08,
  /** Samples a strip. */
  stripSamples: 10,
  /** A strip's samples start this share along the side... */
  stripFrom: 0.15,
  /** ...and span this share of it. */
  stripSpan: 0.7,
  /** Fewer strip samples in the frame than this tell nothing. */
  stripInFrame: 5,
  /** An unseen side has bare table inside where its strip's colour is this near a seen side's outside (RGB). */
  bare: 24,
  /** The wider search for a pile's top card (RefineOptions.reach). */
  pileReach: 0.2,
  /** The support a lower line needs to be taken for the top card's side. */
  pileSupport: 0.5,
  /** A lower line is taken where it lies more than this further in than the last one taken (px)... */
  pileInward: 1,
  /** ...and parallel to the side within this (sine of the angle). */
  pileParallel: 0.12,
  /** A top card whose corners all lie within this of the rough quad's was not moved (px). */
  pileMoved: 1,
  /** Colours further apart than this are unlike (RGB levels): a cover is unlike the table and the paper. */
  coverFar: 40,
  /** A sample along a cover further than this from any blend of table and paper is unexplained (RGB levels)... */
  coverBlend: 25,
  /** ...and at least this share of the samples along a cover are. */
  coverAlong: 0.8,
  /** A covered side's corners run on only where the sides along are at least this share of the card across... */
  runOnLeast: 0.5,
  /** ...at most this share... */
  runOnMost: 1.1,
  /** ...and not both more than this share. */
  runOnShort: 0.99,
  /** A row (or column) of cells is table where more than this share of it is. */
  mostly: 0.5,
  /** A hypothesis slid off the table is snapped with this reach, and kept where clear of open table. */
  slideReach: 0.1,
} as const;

/** What open table looks like round the lone cards, and how much of a face it covers (complete.ts, TableLook). */
export const TABLE_LOOK = {
  /** Samples along each side of each lone card. */
  samples: 6,
  /** The samples start this share along the side... */
  sideFrom: 0.15,
  /** ...and span this share of it. */
  sideSpan: 0.7,
  /** The table is read this share of the card's short side outside each side. */
  outside: 0.12,
  /** The paper is read this share of the card's short side inside each side. */
  inside: 0.06,
  /** Fewer paper samples than this tell nothing. */
  leastPaper: 10,
  /** About this many table samples are compared with each other: enough to tell the table, few enough to be quick. */
  compared: 240,
  /** Colours nearer than this to a table sample look like that table (RGB levels). */
  tableNear: 22,
  /** Colours nearer than this to the paper's are paper, whatever the table (RGB levels). */
  paperNear: 40,
  /** A sample is table where at least this share of the samples are like it: a cover is a minority colour. */
  most: 0.2,
  /** Fewer table samples than this tell nothing. */
  leastTable: 8,
  /** Table samples fewer than this share of those read tell nothing. */
  tableShare: 0.3,
  /** About this many table samples are kept to judge faces by. */
  kept: 160,
  /** About this many lone cards are checked against the look. */
  checked: 12,
  /** The look is trusted where this quantile of the lone cards' faces... */
  quantile: 0.6,
  /** ...is no more than this share open table. */
  ownTable: 0.03,
  /** Cells across a face's grid. */
  cellsAcross: 7,
  /** Cells down a face's grid. */
  cellsDown: 10,
  /** The margin left out at either side of the face's grid (a share of the face). */
  cellMargin: 0.08,
  /** The share of the face the grid's cells span. */
  cellSpan: 0.84,
} as const;

/** A Stacks special's yellow (complete.ts, isYellow): its blue well below the lesser of red and green. */
export const YELLOW = {
  /** Grey levels the blue lies below the lesser of red and green at least. */
  gap: 60,
  /** The blue is below this share of the lesser of red and green. */
  blue: 0.6,
} as const;
