// The dashboard of one table: camera frame with card outlines, the layout (or the Sequence
// board with its sequences), scores, warnings as they happen, and the turns. Any turn can be
// stepped back to: the table as it was then, from the game's record. /game/ID shows a game the
// event kept, stepping only.
import { esc, tile, header, announce, versus, isReplay, tableLabel, GAME_NAMES, calibrationPill, cameraWarning, sourcePill, statusPill } from './common.js';

header('/');
const params = new URLSearchParams(location.search);
const savedGame = location.pathname.startsWith('/game/') ? decodeURIComponent(location.pathname.slice(6)) : null;
const socket = savedGame ? null : io();
let current = location.pathname.startsWith('/table/') ? decodeURIComponent(location.pathname.slice(7)) : params.get('table');
let tables = [];
let view = null;
let layoutCards = null;
let frameUrl = null;
/** The game record while stepping (null: live), the turn shown (0: before the first), and the turn count it was fetched at. */
let record = null;
let shown = null;
let recordTurns = -1;
/** The games the event kept when they ended (every table's). */
let keptGames = [];
/** Warnings already told to a screen reader (by turn and rule). */
let told = null;

const $ = (id) => document.getElementById(id);

// Organiser tools: with the organiser token (typed on /organiser, or ?token= in the address), the
// cards on the table picture can be clicked to correct them, turns merged or given to another
// player, and warnings dismissed with a reason. The server answers each action; its words are shown.
const organiserToken = params.get('token') ?? sessionStorage.getItem('seqref-token') ?? '';
if (params.get('token')) sessionStorage.setItem('seqref-token', params.get('token'));
const organiser = organiserToken.length > 0 && !savedGame;

function toast(text, bad) {
  $('toast').innerHTML = `<div class="toast ${bad ? 'bad' : ''}" role="status" data-testid="toast">${esc(text)}</div>`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => ($('toast').innerHTML = ''), 6000);
}

function act(type, extra = {}) {
  socket.emit('action', { token: organiserToken, table: current, type, ...extra }, (answer) => {
    if (!answer.ok) toast(answer.error, true);
    else toast(answer.message, !answer.changed);
  });
}

/** The correction form for the card at (row, col): its name (or chip) as the organiser reads it. */
function askCorrection(row, col, card) {
  const dialog = $('correct-dialog');
  $('correct-what').textContent = `${card} at (${row},${col}) is really:`;
  const input = $('correct-card');
  input.value = '';
  input.placeholder = view.game === 'sequence' ? 'chip: . G B or R' : card;
  dialog.onsubmit = (e) => {
    e.preventDefault();
    dialog.hidden = true;
    act('correct', { row, col, card: input.value.trim() });
  };
  $('correct-cancel').onclick = () => (dialog.hidden = true);
  dialog.hidden = false;
  input.focus();
}

if (socket) {
  socket.on('tables', (list) => {
    tables = list;
    if (!current && list.length) watch(list[0].id);
    renderPicker();
    if (view) renderTitle(view);
  });
  socket.on('connect', () => current && socket.emit('watch', current));
  socket.on('state', (v) => {
    if (v.id !== current) return;
    view = v;
    tellWarnings(v);
    if (shown !== null && v.turns.length !== recordTurns) void loadRecord();
    render();
  });
  socket.on('frame', (f) => {
    if (f.table !== current) return;
    const blob = new Blob([f.jpeg], { type: 'image/jpeg' });
    const url = URL.createObjectURL(blob);
    let img = $('frame-img');
    if (!img) {
      img = document.createElement('img');
      img.id = 'frame-img';
      img.alt = 'the camera\'s latest frame of the table';
      $('frame').prepend(img);
    }
    img.onload = () => frameUrl && frameUrl !== url && URL.revokeObjectURL(frameUrl);
    const old = frameUrl;
    img.src = url;
    frameUrl = url;
    if (old) setTimeout(() => URL.revokeObjectURL(old), 1000);
    $('frame-empty')?.remove();
    $('frame-info').textContent = `${f.width}×${f.height} · ${(f.tMs / 1000).toFixed(1)} s`;
  });
  socket.on('event', (event) => {
    keptGames = event.games;
    if (view) renderDownloads();
  });
  socket.on('problem', (p) => console.warn('server:', p.error));
} else {
  $('picker').hidden = true;
  void openSavedGame();
}

