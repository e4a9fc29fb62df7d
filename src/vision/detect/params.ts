// Every named threshold of finding cards, one object a stage, in data-flow order: the looks at a
// frame, edges, sides, regions, lone cards, a quad's shape and face, cards by outline and by scan,
// the fit to the table, and the choice. Shares are of a card (its area, its side) unless said.
import type { EdgeOptions } from './surface.js';

/** The looks at a frame: which are taken, and which is kept (index.ts, look.ts). */
export const LOOKS = {
  /** Width of the working image (px). */
  workWidth: 640,
  /** The finer look's width, as a multiple of the working width. */
  finerScale: 1.5,
  /** The finer look is taken only where it is at least this multiple of the working width. */
  finerAtLeast: 1.3,
  /** Fewer lone cards than this give a weak plane or none, so other looks are tried... */
  few: 3,
  /** ...unless no region of paper that no card accounts for is this share of a card or more. */
  unexplained: 0.5,
  /** Sides' worth of edge support more a finer look with as many cards must find to be kept. */
  finerMargin: 0.5,
  /** Colour distance between two ideas of the paper's colour beyond which the other is tried. */
  otherPaper: 0.06,
  /** Sides' worth of edge support each card more must bring, on average, for a faint look to be kept. */
  sidesPerCard: 3,
  /** A look left outlines open where 1/this or more of its cards are partial finds of the scan alone. */
  openPart: 3,
  /** Where outlines were left open, a faint look is kept with this many cards more, whatever its lone cards. */
  closesOpen: 2,
  /** A region is snapped already where its centre lies within this of an earlier one's (working px)... */
  sameCentre: 1,
  /** ...and its area within this share of it. */
  sameArea: 0.04,
} as const;

/** Canny thresholds of the usual edges. */
export const EDGES: EdgeOptions = { cannyLow: 20, cannyHigh: 50 };
/** Faint edges: low Canny thresholds and a weak least fall (grey levels). */
export const FAINT: EdgeOptions = { cannyLow: 5, cannyHigh: 12.5, minFall: 8 };
/** The faint looks' edges: as they are, then on a blurred grey (for a grainy table). */
export const FAINT_EDGES: EdgeOptions[] = [FAINT, { ...FAINT, blur: 1.5 }];

/** How well a quad's side is held: its edge support (refine.ts), 0..1. */
export const SIDES = {
  /** A side is held from this support on. */
  held: 0.5,
  /** A side is held firmly (outlined cleanly) from this support on. */
  firm: 0.8,
} as const;

/** Regions proposed as cards: connected patches of a mask, their hulls and quads (regions.ts). */
export const REGIONS = {
  /** Pixels the paper mask is shrunk by, so a gap up to twice that in an outline does not join card and table. */
  paperErosion: 1,
  /** Pixels the Stacks specials' yellow mask is shrunk by, likewise. */
  yellowErosion: 1,
  /** Regions smaller than the working image's area over this are left out. */
  smallest: 2500,
  /** A region this many pixels or fewer from the working image's edge touches it. */
  border: 1,
  /** A hull whose four longest runs make no quad is simplified to within this share of its perimeter. */
  simplify: 0.04,
  /** A run of hull goes on while its direction turns less than this in all (radians)... */
  runTurn: 0.2,
  /** ...and its next step less than this off it (radians). */
  runStep: 0.35,
  /** Two runs make a corner where they meet within this share of the longer from the first one's end. */
  cornerReach: 0.4,
  /** A word's halves (wordHalves) have areas within this factor of each other. */
  halvesAlike: 2.5,
  /** A word's halves' centres lie at most this many times the larger hull's side (its area's root) apart. */
  halvesNear: 1.6,
  /** A word's halves' joint hull is at most this many times their hulls: room for the word and the erosion. */
  jointHull: 1.6,
  /** A word's halves fill at least this share of their joint hull. */
  halvesFill: 0.6,
  /** The halves' centres lie along the card's long axis: their line off it by this sine at most. */
  lined: 0.42,
  /** Green: the green channel above the others by this factor. */
  greener: 1.1,
  /** The word's band across a card's middle starts this share of the card in from its sides. */
  bandSides: 0.12,
  /** The word's band is this share of the card's length high. */
  bandHeight: 0.12,
  /** A word mixes ink and paper: the band's ink share is at least this... */
  bandInkFrom: 0.2,
  /** ...and at most this. */
  bandInkTo: 0.85,
  /** The band's paper share is at least this. */
  bandPaper: 0.1,
  /** A half is blank paper: its ink share is below this. */
  blankInk: 0.1,
} as const;

