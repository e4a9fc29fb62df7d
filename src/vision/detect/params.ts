// Every named threshold of finding cards, one object a stage, in the order data flows: the looks
// taken at a frame (LOOKS), their edges (EDGES, FAINT) and how well those hold a side (SIDES), the
// regions of a mask (REGIONS) proposed as lone cards (LONE), a quad's shape (SHAPE) and face (FACE),
// the cards kept by their outlines (OUTLINES, CARDS) and by the scan (CARDS, SCAN_HITS), each
// fitted to the table (FIT), then one per card (SELECT). Shares are of a card (its area, its side)
// unless said.
import type { EdgeOptions } from './surface.js';

/** The looks at a frame (src/vision/detect/index.ts, look.ts): which are taken, and which is kept. */
export const LOOKS = {
  /** Width of the working image. */
  workWidth: 640,
  /** The finer look's width, a multiple of the working one; taken only where it is this much finer at least. */
  finerScale: 1.5,
  finerAtLeast: 1.3,
  /** Fewer lone cards than this give a weak plane, or none: other ways to find them are tried. */
  few: 3,
  /** How many sides' worth of edge support more the flat plane's try must find to be kept. */
  flatMargin: 2,
  /** How many sides' worth of edge support more a finer look finding as many cards must find to be kept. */
  finerMargin: 0.5,
  /** How far apart (colourDistance) two ideas of the paper's colour must be for the other to be tried. */
  otherPaper: 0.06,
  /** How many sides' worth of edge support each card a look with the lone cards' own paper adds must bring, on average. */
  paperLookSides: 3,
  /** A look's outlines were left open where one in this many of its cards (a third) or more are placed by the scan alone, partly. */
  openPart: 3,
  /** Where the outlines were left open, a faint look is kept with this many cards more at least, whatever its lone cards. */
  closesOpen: 2,
  /** A region's outline is the one snapped already where its centre is less than this many working pixels off... */
  sameCentre: 1,
  /** ...and its area less than this share of it. */
  sameArea: 0.04,
  /** Regions of paper this share of the cards' median size (pixels) or more, in no card found, call for the flat plane's try (the plane may be the thing that is off). */
  loosePart: 0.25,
} as const;

/** The usual edges, and faint ones: low thresholds and weak falls, then the same on a blurred grey. */
export const EDGES: EdgeOptions = { cannyLow: 20, cannyHigh: 50 };
export const FAINT: EdgeOptions = { cannyLow: 5, cannyHigh: 12.5, minFall: 8 };
export const FAINT_EDGES: EdgeOptions[] = [FAINT, { ...FAINT, blur: 1.5 }];

/** How well a quad's side is held: its edge support (src/vision/detect/refine.ts), 0..1. */
export const SIDES = {
  /** A side is held when its edge support is at least this. */
  held: 0.5,
  /** ...and held firmly (outlined cleanly) when at least this. */
  firm: 0.8,
} as const;

/** Regions proposed as cards: connected patches of a mask, their hulls and quads (src/vision/detect/regions.ts). */
export const REGIONS = {
  /** The paper mask is shrunk by this many pixels before parted into regions: a gap of up to twice that in a card's outline no longer joins the card to the table. */
  paperErosion: 1,
  /** The same for the Stacks specials' yellow faces alone. */
  yellowErosion: 1,
  /** Regions smaller than the working image's area over this are left out. */
  smallest: 2500,
  /** A region this many pixels or fewer from the working image's edge touches it. */
  border: 1,
  /** A hull whose four longest runs make no quad is simplified to within this share of its perimeter. */
  simplify: 0.04,
  /** A run of hull goes on while its direction turns less than this (radians) in all... */
  runTurn: 0.2,
  /** ...and its next step less than this off it. */
  runStep: 0.35,
  /** Two runs make a corner where they meet within this share of the longer from the first one's end. */
  cornerReach: 0.4,
  /** A word's halves (wordHalves): their areas within this factor of each other... */
  halvesAlike: 2.5,
  /** ...their centres apart by this many times the larger hull's side (its area's root) at most... */
  halvesNear: 1.6,
  /**
   * ...their joint hull this many times their hulls at most: the band between them is a word's
   * height, and the erosion a pixel off each half all round (on a small card far off, as much as
   * 0.6 of the halves' hulls)...
   */
  jointHull: 1.6,
  /** ...and they fill this share of it at least. */
  halvesFill: 0.6,
  /** The halves' centres lie along the card's long axis: their line off it by this sine at most. */
  lined: 0.42,
  /** Green: the green channel above the others by this factor. */
  greener: 1.1,
  /** The band across a card's middle where a word is: this share of the card in from its sides, and this share of its length high. */
  bandSides: 0.12,
  bandHeight: 0.12,
  /** A word is ink and paper mixed: the band's ink share between these, its paper share at least bandPaper. */
  bandInkFrom: 0.2,
  bandInkTo: 0.85,
  bandPaper: 0.1,
  /** A half is blank paper: its ink share less than this. */
  blankInk: 0.1,
} as const;