function watch(id) {
  current = id;
  view = null;
  record = null;
  shown = null;
  told = null;
  history.replaceState(null, '', `/table/${encodeURIComponent(id)}${location.search}`);
  const img = $('frame-img');
  if (img) img.remove();
  socket.emit('watch', id);
  renderPicker();
}

function renderPicker() {
  const picker = $('picker');
  picker.innerHTML = tables.map((t) => `<option value="${esc(t.id)}" ${t.id === current ? 'selected' : ''}>${esc(tableLabel(t))}${t.playerNames.length ? ` · ${esc(versus(t.playerNames))}` : ''}${t.warnings ? ` · ${t.warnings} warning${t.warnings === 1 ? '' : 's'}` : ''}</option>`).join('');
  picker.onchange = () => watch(picker.value);
}

/** New standing warnings, said once to a screen reader (the first view's are already there). */
function tellWarnings(v) {
  const keys = v.warnings.filter((w) => w.standing).map((w) => `${w.turn}|${w.rule}`);
  // No turn: the table was reset for a new game, whose warnings are all new.
  if (told !== null && v.turns.length === 0) told.clear();
  if (told === null) {
    told = new Set(keys);
    return;
  }
  const fresh = v.warnings.filter((w) => w.standing && !told.has(`${w.turn}|${w.rule}`));
  for (const k of keys) told.add(k);
  if (fresh.length) announce(fresh.map((w) => `Warning, turn ${w.turn}, ${v.playerNames[w.player] ?? ''}: ${w.message}`).join('. '));
}

const TIC_NAMES = [1, 2, 3, 4, 5].flatMap((n) => ['circle', 'crescent', 'triangle', 'square', 'star'].flatMap((s) => ['violet', 'cyan', 'yellow', 'orange', 'red'].map((c) => `${n}-${s}-${c}`)));
const STACKS_NAMES = ['red', 'blue'].flatMap((c) => [1, 2, 3, 4, 5, 'wild'].map((n) => `${c}-${n}`)).concat(['jump', 'reverse', 'card-steal', 'chip-steal', 'wait']);

/** The names a correction may give, for the table's game. */
function fillCardNames(game) {
  const list = $('card-names');
  if (list.dataset.game === game) return;
  list.dataset.game = game;
  const names = game === 'sequence' ? ['.', 'G', 'B', 'R'] : game === 'sequence-stacks' ? STACKS_NAMES : TIC_NAMES;
  list.innerHTML = names.map((n) => `<option value="${esc(n)}"></option>`).join('');
}

function render() {
  if (!view) return;
  const v = shownView();
  if (organiser) fillCardNames(v.game);
  document.title = `seqref · ${v.name}`;
  renderTitle(v);
  $('pills').innerHTML = savedGame ? '' : `${statusPill(v.status, v.statusText)} ${sourcePill(v)} ${calibrationPill(v.calibration)}`;
  $('camera').innerHTML = savedGame ? '' : cameraWarning(v.calibration?.warning?.text, v.calibration?.warning?.kind) + cameraWarning(v.deckDoubt, 'deck');
  $('replay').innerHTML = isReplay(v)
    ? '<div class="replay" data-testid="replay-note"><b>Replay</b> of a recorded game<span class="long">, played back to show what seqref does</span>. To referee your own table, open <a href="/capture">Camera</a> on a phone held over it.</div>'
    : '';
  renderScores(v);
  renderWarnings(view);
  renderTurns(view);
  if (v.game === 'sequence') renderBoard(v);
  else renderLayout(v);
  renderOutlines(v);
  renderHistory();
  renderDownloads();
  $('winner').innerHTML = v.winner ? `<div class="winner" data-testid="winner">★ ${esc(v.winner)} ${v.result && v.result.winners.length > 1 ? 'share the win' : 'wins'}</div>` : '';
}

