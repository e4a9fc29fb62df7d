// The rulebook sentence behind each rule code, so a warning on the dashboard says which rule it
// breaks in the rulebook's own words (shared/rules/*.txt). Codes without a sentence show their
// message alone.
const PROGRESSION: Record<string, string> = {
  'no-step-at-contact': 'Every edge-to-edge connection created by the newly played cards must have at least one property that changes by exactly one step.',
  'not-in-one-line': 'If you play more than one card, all cards played on that turn must be placed in the same horizontal row or vertical column.',
  'gap-in-line': 'If you play more than one card, all cards played on that turn must form one continuous connected line with no gaps.',
  'not-touching-layout': 'You may add cards to one end of an existing line, or use your cards to create a new sequence connected to the existing layout.',
  'cell-occupied': 'Cards must be placed in horizontal or vertical rows and columns.',
  'card-removed': 'On your turn, you may play one card or several cards together.',
  'card-moved': 'On your turn, you may play one card or several cards together.',
};

const SHIFT: Record<string, string> = {
  'run-not-duo-or-tripo': 'In Sequence Shift, every sequence must have at least two properties in sequence.',
  'lone-card': 'A legal sequence must contain at least 2 cards, with at least two properties progressing consecutively from one card to the next.',
};

const SEQUENCE: Record<string, string> = {
  'several-changes': 'On your turn: play one card from your hand face up onto your discard pile, and place one of your marker chips on either board space showing that card.',
  'chip-replaced': 'On your turn: place one of your marker chips on either board space showing that card.',
  'wrong-team': 'Players take turns clockwise.',
  'corner-space': 'The four corners of the board are free spaces that count for all players.',
  'chip-on-corner': 'The four corners of the board are free spaces that count for all players.',
  'locked-chip-removed': 'You cannot remove a chip that is part of a completed Sequence.',
  'own-chip-removed': "When you play a one-eyed Jack, remove one of an opponent's chips from the board.",
  'chip-counts-impossible': 'Players take turns clockwise.',
};

const BY_GAME: Record<string, Record<string, string>> = { progression: PROGRESSION, 'sequence-shift': SHIFT, sequence: SEQUENCE };

export function ruleSentence(game: string, rule: string): string | undefined {
  return BY_GAME[game]?.[rule];
}