/** Regions of paper proposed as lone cards (src/vision/detect/lone.ts). */
export const LONE = {
  /** A lone card's short side over its long one, seen from the side at a steep tilt, goes below this. */
  narrow: 0.45,
  /** Below this even a steep view does not put a card (63 x 88 mm foreshortened to this: about 65 degrees). */
  narrowest: 0.3,
  /** A lone card's region fills this share of its polygon at least, and its hull hullAtMost of it at most. */
  fills: 0.8,
  hullAtMost: 1.06,
  /** A lone card's short side over its long one is below this: a square is no card. */
  squarest: 0.98,
  /** A lone card's outline is held on this many sides at least (a narrow one on narrowSides). */
  sides: 3,
  narrowSides: 4,
  /** Paper is near-neutral: chroma below this under the usual idea of its colour, and under the loose one. */
  chroma: 0.16,
  looseChroma: 0.3,
  /**
   * More card shapes the edges alone outline than lone cards found, by more than this: the paper
   * taken may be a glare spot's white. Their paper is kept where it finds shapesGain lone cards more
   * at least, and shapesShare as many (on checked cloth the tiles outline card shapes too, and their
   * paper finds a tile or so more).
   */
  shapesOver: 1,
  shapesGain: 2,
  shapesShare: 1.25,
  /** Where few lone cards are found, the paper inside card shapes the edges alone outline is kept where it finds more than this many (on a nearly empty table one card-shaped patch of it must not set the paper). */
  outlinePaperOver: 1,
  /** One lone card alone, outlined cleanly, sets the paper where it is light: its channels' mean this at least. */
  lightPaper: 128,
} as const;

/** A quad's shape, on the table and in the picture (src/vision/detect/shape.ts). */
export const SHAPE = {
  /** A quad lies over another where one in this many of its inset grid's points (a third) or more lie inside it. */
  overlapPart: 3,
  /** Card-shaped on the table: each side within this share of the card's... */
  sideWithin: 0.15,
  /** ...and each corner square to within this cosine (about 10 degrees). */
  squareCos: 0.17,
  /** A side lies on the frame's edge where both its ends are this many pixels from it at most, or past it. */
  frameEdge: 2,
  /** A faint side looked for again: this far out and in (a share of the card), for a fall of this many grey levels at least... */
  faintReach: 0.3,
  faintFall: 10,
  /** ...found where that side is held this well at least. */
  faintHeld: 0.7,
} as const;