function renderTitle(v) {
  const t = tables.find((x) => x.id === v.id);
  $('title').textContent = savedGame ? `${GAME_NAMES[v.game] ?? v.game} · the game kept as ${savedGame}` : t ? tableLabel(t) : `${GAME_NAMES[v.game] ?? v.game} · ${v.id}`;
  const round = t?.round ? `Round ${t.round} · ` : '';
  $('players').textContent = `${round}${versus(v.playerNames)}`;
  $('source').textContent = `${v.source ?? ''}${v.deck ? ` · deck ${v.deck}` : ''}${v.statusText ? ` — ${v.statusText}` : ''}`;
}

/** The view as it was after turn `shown` (the live one when not stepping). */
function shownView() {
  if (shown === null || !record) return view;
  const turn = shown > 0 ? record.turns[shown - 1] : null;
  const at = turn ?? record;
  const cells = turn ? [...turn.added, ...turn.moved.map((m) => ({ row: m.to[0], col: m.to[1] }))].map((p) => [p.row, p.col]) : [];
  return {
    ...view,
    table: at.table,
    board: at.board,
    sequences: at.sequences,
    lastTurnCells: cells,
    scores: turn ? turn.scores : view.playerNames.map(() => 0),
    current: -1,
    turns: record.turns.slice(0, shown),
    winner: shown === record.turns.length ? record.winner : null,
    result: shown === record.turns.length ? record.result : null,
    seen: [],
  };
}

/** Fetches the game's record (every turn with the table as it was) to step through. */
async function loadRecord() {
  const asked = view.turns.length;
  const answer = await fetch(`/api/tables/${encodeURIComponent(current)}/game`);
  if (!answer.ok) return toast(`the game's record could not be loaded (${answer.status})`, true);
  record = await answer.json();
  recordTurns = asked;
  if (shown !== null) shown = Math.min(shown, record.turns.length);
  render();
}

/** A game the event kept (/game/ID): its record is the whole page. */
async function openSavedGame() {
  const answer = await fetch(`/api/games/${encodeURIComponent(savedGame)}`);
  if (!answer.ok) {
    $('title').textContent = `No game ${savedGame}`;
    return;
  }
  record = await answer.json();
  const last = record.turns.at(-1);
  view = {
    id: record.table_id, name: record.name, game: record.game, playerNames: record.playerNames, source: `kept by the event from table ${record.table_id}`, sourceKind: 'record', status: 'ended', statusText: '',
    table: record.table, board: record.board, sequences: record.sequences, lastTurnCells: [], scores: last?.scores ?? [], scoreUnit: record.scoreUnit, scoreNotes: [], info: [], current: -1,
    turns: record.turns, warnings: record.turns.flatMap((t, index) => t.warnings.map((w) => ({ ...w, turn: t.number, index, player: t.player, standing: !t.withdrawn && w.dismissed === undefined }))),
    winner: record.winner, result: record.result, seen: [], frameSize: null, busy: false, notices: [], calibration: null,
  };
  shown = record.turns.length;
  recordTurns = record.turns.length;
  render();
}

/** Steps to turn `k` (0: before the first); past the last turn, or null, is live again. */
async function stepTo(k) {
  if (!view) return;
  const total = savedGame ? record.turns.length : view.turns.length;
  if (k === null || k > total) {
    shown = savedGame ? total : null;
    return render();
  }
  shown = Math.max(0, k);
  if (!savedGame && (!record || recordTurns !== view.turns.length)) await loadRecord();
  else render();
}