/** Regions of paper proposed as lone cards (lone.ts). */
export const LONE = {
  /** Short side over long side below which a lone card is narrow (seen steeply) and needs narrowSides. */
  narrow: 0.45,
  /** Short side over long side below which no view puts a card (about 65 degrees of tilt). */
  narrowest: 0.3,
  /** A lone card's region fills at least this share of its polygon. */
  fills: 0.8,
  /** A lone card's hull is at most this share of its polygon. */
  hullAtMost: 1.06,
  /** A lone card's short side over its long one is below this: a square is no card. */
  squarest: 0.98,
  /** Sides a lone card's outline is held on at least. */
  sides: 3,
  /** Sides a narrow lone card's outline is held on at least. */
  narrowSides: 4,
  /** Paper is near-neutral: chroma below this under the usual idea of its colour. */
  chroma: 0.16,
  /** Chroma below which paper is near-neutral under the loose idea of its colour (any tint of light). */
  looseChroma: 0.3,
  /**
   * Other ideas of the paper's colour are tried where the first finds fewer lone cards than this. In
   * TIC a lone card bears out the white paper; in Stacks a lone special's yellow may have set it, so
   * there as long as too few lone cards give a plane (LOOKS.few).
   */
  otherPapersBelow: { tic: 1, stacks: LOOKS.few },
  /** Card shapes the edges alone outline beyond the lone cards found, above which their paper is tried. */
  shapesOver: 1,
  /** Such shapes count only within this factor of the lone cards' median area, either way, where there are lone cards. */
  sizeWithin: 2,
  /** Their paper is kept where it finds at least this many lone cards more... */
  shapesGain: 2,
  /** ...and this many times as many: on checked cloth the tiles outline card shapes too. */
  shapesShare: 1.25,
  /** With few lone cards, the paper inside edge-outlined card shapes is kept where it finds more than this many. */
  outlinePaperOver: 1,
  /** One clean lone card alone sets the paper where its channels' mean is at least this (grey levels). */
  lightPaper: 128,
} as const;

/** A quad's shape, on the table and in the picture (shape.ts). */
export const SHAPE = {
  /** A quad lies over another where 1/this or more of its inset grid's points lie inside it. */
  overlapPart: 3,
  /** Card-shaped on the table: each side within this share of the card's. */
  sideWithin: 0.15,
  /** Card-shaped on the table: each corner square to within this cosine (about 10 degrees). */
  squareCos: 0.17,
  /** A side lies on the frame's edge where both its ends are within this of it, or past it (px). */
  frameEdge: 2,
  /** A faint side is looked for again this far out and in (a share of the card). */
  faintReach: 0.3,
  /** The least fall a faint side's edge takes (grey levels). */
  faintFall: 10,
  /** A faint side looked for again is found where held at least this well. */
  faintHeld: 0.7,
} as const;