/** What a face inside an outline looks like (src/vision/detect/face.ts). */
export const FACE = {
  /**
   * The relative lightness parting paper from the table (paperCut): Otsu's cut over near-neutral
   * pixels, in steps of 1/cutSteps, over cutBins steps (the lightest counted in the last).
   */
  cutSteps: 50,
  cutBins: 64,
  /** The cut where no pixel is near-neutral, or Otsu's finds none. */
  cutNone: 0.8,
  /** The cut is kept between these: on a dark table shadowed paper still counts. */
  cutLow: 0.55,
  cutHigh: 0.85,
  /** A Stacks special's yellow face, whatever the tint: green above this share of red, blue below this share of green... */
  yellowGreen: 0.7,
  yellowBlue: 0.6,
  /** ...and lighter (relative lightness) than this. */
  yellowLight: 0.55,
  /** A face's samples: a grid this many across and down, inset this share of the card from its sides. */
  across: 16,
  down: 22,
  inset: 0.06,
  /** The face's middle, where every face shows ink: further than this share of the card from each side. */
  coreMargin: 0.15,
  /** The paper's level among a face's samples: the grey this share of them lie below (well above the ink, below any glare spot)... */
  paperRank: 0.65,
  /** ...and never darker than this grey level. */
  darkestLevel: 20,
  /** A sample is paper when near-neutral (chroma below this) and nearly as light as the paper's level (above this share of it)... */
  paperChroma: 0.2,
  paperLight: 0.82,
  /** ...or lighter than the paper's level by this factor (glare on the paper). */
  onPaperGlare: 1.1,
  /** A sample is ink when of strong colour (chroma above this) or a dark mark (below this share of the paper's level). */
  inkChroma: 0.3,
  inkDark: 0.65,
  /** A face holds this many ink samples in its middle at least... */
  inkCore: 1,
  /** ...and this share of ink (Stacks: stacksInk, a special saying its name in small black capitals: little ink)... */
  ink: 0.015,
  stacksInk: 0.005,
  /** ...and this share of paper (seen only in part: partialPaper). */
  paper: 0.45,
  partialPaper: 0.25,
  /** Grey levels from which a pixel is washed out by a glare spot. */
  glare: 235,
  /** A face with this share of its samples washed out by glare may be judged beside the spot. */
  glared: 0.1,
  /** A face with this share of its samples washed out by glare may show no ink at all. */
  blinded: 0.35,
  /** How far off a card's size (sideError) an outline held firmly all round may be and still be a washed-out card. */
  blindedSize: 0.15,
  /**
   * Paper is never this dark against the light around it, in shade or not (a card's back is: its
   * navy about 0.2); near-neutral and as light as the rest of a quad, a back's pixels are not paper.
   */
  neverPaper: 0.4,
  /** A step from paper to a dark table (grey levels): far more than ink's blur or a faint side's. */
  strongFall: 60,
  /** A card on a far darker table falls to it strongly on this many sides at least (the fourth may be the joint to a neighbour). */
  strongFallSides: 3,
  /**
   * The samples paper in one piece is judged on (paperInOnePiece): a grid this many across and
   * down, close to the sides (inset this share), where the margin joins the paper round a word
   * across the card (WILD, a Stacks special's name).
   */
  piecesAcross: 14,
  piecesDown: 19,
  piecesInset: 0.035,
  /** A word across a Stacks card's middle parts its paper into two pieces, one above this (a share of the card's length down it) and one below wordBelow. */
  wordAbove: 0.45,
  wordBelow: 0.55,
  /**
   * Paper along a card's sides (paperRims): this many samples along each side, its ends (this share
   * of it at each) left out, pulled in towards the card's centre by rimInset of the way.
   */
  rimSamples: 12,
  rimEnds: 0.1,
  rimInset: 0.12,
  /** A side whose samples turn from paper to not and back this many times is a pattern, not a card. */
  rimFlips: 3,
  /** A side is clean paper where this share of its samples is paper at least. */
  rimPaper: 0.5,
  /** A card's rims: at most this many sides a pattern, and at least rimsClean sides clean paper. */
  rimsMixed: 1,
  rimsClean: 2,
  /** The paper's colour (paperColour): a grid this many across and down each card, inset this share... */
  colourAcross: 8,
  colourDown: 11,
  colourInset: 0.08,
  /** ...and fewer samples than this tell nothing. */
  colourSamples: 10,
  /** The paper's colour is never darker than this in any channel. */
  darkestPaper: 30,
  /** The table's colour (tableColour): a grid this many across and down the frame... */
  tableAcross: 40,
  tableDown: 24,
  /** ...and fewer samples off the cards than this tell nothing. */
  tableSamples: 20,
} as const;

/** Cards by their own outlines: lone cards, and the other regions of paper (src/vision/detect/outlines.ts). */
export const OUTLINES = {
  /** A lone card's area on the table (in cards) is a card's above this... */
  loneArea: 0.7,
  /** ...and below this; larger, it is more than one card (cards laid edge to edge with no joint to see). */
  tooLarge: 1.4,
  /** A clean lone outline cut short by a cover is this share of a card at least. */
  shortFrom: 0.4,
  /** A completion bears a card out where its score (sides' worth of edge support) is this at least. */
  completedScore: 2.5,
  /** A lone card completed under a cover runs over less than this share of open table. */
  underCoverOpen: 0.05,
  /** A region whose hull is less than this share of a card is no part of one. */
  partFrom: 0.2,
  /** A region's hull less than this share of a card is part of one (the rest under a sleeve, a hand, the frame's edge); more, a card with a notch... */
  part: 0.7,
  /** ...up to this share; larger, more than one card. */
  oneCard: 1.35,
  /** A region's polygon is grown this many working pixels before it is snapped. */
  grow: 2,
  /** A card with a notch, snapped to its edges, is between these shares of a card. */
  snappedFrom: 0.75,
  snappedTo: 1.33,
  /** A region filling less than this share of its hull is a card seen only in part. */
  wholeFill: 0.85,
  /** For the debug pictures: regions this share of a card or more that no card found accounts for. */
  unexplained: 0.25,
} as const;