function renderHistory() {
  const total = record && shown !== null ? record.turns.length : view.turns.length;
  const at = shown ?? total;
  const range = $('step');
  range.max = String(total);
  range.value = String(at);
  $('first').disabled = at === 0;
  $('prev').disabled = at === 0;
  $('next').disabled = shown === null || at >= total;
  $('live').hidden = savedGame !== null;
  $('live').disabled = shown === null;
  const turn = shown !== null && record && shown > 0 ? record.turns[shown - 1] : null;
  const text = shown === null
    ? `Live: ${total} turn${total === 1 ? '' : 's'} so far. Step back with ◀ or the ← key.`
    : shown === 0
      ? `Before the first turn (of ${total}).`
      : `Turn ${turn.number} of ${record.turns.at(-1)?.number ?? total}: ${turn.playerName}: ${turn.summary}${turn.legal ? '' : ' (illegal)'} · scores ${turn.scores.join(' – ')}`;
  $('step-text').textContent = text;
  $('view-title').textContent = shown === null ? (view.game === 'sequence' ? 'Board' : 'Camera') : shown === 0 ? 'Before the first turn' : `After turn ${turn.number}`;
}

function renderDownloads() {
  const base = savedGame ? `/api/games/${encodeURIComponent(savedGame)}` : `/api/tables/${encodeURIComponent(current)}/game`;
  const earlier = savedGame ? [] : keptGames.filter((g) => g.tableId === current).reverse();
  $('downloads').innerHTML = `<a class="btn" href="${base}?download" download data-testid="download-json">Game record (JSON)</a><a class="btn" href="${base}.csv?download" download data-testid="download-csv">Turns (CSV)</a>${savedGame ? '' : `<a class="btn" href="/api/tables/${encodeURIComponent(current)}/export" download>Full log (JSON)</a>`}${
    earlier.length ? `<div class="kept" data-testid="kept-games">Games kept at this table: ${earlier.map((g) => `<a href="/game/${encodeURIComponent(g.id)}">${g.round ? `round ${g.round}` : esc(g.id)}: ${esc(versus(g.players))}, ${g.winner ? `${esc(g.winner)} won` : 'nobody won'}</a>`).join(' · ')}</div>` : ''
  }`;
}

$('first').onclick = () => stepTo(0);
$('prev').onclick = () => stepTo((shown ?? view.turns.length) - 1);
$('next').onclick = () => stepTo((shown ?? view.turns.length) + 1);
$('live').onclick = () => stepTo(null);
$('step').oninput = () => stepTo(Number($('step').value));
// ← → step, Home the start, End or Escape live; never while typing.
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && !$('correct-dialog').hidden) {
    $('correct-dialog').hidden = true;
    return;
  }
  if (!view || e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName) || !$('correct-dialog').hidden) return;
  const at = shown ?? view.turns.length;
  const keys = { ArrowLeft: () => stepTo(at - 1), ArrowRight: () => stepTo(at + 1), Home: () => stepTo(0), End: () => stepTo(null), Escape: () => stepTo(null) };
  if (!keys[e.key]) return;
  e.preventDefault();
  keys[e.key]();
});

function renderScores(v) {
  const unit = v.scoreUnit || (v.game === 'sequence' ? 'sequences' : 'points');
  $('scores').innerHTML = v.playerNames
    .map((name, i) => {
      const dot = v.game === 'sequence' ? chipMark('GBR'[i]) : '';
      const turn = i === v.current && v.status !== 'ended' ? '<small>to play</small>' : '';
      const note = v.scoreNotes?.[i] ? `<div class="note">${esc(v.scoreNotes[i])}</div>` : '';
      return `<div class="score ${i === v.current ? 'current' : ''}" data-testid="player-${i}"><div class="who">${dot}${esc(name)} ${turn}</div><div class="right"><div class="pts" data-testid="score-${i}" title="${esc(unit)}">${v.scores[i] ?? 0}</div><div class="unit">${esc(unit)}</div>${note}</div></div>`;
    })
    .join('');
  const played = v.turns.length ? v.turns[v.turns.length - 1].number : 0;
  $('turn-count').textContent = `${played} turn${played === 1 ? '' : 's'}`;
  $('info').innerHTML = (v.info ?? []).map((line) => `<div>${esc(line)}</div>`).join('');
}

