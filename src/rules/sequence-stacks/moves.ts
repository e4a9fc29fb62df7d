// The legal actions at a moment of a game: what a simulator's policy chooses from.
import { UNSEEN, STACKS_COLOURS, isWild, stacksColour, stacksNumber } from '../../cards/stacks.js';
import { PILE_SPACES, drawable, hasWon, spaceColour, type StacksState } from './state.js';
import type { CardSource, StacksAction } from './step.js';

/**
 * Every legal action for whoever acts next: after a completion, the completer's `collect` and each
 * other player's Wait!; otherwise the current player's plays, specials, discards, draws and refill.
 * Empty when the game is over. Unseen cards ("?") are never offered.
 */
export function moves(state: StacksState): StacksAction[] {
  if (state.winner !== null) return [];
  if (state.pending) {
    const waits: StacksAction[] = [];
    for (let p = 0; p < state.players; p++) {
      if (p !== state.pending.player && state.hands[p]!.includes('wait')) waits.push({ type: 'wait', player: p });
    }
    return [{ type: 'collect' }, ...waits];
  }
  if (state.turn.discarded) return [{ type: 'refill' }];
  const me = state.current;
  const hand = state.hands[me]!;
  if (hand.length === 0 && drawable(state) > 0) return [{ type: 'draw-five' }];

  const actions: StacksAction[] = [];
  const sources: Array<[string, CardSource]> = [...new Set(hand)].filter((c) => c !== UNSEEN).map((c) => [c, 'hand']);
  const top = state.discards[me]!.at(-1);
  if (top !== undefined) sources.push([top, 'discard']);
  for (const [card, from] of sources) actions.push(...usesOf(state, card, from));
  for (const card of new Set(hand)) if (card !== UNSEEN) actions.push({ type: 'discard', card });
  // Nothing in hand and nothing left to draw: the turn ends without a discard.
  if (hand.length === 0) actions.push({ type: 'refill' });
  return actions;
}

function usesOf(state: StacksState, card: string, from: CardSource): StacksAction[] {
  const me = state.current;
  const colour = stacksColour(card);
  if (colour !== null) {
    const number = stacksNumber(card);
    return PILE_SPACES.flatMap((pile): StacksAction[] => {
      if (spaceColour(pile) !== colour) return [];
      const top = state.piles[pile].at(-1);
      const need = top ? top.as + 1 : 1;
      if (isWild(card)) return [{ type: 'play', card, from, pile, as: need }];
      return number === need ? [{ type: 'play', card, from, pile }] : [];
    });
  }
  const others = [...Array(state.players).keys()].filter((p) => p !== me);
  switch (card) {
    case 'jump':
    case 'reverse':
      return [{ type: card, from }];
    case 'card-steal': {
      const steals: StacksAction[] = others.filter((p) => state.hands[p]!.length > 0).map((target) => ({ type: 'card-steal', from, target, take: 'hand' }));
      for (let target = 0; target < state.players; target++) {
        const pile = state.discards[target]!;
        // Played from its own discard pile, the card steal itself was that pile's top.
        const top = target === me && from === 'discard' ? pile.at(-2) : pile.at(-1);
        if (top !== undefined) steals.push({ type: 'card-steal', from, target, take: 'discard', card: top });
      }
      return steals;
    }
    case 'chip-steal': {
      const mine = state.chips[me]!;
      return others.flatMap((target) =>
        STACKS_COLOURS.filter((c) => state.chips[target]![c] > 0 && !hasWon({ ...mine, [c]: mine[c] + 1 })).map(
          (colour): StacksAction => ({ type: 'chip-steal', from, target, colour }),
        ),
      );
    }
    default:
      // Wait! is used only at someone else's completion.
      return [];
  }
}
