// Every Socket.IO input checked before it reaches a session: type, size, names. A malformed
// message is answered with one line saying what is wrong; nothing a browser sends can throw.
import { isStacksCard } from '../cards/stacks.js';
import { isTicCard } from '../cards/tic.js';
import { shown } from '../errors.js';
import type { Command } from '../session/session.js';
import type { SessionGame } from '../session/types.js';

export const MAX_FRAME_BYTES = 3 * 1024 * 1024;
export const MAX_TOKEN_LENGTH = 200;
export const MAX_ID_LENGTH = 64;

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v) && !(v instanceof ArrayBuffer);
const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

export function tableId(value: unknown, field = 'table'): Checked<string> {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_ID_LENGTH || !/^[A-Za-z0-9_.-]+$/.test(value)) return fail(`${field} must be a table id (letters, digits, - _ .; up to ${MAX_ID_LENGTH})`);
  return { ok: true, value };
}

export function token(value: unknown): Checked<string> {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TOKEN_LENGTH) return fail('token must be a non-empty string');
  return { ok: true, value };
}

export type OrganiserAction = Command;
/** The longest reason an organiser gives for dismissing a warning. */
export const MAX_REASON_LENGTH = 300;

function cell(value: unknown, field: string): Checked<number> {
  if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > 1000) return fail(`${field} must be a whole number`);
  return { ok: true, value };
}

/** A turn's place in the table's turn list (from 0). */
function turnIndex(value: unknown): Checked<number> {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100_000) return fail('turn must be a turn\'s place in the list, a whole number from 0');
  return { ok: true, value };
}

/** `{ token, table, type: 'end-turn' | 'undo' | 'reset' | 'correct' | 'credit' | 'merge' | 'assign' | 'dismiss', row?, col?, card?, player?, turn?, rule?, reason? }` */
export function organiserAction(payload: unknown, gameOf: (table: string) => SessionGame | null): Checked<{ token: string; table: string; action: OrganiserAction }> {
  if (!isObject(payload)) return fail('an action must be an object { token, table, type }');
  const t = token(payload.token);
  if (!t.ok) return t;
  const id = tableId(payload.table);
  if (!id.ok) return id;
  const game = gameOf(id.value);
  if (!game) return fail(`no table "${id.value}"`);
  switch (payload.type) {
    case 'end-turn':
      return { ok: true, value: { token: t.value, table: id.value, action: { kind: 'end-turn', by: 'dashboard' } } };
    case 'undo':
      return { ok: true, value: { token: t.value, table: id.value, action: { kind: 'undo' } } };
    case 'reset':
      return { ok: true, value: { token: t.value, table: id.value, action: { kind: 'reset' } } };
    case 'correct': {
      const row = cell(payload.row, 'row');
      if (!row.ok) return row;
      const col = cell(payload.col, 'col');
      if (!col.ok) return col;
      if (typeof payload.card !== 'string' || payload.card.length > 40) return fail('card must be a card name');
      const card = game === 'sequence' ? payload.card.toUpperCase() : payload.card.toLowerCase().trim();
      const valid = game === 'sequence' ? /^[.GBR]$/.test(card) : game === 'sequence-stacks' ? isStacksCard(card) : isTicCard(card);
      if (!valid) return fail(game === 'sequence' ? 'on the board a correction is a chip: . G B or R' : `${shown(payload.card)} is not a card name (e.g. 3-star-orange)`);
      return { ok: true, value: { token: t.value, table: id.value, action: { kind: 'correct', row: row.value, col: col.value, card } } };
    }
    case 'credit': {
      // Sequence Hunt: who called the claim holding `card` (players counted from 0).
      if (game !== 'sequence-hunt') return fail('only Sequence Hunt claims are credited to a player');
      if (typeof payload.card !== 'string' || payload.card.length > 40 || !isTicCard(payload.card.toLowerCase().trim())) return fail('card must name a card of the claim (e.g. 3-star-orange)');
      const player = cell(payload.player, 'player');
      if (!player.ok || player.value < 0 || player.value > 7) return fail('player must be a player number from 0');
      return { ok: true, value: { token: t.value, table: id.value, action: { kind: 'credit', card: payload.card.toLowerCase().trim(), player: player.value } } };
    }
    case 'merge': {
      const index = turnIndex(payload.turn);
      if (!index.ok) return index;
      return { ok: true, value: { token: t.value, table: id.value, action: { kind: 'merge', index: index.value } } };
    }
    case 'assign': {
      const index = turnIndex(payload.turn);
      if (!index.ok) return index;
      const player = cell(payload.player, 'player');
      if (!player.ok || player.value < 0 || player.value > 7) return fail('player must be a player number from 0');
      return { ok: true, value: { token: t.value, table: id.value, action: { kind: 'assign', index: index.value, player: player.value } } };
    }
    case 'dismiss': {
      const index = turnIndex(payload.turn);
      if (!index.ok) return index;
      if (typeof payload.rule !== 'string' || !/^[a-z0-9-]{1,60}$/.test(payload.rule)) return fail('rule must be a warning\'s rule code (e.g. no-step-at-contact)');
      const reason = typeof payload.reason === 'string' ? payload.reason.replace(/\s+/g, ' ').trim() : '';
      if (reason.length === 0 || reason.length > MAX_REASON_LENGTH) return fail(`reason must say why, in 1 to ${MAX_REASON_LENGTH} characters`);
      return { ok: true, value: { token: t.value, table: id.value, action: { kind: 'dismiss', index: index.value, rule: payload.rule, reason } } };
    }
    default:
      return fail('type must be end-turn, undo, reset, correct, credit, merge, assign or dismiss');
  }
}