function renderWarnings(v) {
  // Only standing warnings count; those taken back or dismissed stay listed, marked.
  const standing = v.warnings.filter((w) => w.standing).length;
  $('warning-count').textContent = standing ? String(standing) : '';
  if (!v.warnings.length) {
    $('warnings').innerHTML = '<div class="none">No rule broken so far.</div>';
    return;
  }
  $('warnings').innerHTML = [...v.warnings]
    .reverse()
    .map((w) => {
      const state = w.dismissed !== undefined ? ` · DISMISSED: ${esc(w.dismissed)}` : w.withdrawn ? ' · TAKEN BACK' : '';
      const tool = organiser && w.standing ? `<button class="dismiss" data-dismiss="${w.index}" data-rule="${esc(w.rule)}">dismiss…</button>` : '';
      return `<div class="warning ${w.standing ? '' : 'withdrawn'}" data-testid="warning" data-rule="${esc(w.rule)}" data-standing="${w.standing}">
        <div class="head"><span>${w.standing ? '⚠ ILLEGAL · ' : ''}TURN ${w.turn} · ${esc(v.playerNames[w.player] ?? '')}${state}</span><span>${esc(w.rule)}</span></div>
        <div class="msg">${esc(w.message)}</div>
        ${w.sentence ? `<div class="rule">Rule: “${esc(w.sentence)}”</div>` : ''}${tool}
      </div>`;
    })
    .join('');
  for (const b of $('warnings').querySelectorAll('button[data-dismiss]')) {
    b.onclick = () => {
      const reason = prompt(`Dismiss the ${b.dataset.rule} warning: why?`);
      if (reason && reason.trim()) act('dismiss', { turn: Number(b.dataset.dismiss), rule: b.dataset.rule, reason: reason.trim() });
    };
  }
}

function turnPoints(v, t) {
  if (v.game === 'sequence') return '';
  if (v.game === 'sequence-hunt') return t.kind === 'claim' && t.legal ? `+${t.points} pts` : '';
  if (v.game === 'sequence-stacks') return t.points ? `+${t.points} chip` : '';
  if (v.game === 'sequence-shift') return t.legal && t.points ? `${t.points} card${t.points === 1 ? '' : 's'}` : '';
  return `+${t.points}`;
}

function renderTurns(v) {
  $('turns').innerHTML = v.turns
    .map((t, index) => ({ t, index }))
    .reverse()
    .slice(0, 60)
    .map(({ t, index }) => {
      const tag = (t.legal ? '' : '<span class="tag illegal">illegal</span>') + (t.withdrawn ? '<span class="tag">taken back</span>' : t.kind === 'claim' ? '<span class="tag claim">claim</span>' : '');
      const tools = organiser && v.game !== 'sequence'
        ? `<span class="tools"><button data-merge="${index}" title="This turn and the next are one turn">merge with next</button><select data-assign="${index}" aria-label="give turn ${t.number} to">${v.playerNames.map((n, p) => `<option value="${p}" ${p === t.player ? 'selected' : ''}>${esc(n)}</option>`).join('')}</select></span>`
        : organiser ? `<span class="tools"><button data-merge="${index}" title="This move and the next are one move">merge with next</button></span>` : '';
      return `<div class="turn ${t.legal ? '' : 'illegal'} ${t.withdrawn ? 'withdrawn' : ''} ${shown === index + 1 ? 'shown' : ''}" data-testid="turn" data-index="${index}"><button type="button" class="no" data-show="${index + 1}" title="Show the table after turn ${t.number}" aria-label="Show the table after turn ${t.number}">#${t.number}</button><span>${esc(v.playerNames[t.player] ?? '')}: ${esc(t.summary)} ${tag}${tools}</span><span class="pts">${esc(turnPoints(v, t))}</span></div>`;
    })
    .join('') || '<div class="none">No turn yet.</div>';
  for (const b of $('turns').querySelectorAll('button[data-show]')) b.onclick = () => stepTo(Number(b.dataset.show));
  for (const b of $('turns').querySelectorAll('button[data-merge]')) b.onclick = () => act('merge', { turn: Number(b.dataset.merge) });
  for (const sel of $('turns').querySelectorAll('select[data-assign]')) sel.onchange = () => act('assign', { turn: Number(sel.dataset.assign), player: Number(sel.value) });
  $('notices').textContent = (v.notices ?? []).slice(-3).join(' · ');
}

