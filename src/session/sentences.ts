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
  'card-left-table': 'Every card on the table must belong to at least one legal Duo or Tripo sequence containing at least 2 cards.',
  'table-card-moved': 'Before a player may use or rearrange cards already on the table, that player must make an opening sequence entirely from cards in their own hand.',
  'opening-touches-table': 'Before a player may use or rearrange cards already on the table, that player must make an opening sequence entirely from cards in their own hand.',
  'no-card-played': 'If a player rearranges cards already on the table, they must successfully add at least one card from their own hand before completing the turn.',
};

const HUNT: Record<string, string> = {
  'not-a-set': 'Every card in a claimed group must form one continuous sequence when arranged in the correct order.',
  'wrong-card-count': 'A claimed set must contain exactly the number of cards required for that set.',
  'no-such-set': 'A claimed set must contain exactly the number of cards required for that set.',
  'set-already-collected': 'As soon as any player spots a valid sequence set they still need, they may call it out',
  'claimed-card-back': 'If the set is correct, they collect those cards and place them face-up in front of themselves as one of their completed sets.',
};

const STACKS: Record<string, string> = {
  'start-with-one-or-wild': 'To make a new sequence, you must use a 1 or a Wild card.',
  'not-one-higher': "To use a card on an existing sequence, the card must be the same colour as that sequence's pile, and it must be the number that is 1 higher than the top card of the pile.",
  'wrong-colour': "To use a card on an existing sequence, the card must be the same colour as that sequence's pile, and it must be the number that is 1 higher than the top card of the pile.",
  'out-of-order': 'A sequence is a pile of cards of the same colour, stacked in order from 1 to 5.',
  'wild-wrong-number': "To use a card on an existing sequence, the card must be the same colour as that sequence's pile, and it must be the number that is 1 higher than the top card of the pile.",
  'not-a-pile-card': 'A special card is returned to the game box as soon as it is used and is not used again.',
  'special-in-pile': 'A special card is returned to the game box as soon as it is used and is not used again.',
  'not-a-special-in-box': 'A special card is returned to the game box as soon as it is used and is not used again.',
  'colour-spaces-full': 'Only 4 sequences (2 of each colour) can be in progress at the same time.',
  'complete-pile-not-set-aside': 'Gather the cards of the completed sequence and set them aside separately.',
  'pile-left-table': 'Gather the cards of the completed sequence and set them aside separately.',
  'not-on-top-of-discard': 'When you use cards, you may use not only the cards in your hand but also the top card of your personal discard pile.',
  'second-discard': 'At the end of your own turn, you must discard 1 card.',
  'turn-ended': 'Draw new cards from the draw pile to refill your hand to 5 cards, and end your turn.',
  'removed-with-two-players': 'Important: When playing with 2 players, remove the following special cards: all Reverse cards, 1 Wait! card, 2 Chip Steal cards, 1 Card Steal card and 1 Jump card.',
  'no-completion-to-wait': 'Wait! (x3): Can be used at the moment someone completes a sequence.',
  'no-chip-to-steal': 'Chip Steal (x4): Take 1 of the chips another player has collected.',
  'chip-steal-cannot-win': 'However, you cannot use Chip Steal to end the game and win.',
  'not-on-a-space': 'The printed 2-player setup example shows the draw pile in the centre of a row of five marked spaces, with the two outer spaces on each side serving as the sequence spaces.',
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

const BY_GAME: Record<string, Record<string, string>> = { progression: PROGRESSION, 'sequence-shift': SHIFT, 'sequence-hunt': HUNT, 'sequence-stacks': STACKS, sequence: SEQUENCE };

export function ruleSentence(game: string, rule: string): string | undefined {
  return BY_GAME[game]?.[rule];
}