/** What a face inside an outline looks like (face.ts). */
export const FACE = {
  /** The paper cut (paperCut) is Otsu's over near-neutral pixels' lightness, in steps of 1/this. */
  cutSteps: 50,
  /** Histogram bins of the paper cut; the lightest pixels are counted in the last. */
  cutBins: 64,
  /** The cut where no pixel is near-neutral, or Otsu's finds none. */
  cutNone: 0.8,
  /** The least cut: on a dark table, shadowed paper still counts. */
  cutLow: 0.55,
  /** The greatest cut. */
  cutHigh: 0.85,
  /** A special's yellow, whatever the tint: green above this share of red... */
  yellowGreen: 0.7,
  /** ...blue below this share of green... */
  yellowBlue: 0.6,
  /** ...and lighter than this (relative lightness). */
  yellowLight: 0.55,
  /** A face's sample grid: this many across. */
  across: 16,
  /** A face's sample grid: this many down. */
  down: 22,
  /** A face's sample grid is inset this share of the card from its sides. */
  inset: 0.06,
  /** The face's middle, where every face shows ink: further than this share of the card from each side. */
  coreMargin: 0.15,
  /** The paper's level: the grey this share of a face's samples lie below (above the ink, below glare). */
  paperRank: 0.65,
  /** The paper's level is never darker than this (grey levels). */
  darkestLevel: 20,
  /** A paper sample is near-neutral: chroma below this. */
  paperChroma: 0.2,
  /** A paper sample is lighter than this share of the paper's level. */
  paperLight: 0.82,
  /** A sample lighter than the paper's level by this factor is paper too (glare on the paper). */
  onPaperGlare: 1.1,
  /** A sample is ink when its chroma is above this... */
  inkChroma: 0.3,
  /** ...or it is darker than this share of the paper's level. */
  inkDark: 0.65,
  /** A face holds at least this many ink samples in its middle. */
  inkCore: 1,
  /** A face's least ink share. */
  ink: 0.015,
  /** A Stacks face's least ink share: a special's name in small black capitals is little ink. */
  stacksInk: 0.005,
  /** A face's least paper share. */
  paper: 0.45,
  /** The least paper share of a face seen only in part. */
  partialPaper: 0.25,
  /** Grey levels from which a pixel is washed out by a glare spot. */
  glare: 235,
  /** A face with this share of its samples washed out by glare may show no ink at all. */
  blinded: 0.35,
  /** Relative lightness below which nothing is paper: a card's navy back is about 0.2 yet near-neutral. */
  neverPaper: 0.4,
  /** A step from paper to a dark table (grey levels): far more than ink's blur or a faint side's. */
  strongFall: 60,
  /** Sides a card on a far darker table falls to it strongly on at least (the fourth may join a neighbour). */
  strongFallSides: 3,
  /** Paper in one piece (paperInOnePiece) is judged on a grid this many across... */
  piecesAcross: 14,
  /** ...this many down... */
  piecesDown: 19,
  /** ...inset this share, close to the sides, where the margin joins the paper round a word across the card. */
  piecesInset: 0.035,
  /** A word across a Stacks card parts its paper into a piece above this share of its length... */
  wordAbove: 0.45,
  /** ...and one below this. */
  wordBelow: 0.55,
  /** Paper along a card's sides (paperRims): samples along each side. */
  rimSamples: 12,
  /** Share of a side left out at each end of its rim samples. */
  rimEnds: 0.1,
  /** Share of the way towards the card's centre the rim samples are pulled in. */
  rimInset: 0.12,
  /** A side whose samples turn from paper to not and back this many times is a pattern, not a card. */
  rimFlips: 3,
  /** A side is clean paper where at least this share of its samples is paper. */
  rimPaper: 0.5,
  /** A card's rims: at most this many sides a pattern... */
  rimsMixed: 1,
  /** ...and at least this many sides clean paper. */
  rimsClean: 2,
  /** The paper's colour (paperColour) is sampled on a grid this many across each card... */
  colourAcross: 8,
  /** ...this many down... */
  colourDown: 11,
  /** ...inset this share. */
  colourInset: 0.08,
  /** Fewer paper colour samples than this tell nothing. */
  colourSamples: 10,
  /** The paper's colour is never darker than this in any channel. */
  darkestPaper: 30,
  /** The table's colour (tableColour) is sampled on a grid this many across the frame... */
  tableAcross: 40,
  /** ...and this many down. */
  tableDown: 24,
  /** Fewer table samples off the cards than this tell nothing. */
  tableSamples: 20,
} as const;