function warnedCells(v) {
  const last = v.turns.at(-1);
  const cells = new Set();
  if (last && !last.legal && !last.withdrawn) for (const p of last.added) cells.add(`${p.row},${p.col}`);
  return cells;
}

function renderLayout(v) {
  if (v.game === 'sequence-stacks') return renderStacks(v);
  const cards = v.table;
  if (!cards.length) {
    $('layout').innerHTML = '<div class="none">The table is empty.</div>';
    return;
  }
  const rows = cards.map((c) => c.row), cols = cards.map((c) => c.col);
  const r0 = Math.min(...rows), r1 = Math.max(...rows), c0 = Math.min(...cols), c1 = Math.max(...cols);
  const last = new Set(v.lastTurnCells.map(([r, c]) => `${r},${c}`));
  const warned = warnedCells(v);
  const at = new Map(cards.map((c) => [`${c.row},${c.col}`, c.card]));
  let html = '';
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const card = at.get(`${r},${c}`);
      const key = `${r},${c}`;
      html += card ? `<div class="cell" data-cell="${key}">${tile(card, warned.has(key) ? 'warned' : last.has(key) ? 'last' : '')}</div>` : '<div class="cell-empty"></div>';
    }
  }
  $('layout').style.setProperty('--cols', String(c1 - c0 + 1));
  $('layout').innerHTML = html;
  $('legend').innerHTML = '';
  correctable($('layout'), '[data-cell]', (el) => at.get(el.dataset.cell));
}

/** With the organiser token, clicking a card (`selector` within `root`) asks what it really is. */
function correctable(root, selector, cardOf) {
  if (!organiser) return;
  for (const el of root.querySelectorAll(selector)) {
    el.classList.add('correctable');
    // Keyboard too: Tab to a card, Enter or Space to correct it.
    el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'button');
    const ask = () => {
      const [row, col] = el.dataset.cell.split(',').map(Number);
      askCorrection(row, col, cardOf(el));
    };
    el.onclick = ask;
    el.onkeydown = (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      ask();
    };
  }
}

// The Stacks table as the referee keeps it: each space with its top card and the pile's height.
const STACKS_SPACES = [
  { cell: '-1,0', label: (v) => discardLabel(v, 3) }, { cell: '-1,1' }, { cell: '-1,2', label: () => 'used specials' }, { cell: '-1,3' }, { cell: '-1,4', label: (v) => discardLabel(v, 1) },
  { cell: '0,0', label: () => 'red-a' }, { cell: '0,1', label: () => 'red-b' }, { cell: '0,2', label: () => 'draw pile' }, { cell: '0,3', label: () => 'blue-a' }, { cell: '0,4', label: () => 'blue-b' },
  { cell: '1,0', label: (v) => discardLabel(v, 0) }, { cell: '1,1' }, { cell: '1,2' }, { cell: '1,3' }, { cell: '1,4', label: (v) => discardLabel(v, 2) },
];

