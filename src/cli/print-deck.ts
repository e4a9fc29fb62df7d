// `seqref print-deck`: a print-and-play deck for players without one (src/deck/print.ts).
import { CARDS_PER_SHEET, deckPdf, PAPERS, printedCards, type Paper, type PrintGame } from '../deck/print.js';
import { STANDARD_DECK } from '../deck/profile.js';
import { InputError } from '../errors.js';
import { parseOptions, writeOutput } from './options.js';

export const PRINT_DECK_USAGE = `Usage: seqref print-deck --game tic|sequence-stacks [--paper a4|letter] --out FILE.pdf

Writes a deck to print and cut out: nine cards a sheet at their real size (${STANDARD_DECK.widthMm} x ${STANDARD_DECK.heightMm} mm) with crop
marks, each sheet followed by a page of backs. Print at 100% ("actual size", never "fit to page"),
double-sided, flipping on the long edge; cut along the crop marks. The TIC deck (125 cards) serves
Progression, Sequence Shift and Sequence Hunt; sequence-stacks prints its 120 cards.
  --game    tic (progression, sequence-shift and sequence-hunt name it too) or sequence-stacks
  --paper   a4 (default) or letter
Both decks on A4 come with seqref in print-and-play/.`;

const GAMES: Readonly<Record<string, PrintGame>> = {
  tic: 'tic',
  progression: 'tic',
  'sequence-shift': 'tic',
  'sequence-hunt': 'tic',
  'sequence-stacks': 'sequence-stacks',
};

export function runPrintDeck(args: readonly string[]): number {
  const { values } = parseOptions('print-deck', args, new Set(['--game', '--paper', '--out']), new Set());
  const gameName = values.get('--game');
  const out = values.get('--out');
  if (gameName === undefined || out === undefined) throw new InputError('print-deck: --game and --out are required; see seqref print-deck --help');
  const game = GAMES[gameName];
  if (game === undefined) throw new InputError(`print-deck: unknown --game "${gameName}"; use tic or sequence-stacks`);
  const paper = values.get('--paper') ?? 'a4';
  if (!(paper in PAPERS)) throw new InputError(`print-deck: unknown --paper "${paper}"; use a4 or letter`);
  const pdf = deckPdf(game, paper as Paper);
  writeOutput('print-deck', out, pdf);
  const cards = printedCards(game).length;
  const sheets = Math.ceil(cards / CARDS_PER_SHEET);
  console.log(`wrote ${out}: ${cards} cards on ${sheets} sheets of ${PAPERS[paper as Paper].label} (${2 * sheets} pages, faces then backs); print at 100%, double-sided, flip on the long edge`);
  return 0;
}