/** `{ table, jpeg: binary }` from the capture page. */
export function captureFrame(payload: unknown): Checked<{ table: string; jpeg: Buffer }> {
  if (!isObject(payload)) return fail('a frame must be an object { table, jpeg }');
  const id = tableId(payload.table);
  if (!id.ok) return id;
  const jpeg = jpegBytes(payload.jpeg, 'frame');
  return jpeg.ok ? { ok: true, value: { table: id.value, jpeg: jpeg.value } } : jpeg;
}

/** Binary JPEG bytes of at most MAX_FRAME_BYTES, named `what` where they are not. */
function jpegBytes(raw: unknown, what: string): Checked<Buffer> {
  let jpeg: Buffer;
  if (Buffer.isBuffer(raw)) jpeg = raw;
  else if (raw instanceof ArrayBuffer) jpeg = Buffer.from(raw);
  else if (ArrayBuffer.isView(raw)) jpeg = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  else return fail('jpeg must be binary (a JPEG image)');
  if (jpeg.length < 4 || jpeg.length > MAX_FRAME_BYTES) return fail(`a ${what} must be a JPEG of at most ${MAX_FRAME_BYTES} bytes`);
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return fail(`the ${what} is not a JPEG image`);
  return { ok: true, value: jpeg };
}

/** `{ index: 1..5, jpeg: binary }`: one of the five enrolment photos from the capture page. */
export function enrolPhoto(payload: unknown): Checked<{ index: number; jpeg: Buffer }> {
  if (!isObject(payload)) return fail('an enrolment photo must be an object { index, jpeg }');
  const index = payload.index;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 1 || index > 5) return fail('index must be the photo\'s number, 1 to 5');
  const jpeg = jpegBytes(payload.jpeg, 'photo');
  return jpeg.ok ? { ok: true, value: { index, jpeg: jpeg.value } } : jpeg;
}

/** `{ name }`: learn the deck of the five photos sent, under this name. */
export function enrolStart(payload: unknown): Checked<{ name: string }> {
  const name = isObject(payload) && typeof payload.name === 'string' ? payload.name.trim() : '';
  if (name.length === 0 || name.length > 60) return fail('name the deck in 1 to 60 characters');
  return { ok: true, value: { name } };
}

/** `{ table, deck, token? }`: a camera's table reads with a deck here (its file name; null: the deck of cards.md). */
export function tableDeck(payload: unknown): Checked<{ table: string; deck: string | null; token: string | null }> {
  if (!isObject(payload)) return fail('must be an object { table, deck }');
  const id = tableId(payload.table);
  if (!id.ok) return id;
  const deck = payload.deck;
  if (deck !== null && (typeof deck !== 'string' || !/^[\w.-]{1,80}\.json$/.test(deck) || deck.startsWith('.'))) return fail('deck must be the file name of a deck here, or null for the deck of cards.md');
  if (payload.token !== undefined && typeof payload.token !== 'string') return fail('token must be text');
  return { ok: true, value: { table: id.value, deck, token: typeof payload.token === 'string' ? payload.token : null } };
}

export type EventAction =
  | { readonly token: string; readonly type: 'pairings'; readonly pairings: unknown }
  | { readonly token: string; readonly type: 'pairings-csv'; readonly csv: string }
  | { readonly token: string; readonly type: 'round'; readonly round: number }
  | { readonly token: string; readonly type: 'result'; readonly round: number; readonly table: string; readonly winners: readonly number[] }
  | { readonly token: string; readonly type: 'clear-result'; readonly round: number; readonly table: string };

/** The most pairings an organiser may send at once. */
export const MAX_PAIRINGS = 2000;

function round(value: unknown): Checked<number> {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 999) return fail('round must be a whole number from 1 to 999');
  return { ok: true, value };
}

/** `{ token, type: 'pairings', pairings: [{ round, table, players }] }` (or `csv`: the list as CSV), `{ token, type: 'round', round }`, `{ token, type: 'result' | 'clear-result', round, table, winners? }` (pairings are checked in full by the event). */
export function eventAction(payload: unknown): Checked<EventAction> {
  if (!isObject(payload)) return fail('an event action must be an object { token, type }');
  const t = token(payload.token);
  if (!t.ok) return t;
  if (!['pairings', 'round', 'result', 'clear-result'].includes(String(payload.type))) return fail('type must be pairings, round, result or clear-result');
  if (payload.type === 'pairings' && typeof payload.csv === 'string') {
    if (payload.csv.length > MAX_PAIRINGS * 400) return fail('the pairing list is too long');
    return { ok: true, value: { token: t.value, type: 'pairings-csv', csv: payload.csv } };
  }
  if (payload.type === 'pairings') {
    if (!Array.isArray(payload.pairings) || payload.pairings.length > MAX_PAIRINGS) return fail(`pairings must be a list of at most ${MAX_PAIRINGS} { round, table, players }`);
    return { ok: true, value: { token: t.value, type: 'pairings', pairings: payload.pairings } };
  }
  const r = round(payload.round);
  if (!r.ok) return r;
  if (payload.type === 'round') return { ok: true, value: { token: t.value, type: 'round', round: r.value } };
  if (typeof payload.table !== 'string' || !/^[0-9]{1,4}$/.test(payload.table)) return fail('table must be a table number');
  if (payload.type === 'clear-result') return { ok: true, value: { token: t.value, type: 'clear-result', round: r.value, table: payload.table } };
  const winners = payload.winners;
  if (!Array.isArray(winners) || winners.length > 8 || !winners.every((w) => typeof w === 'number' && Number.isInteger(w) && w >= 0 && w < 8)) return fail('winners must be a list of seats (0 to 7); an empty list: nobody won');
  return { ok: true, value: { token: t.value, type: 'result', round: r.value, table: payload.table, winners: winners as number[] } };
}