function discardLabel(v, slot) {
  const owners = v.playerNames.filter((_, p) => p % 4 === slot);
  return owners.length ? `${owners.join(', ')} discards` : null;
}

function renderStacks(v) {
  const piles = new Map();
  for (const c of v.table) {
    const key = `${c.row},${c.col}`;
    piles.set(key, [...(piles.get(key) ?? []), c.card]);
  }
  const last = new Set(v.lastTurnCells.map(([r, c]) => `${r},${c}`));
  const warned = warnedCells(v);
  const stray = v.table.filter((c) => !STACKS_SPACES.some((s) => s.cell === `${c.row},${c.col}` && s.label));
  let html = '';
  for (const space of STACKS_SPACES) {
    const label = space.label ? space.label(v) : null;
    if (!label) {
      html += '<div class="space-blank"></div>';
      continue;
    }
    const pile = piles.get(space.cell) ?? [];
    const top = pile[pile.length - 1];
    const cls = warned.has(space.cell) ? 'warned' : last.has(space.cell) ? 'last' : '';
    const body = space.cell === '0,2' ? '<div class="tile back"></div>' : top ? tile(top, cls) : '<div class="cell-empty"></div>';
    const count = pile.length > 1 ? `<span class="count" title="cards in the pile">×${pile.length}</span>` : '';
    html += `<div class="stacks-space" data-space="${esc(space.cell)}">${body}${count}<div class="space-label">${esc(label)}</div></div>`;
  }
  $('layout').className = 'layout stacks';
  $('layout').style.setProperty('--cols', '5');
  $('legend').innerHTML = '';
  $('layout').innerHTML = html + (stray.length ? `<div class="stray">Off the spaces: ${stray.map((c) => esc(c.card)).join(', ')}</div>` : '');
}

const CHIP_WORDS = { G: 'green chip', B: 'blue chip', R: 'red chip' };

/** A chip as the board shows it: its team's colour, shape and letter. */
function chipMark(team) {
  return `<span class="chip ${esc(team)}" aria-hidden="true">${esc(team)}</span>`;
}

async function renderBoard(v) {
  $('frame').style.display = 'none';
  if (!layoutCards) layoutCards = await (await fetch('/api/sequence-layout')).json();
  if (!v.board) {
    $('layout').innerHTML = '<div class="none">Waiting for the board…</div>';
    return;
  }
  const seq = new Set(v.sequences.flatMap((s) => s.cells.map(([r, c]) => `${r},${c}`)));
  const last = new Set(v.lastTurnCells.map(([r, c]) => `${r},${c}`));
  let html = '';
  for (let r = 0; r < 10; r++) {
    for (let c = 0; c < 10; c++) {
      const i = r * 10 + c;
      const card = layoutCards[i];
      const chip = v.board[r][c];
      const cls = ['space', card ? '' : 'corner', chip !== '.' ? 'has-chip' : '', seq.has(`${r},${c}`) ? 'seq' : '', last.has(`${r},${c}`) ? 'last' : ''].join(' ');
      // The card's name stays readable below its chip; a screen reader hears both, and the last move.
      const label = `${card || 'corner'}: ${CHIP_WORDS[chip] ?? 'empty'}${last.has(`${r},${c}`) ? ', last move' : ''}${seq.has(`${r},${c}`) ? ', in a sequence' : ''}`;
      html += `<div class="${cls}" data-cell="${r},${c}" role="img" aria-label="${esc(label)}" title="${esc(label)}">${chip !== '.' ? chipMark(chip) : ''}<span class="lbl" aria-hidden="true">${card ? esc(card) : '★'}</span></div>`;
    }
  }
  $('layout').className = 'board';
  $('layout').innerHTML = html;
  $('legend').innerHTML = `${v.playerNames.map((n, i) => `<span>${chipMark('GBR'[i])} ${esc(n)}</span>`).join('')}<span><span class="swatch last"></span> last move</span><span><span class="swatch seq"></span> sequence</span>`;
  correctable($('layout'), '[data-cell]', (el) => {
    const [r, c] = el.dataset.cell.split(',').map(Number);
    return `the ${CHIP_WORDS[v.board[r][c]] ?? 'empty space'}`;
  });
}