/** Cards by their own outlines: lone cards, and the other regions of paper (outlines.ts). */
export const OUTLINES = {
  /** A lone card's area on the table (in cards) is above this... */
  loneArea: 0.7,
  /** ...and below this; larger, it is more than one card laid edge to edge. */
  tooLarge: 1.4,
  /** A completion bears a card out where its score (sides' worth of edge support) is at least this. */
  completedScore: 2.5,
  /** A region whose hull is less than this share of a card is no part of one. */
  partFrom: 0.2,
  /** A region's hull below this share of a card is part of one (the rest hidden); above, a card with a notch... */
  part: 0.7,
  /** ...up to this share; larger, more than one card. */
  oneCard: 1.35,
  /** A region's polygon is grown this many working pixels before it is snapped. */
  grow: 2,
  /** A snapped card with a notch is at least this share of a card... */
  snappedFrom: 0.75,
  /** ...and at most this. */
  snappedTo: 1.33,
  /** A region filling less than this share of its hull is a card seen only in part. */
  wholeFill: 0.85,
} as const;

/** Outlines and scan hits kept as cards (outlines.ts, scan-hits.ts). */
export const CARDS = {
  /** A side further than this share from a card's is not a whole card's outline. */
  offSize: 0.06,
  /** A card whose face is this share open table was put in the wrong place. */
  slideFrom: 0.2,
  /** Paper in pieces is never a card's where its largest piece holds less than this share of it. */
  partedPiece: 0.5,
  /** A quad is clear of open table where less than this share of it is open table. */
  clearOfTable: 0.1,
  /** A Stacks scan hit whose face is more than this share open table is no card, whatever its score. */
  onOpenTable: 0.3,
  /** Lone cards' median side contrast below this (grey levels) tells a table nearly the paper's lightness. */
  faintTable: 25,
} as const;

/** Scan hits judged as cards (scan-hits.ts). */
export const SCAN_HITS = {
  /** How far from the table's origin the scan spans (mm): points past the plane's horizon map to nonsense. */
  horizon: 3000,
  /** Regions of paper under this share of a card's area on the table widen the scan's box only near the rest. */
  boxRegion: 0.2,
  /** A hit is a card's size on the table from this share of a card's area... */
  acceptFrom: 0.6,
  /** ...to this. */
  acceptTo: 1.4,
  /** A minor peak whose weakest side is below this share of its score has no outline all round. */
  minorWeakest: 0.5,
  /** A snap held on fewer sides than this has its sides looked for further off (and as faint edges). */
  fewSides: 3,
  /** How far the wider search looks (a share of the card). */
  wideReach: 0.3,
  /** Paper in one piece: its largest piece (paperInOnePiece) is at least this share of it. */
  onePiece: 0.85,
  /** The scan's cards held all round this well set the plane again, where they outnumber the lone cards. */
  refitHeld: 0.7,
} as const;

/** Each candidate fitted to the table (fit.ts). */
export const FIT = {
  /** Sides a Stacks card snapped on yellowness must be held on at least. */
  yellowSides: 3,
  /** A card off a card's size is snapped again this near (a share of the card) before it is completed... */
  nearReach: 0.05,
  /** ...and the completion kept where its score is short of the card's summed support by this at most. */
  completedBelow: 0.5,
} as const;

/** The choice among candidates (select.ts). */
export const SELECT = {
  /** Sides a candidate must be held on to count. */
  sides: 3,
  /** Sides a candidate seen only in part must be held on to count. */
  partialSides: 2,
} as const;

/** The coverage of a scan's candidate (it has no region of its own). */
export const SCANNED = 0.5;