/** Outlines and scan hits kept as cards (src/vision/detect/outlines.ts, scan-hits.ts). */
export const CARDS = {
  /** A side further than this share from a card's is not a whole card's outline. */
  offSize: 0.06,
  /** How far off a card's size the plane from a few lone cards may put a card far from them. */
  farOffSize: 0.1,
  /** A clean outline smaller than this share of a card on the table is a card cut short. */
  short: 0.9,
  /** A card whose face is this much open table was put in the wrong place. */
  slideFrom: 0.2,
  /**
   * A scan hit's paper in pieces (checked cloth's light squares) is no card, unless its largest piece
   * holds this share of it and nothing in it looks like open table: fingers over a card part its
   * paper too. Tentative (Detection.tentative): a hand on a table the colour of paper looks so too.
   */
  partedPiece: 0.5,
  /** A card put on part of the table (a parted piece, or one slid off the table: complete.ts) holds less than this share of open table. */
  clearOfTable: 0.1,
  /** A Stacks scan hit whose face is more than this share open table is no card. */
  onOpenTable: 0.3,
  /** Lone cards' sides falling this little to the table (their median contrast) tell a table nearly the paper's lightness. */
  faintTable: 25,
} as const;

/** Scan hits judged as cards (src/vision/detect/scan-hits.ts). */
export const SCAN_HITS = {
  /** The scan spans the paper's regions only within this many mm of the table's origin (a few metres): past the plane's horizon points map to nonsense. */
  horizon: 3000,
  /** A hit is at a card's size on the table between these shares of a card's area. */
  acceptFrom: 0.6,
  acceptTo: 1.4,
  /** A minor peak whose weakest side is less than this share of its score (its other sides' mean) has no outline all round. */
  minorWeakest: 0.5,
  /** A hit with this share of it or more over cards found, two of them at least, is a cut across the gap between them. */
  overCards: 0.5,
  /** A snap held on fewer sides than this finds too little: the sides are looked for further off (and as faint edges). */
  fewSides: 3,
  /** How far the wider search looks (a share of the card). */
  wideReach: 0.3,
  /** A hit held all round this well may be off the plane's size by CARDS.farOffSize. */
  farHeld: 0.7,
  /** A face outlined all round is a card's with this many ink samples in its middle... */
  outlinedInkCore: 2,
  /** ...and this share of ink (as is one judged beside a glare spot). */
  littleInk: 0.005,
  /** A card beside a glare spot falls strongly to the table on this many sides at least (or it is held firmly, or its ink left is enough). */
  glaredFalls: 2,
  /** Paper in one piece: its largest piece (paperInOnePiece) this share of it at least. */
  onePiece: 0.85,
  /** A face with less paper than this must show paper along its sides (paperRims). */
  rimsBelow: 0.4,
  /** The scan's cards held all round this well set the plane again, where they are more than the lone cards. */
  refitHeld: 0.7,
} as const;

/** Each candidate fitted to the table (src/vision/detect/fit.ts). */
export const FIT = {
  /** A Stacks card whose sides only its yellowness shows is snapped there where held on this many sides at least. */
  yellowSides: 3,
  /** A card off a card's size is snapped again this near (a share of the card) before it is completed... */
  nearReach: 0.05,
  /** ...and the completion kept where its score is short of the card's summed support by this at most. */
  completedBelow: 0.5,
} as const;

/** The choice among candidates (src/vision/detect/select.ts). */
export const SELECT = {
  /** A candidate counts where held on this many sides at least (seen only in part: partialSides). */
  sides: 3,
  partialSides: 2,
} as const;

/** Candidates from the scan carry this coverage (they have no region of their own). */
export const SCANNED = 0.5;