const SHAPE_GLYPHS = { circle: '●', crescent: '☾', triangle: '▲', square: '■', star: '★' };
const COLOUR_FILL = { violet: '#b58cff', cyan: '#38d6f0', yellow: '#ffd23f', orange: '#ff9a4d', red: '#ff5a5f', blue: '#6fa0ff' };
const SPECIAL_SHORT = { jump: 'JUMP', reverse: 'REV', 'card-steal': 'C-STL', 'chip-steal': 'CHIP', wait: 'WAIT' };

/** A short label that fits inside a card: "3☾" in the card's colour; Stacks "R3", "BW", "JUMP". */
function shortLabel(card) {
  const tic = /^([1-5])-(circle|crescent|triangle|square|star)-(violet|cyan|yellow|orange|red)$/.exec(card);
  if (tic) return { text: `${tic[1]}${SHAPE_GLYPHS[tic[2]]}`, fill: COLOUR_FILL[tic[3]] };
  const stacks = /^(red|blue)-(\d|wild)$/.exec(card);
  if (stacks) return { text: `${stacks[1] === 'red' ? 'R' : 'B'}${stacks[2] === 'wild' ? 'W' : stacks[2]}`, fill: COLOUR_FILL[stacks[1]] };
  return { text: SPECIAL_SHORT[card] ?? card, fill: '#ffe27a' };
}

function renderOutlines(v) {
  if (v.game === 'sequence') return;
  // The picture is the camera now: stepping back shows the table as the referee kept it instead.
  $('frame').style.display = shown === null && !savedGame ? '' : 'none';
  if (v.game !== 'sequence-stacks') $('layout').className = 'layout';
  let svg = $('frame-svg');
  if (!v.frameSize) return;
  if (!svg) {
    svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.id = 'frame-svg';
    $('frame').append(svg);
  }
  const [w, h] = v.frameSize;
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  const warned = warnedCells(v);
  const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  // Each label sits inside its own card, sized to the card, so neighbouring cards never overlap.
  svg.innerHTML = v.seen
    .filter((c) => c.corners && c.corners.length === 4)
    .map((c) => {
      const pts = c.corners.map((p) => p.join(',')).join(' ');
      const cx = c.corners.reduce((s, p) => s + p[0], 0) / 4;
      const cy = c.corners.reduce((s, p) => s + p[1], 0) / 4;
      const side = Math.min(dist(c.corners[0], c.corners[1]), dist(c.corners[1], c.corners[2]));
      const { text, fill } = shortLabel(c.card);
      // About half the card's short side wide, whatever the card's distance from the camera.
      const size = Math.max(9, Math.round(Math.min(side * 0.36, (side * 0.8) / Math.max(2, text.length))));
      return `<g data-cell="${c.row},${c.col}" data-card="${esc(c.card)}"><title>${esc(c.card)} at (${c.row},${c.col})</title><polygon class="outline ${warned.has(`${c.row},${c.col}`) ? 'warned' : ''}" points="${pts}"/><text class="label" x="${cx}" y="${cy}" text-anchor="middle" dominant-baseline="central" font-size="${size}" style="fill:${fill}">${esc(text)}</text></g>`;
    })
    .join('');
  correctable(svg, 'g[data-cell]', (el) => el.dataset.card);
  let busy = $('busy');
  if (v.busy && !busy) {
    busy = document.createElement('div');
    busy.id = 'busy';
    busy.className = 'busy';
    busy.textContent = 'hand over the table';
    $('frame').append(busy);
  } else if (!v.busy && busy) busy.remove();
}
