#!/usr/bin/env node
// The `seqref` command: one subcommand a file under src/cli.
import { InputError, oneLine } from '../errors.js';
import { BOARD_USAGE, runBoard } from './board.js';
import { BOARD_SIM_USAGE, runBoardSim } from './board-sim.js';
import { checkCase, readCaseText } from './check/check.js';
import { runExamples } from './examples.js';

const USAGE = `seqref - a referee for TIC card games and Sequence that sees

Usage:
  seqref check FILE|-        judge one situation given as a JSON case (contracts section 2)
  seqref examples [DIR]      judge every bundled example case and print the verdicts
  seqref render --game G --out DIR   photograph tables with their truth (fixtures, contracts section 3)
  seqref simulate --game G   play seeded random games through the rules engines (records as JSON lines)
  seqref eval DIR [--json OUT]   recognise every fixture frame below DIR and score it (contracts section 3);
                             --profile FILE: calibrated; --compare-calibration: with and without, side by side
  seqref verify IMAGE --game G   recognise one photo, judge the table and write an annotated picture
                             (--profile FILE: on the calibrated table)
  seqref calibrate --image FILE   the table's plane and light from the corner markers (calibration/)
  seqref train               train the card reader from rendered photographs (npm run train)
  seqref print-deck --game tic|sequence-stacks --out FILE.pdf   a deck to print and cut out
  seqref enrol P1 P2 P3 P4 P5 --out DECK.json   learn your own printing of the TIC deck (contracts section 6)
  seqref board --port PATH   read an electronic Sequence board (contracts section 5)
  seqref board-sim --link PATH   play a Sequence board on a pseudo-terminal, for people without one
  seqref serve               the live referee: dashboard, organiser view and camera page (:3000);
                             --profile FILE: a calibrated camera, recalibrated when it is bumped
  seqref --help              this text; "seqref COMMAND --help" for one command

Exit status: 0 when judged (legal or not), 2 on input seqref cannot read.`;

const CHECK_USAGE = `Usage: seqref check FILE|-

Reads one JSON case from FILE (or standard input for "-") and prints one JSON object:
  { "legal": true|false, "points": number|null, "violations": [ { "rule", "message", "cards" } ], ... }

Case kinds ("game" / "kind"):
  progression / play           placement legality and the points the play scores
  sequence-shift / table       table legality
  sequence-shift / turn        turn legality (opened, variant: standard | simple | open-table)
  sequence-hunt / claim        one Mono/Duo/Tripo claim and its For Points value
  sequence-hunt / spot         every set on the face-up grid: "counts" and "sets" (up to "limit")
  sequence-stacks / table      piles, discards, chips and hands a game could hold; "winner"
  sequence-stacks / turn       one player's turn as a list of actions; "winner", "next", "after"
  sequence / board             the board alone: "sequences", "winner", "counts", "next"; unreachable states
  sequence / move              one card played by one team on a board (teams, board, team, card, row, col)
  sequence / series            boards one per turn: each move inferred ("moves") and checked; "winner"

Exits 0 whenever the case was judged, 2 with one line on standard error when it cannot be read.`;

const EXAMPLES_USAGE = `Usage: seqref examples [DIR]

Judges every *.json case in DIR (default: the bundled examples/cases) and prints one line each.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  const wantsHelp = rest.includes('--help') || rest.includes('-h');
  switch (command) {
    case 'check': {
      if (wantsHelp) return printed(CHECK_USAGE);
      if (rest.length !== 1) throw new InputError('check takes exactly one FILE (or - for standard input); see seqref check --help');
      const source = rest[0]!;
      const result = checkCase(readCaseText(source), source === '-' ? 'standard input' : source);
      process.stdout.write(`${JSON.stringify(result)}\n`);
      return 0;
    }
    case 'examples':
      if (wantsHelp) return printed(EXAMPLES_USAGE);
      return runExamples(rest[0]);
    case 'simulate': {
      const { SIMULATE_USAGE, runSimulate } = await import('./simulate.js');
      if (wantsHelp) return printed(SIMULATE_USAGE);
      return runSimulate(rest);
    }
    case 'board':
      if (wantsHelp) return printed(BOARD_USAGE);
      return runBoard(rest);
    case 'board-sim':
      if (wantsHelp) return printed(BOARD_SIM_USAGE);
      return runBoardSim(rest);
    case 'serve': {
      // Loaded on demand: the server, SQLite and the image libraries are heavy for the other commands.
      const { SERVE_USAGE, runServe } = await import('./serve.js');
      if (wantsHelp) return printed(SERVE_USAGE);
      return runServe(rest);
    }
    case 'render': {
      // Loaded on demand: the canvas and image libraries are heavy for the other commands.
      const { RENDER_USAGE, runRender } = await import('./render.js');
      if (wantsHelp) return printed(RENDER_USAGE);
      return runRender(rest);
    }
    case 'eval': {
      // Loaded on demand: OpenCV, TF.js and the image libraries are heavy for the other commands.
      const { EVAL_USAGE, runEval } = await import('./eval.js');
      if (wantsHelp) return printed(EVAL_USAGE);
      return runEval(rest);
    }
    case 'verify': {
      const { VERIFY_USAGE, runVerify } = await import('./verify.js');
      if (wantsHelp) return printed(VERIFY_USAGE);
      return runVerify(rest);
    }
    case 'calibrate': {
      // Loaded on demand: OpenCV and the image libraries are heavy for the other commands.
      const { CALIBRATE_USAGE, runCalibrate } = await import('./calibrate.js');
      if (wantsHelp) return printed(CALIBRATE_USAGE);
      return runCalibrate(rest);
    }
    case 'train': {
      // Loaded on demand: TF.js and the renderer are heavy for the other commands.
      const { TRAIN_USAGE, runTrain } = await import('./train.js');
      if (wantsHelp) return printed(TRAIN_USAGE);
      return runTrain(rest);
    }
    case 'enrol': {
      // Loaded on demand: OpenCV, TF.js and the renderer are heavy for the other commands.
      const { ENROL_USAGE, runEnrol } = await import('./enrol.js');
      if (wantsHelp) return printed(ENROL_USAGE);
      return runEnrol(rest);
    }
    case 'print-deck': {
      // Loaded on demand: the canvas library is heavy for the other commands.
      const { PRINT_DECK_USAGE, runPrintDeck } = await import('./print-deck.js');
      if (wantsHelp) return printed(PRINT_DECK_USAGE);
      return runPrintDeck(rest);
    }
    default:
      throw new InputError(`unknown command "${command}"; see seqref --help`);
  }
}

function printed(text: string): number {
  console.log(text);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof InputError) {
    process.stderr.write(`seqref: ${oneLine(error.message)}\n`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
