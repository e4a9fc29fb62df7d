// The dashboard of one table: camera frame with card outlines, the layout (or the Sequence
// board with its sequences), scores, warnings as they happen, and the turns.
import { esc, tile, GAME_NAMES, TEAM_COLOURS, calibrationPill, cameraWarning, sourcePill, statusPill } from './common.js';

const socket = io();
const params = new URLSearchParams(location.search);
const fromPath = location.pathname.startsWith('/table/') ? decodeURIComponent(location.pathname.slice(7)) : null;
let current = fromPath ?? params.get('table');
let tables = [];
let view = null;
let layoutCards = null;
let frameUrl = null;

const $ = (id) => document.getElementById(id);

// Organiser tools: with the organiser token (typed on /organiser, or ?token= in the address), the
// cards on the table picture can be clicked to correct them, turns merged or given to another
// player, and warnings dismissed with a reason. The server answers each action; its words are shown.
const organiserToken = params.get('token') ?? sessionStorage.getItem('seqref-token') ?? '';
if (params.get('token')) sessionStorage.setItem('seqref-token', params.get('token'));
const organiser = organiserToken.length > 0;

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

socket.on('tables', (list) => {
  tables = list;
  if (!current && list.length) watch(list[0].id);
  renderTabs();
});
socket.on('connect', () => current && socket.emit('watch', current));
socket.on('state', (v) => {
  if (v.id !== current) return;
  view = v;
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
    img.alt = 'camera frame';
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
socket.on('problem', (p) => console.warn('server:', p.error));

function watch(id) {
  current = id;
  view = null;
  history.replaceState(null, '', `/?table=${encodeURIComponent(id)}`);
  const img = $('frame-img');
  if (img) img.remove();
  socket.emit('watch', id);
  renderTabs();
}

function renderTabs() {
  $('tabs').innerHTML = tables
    .map((t) => `<a href="/?table=${esc(t.id)}" data-id="${esc(t.id)}" class="${t.id === current ? 'active' : ''}">${esc(GAME_NAMES[t.game] ?? t.game)} · ${esc(t.id)}${t.warnings ? `<span class="badge">${t.warnings}</span>` : ''}</a>`)
    .join('');
  for (const a of $('tabs').querySelectorAll('a')) {
    a.onclick = (e) => {
      e.preventDefault();
      watch(a.dataset.id);
    };
  }
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
  const v = view;
  if (organiser) fillCardNames(v.game);
  document.title = `seqref · ${v.name}`;
  $('title').textContent = `${GAME_NAMES[v.game] ?? v.game} · ${v.id}`;
  $('pills').innerHTML = `${statusPill(v.status, v.statusText)} ${sourcePill(v)} ${calibrationPill(v.calibration)}`;
  $('camera').innerHTML = cameraWarning(v.calibration?.warning?.text, v.calibration?.warning?.kind);
  $('source').textContent = `${v.source} — ${v.statusText}`;
  renderScores(v);
  renderWarnings(v);
  renderTurns(v);
  if (v.game === 'sequence') renderBoard(v);
  else renderLayout(v);
  renderOutlines(v);
  $('winner').innerHTML = v.winner ? `<div class="winner" data-testid="winner">🏆 ${esc(v.winner)} ${v.result && v.result.winners.length > 1 ? 'share the win' : 'wins'}</div>` : '';
}

function renderScores(v) {
  const unit = v.scoreUnit || (v.game === 'sequence' ? 'sequences' : 'points');
  $('scores').innerHTML = v.playerNames
    .map((name, i) => {
      const dot = v.game === 'sequence' ? `<span class="dot" style="background:${TEAM_COLOURS[i]}"></span>` : '';
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
        <div class="head"><span>TURN ${w.turn} · ${esc(v.playerNames[w.player] ?? '')}${state}</span><span>${esc(w.rule)}</span></div>
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
      const tag = t.withdrawn ? '<span class="tag">taken back</span>' : t.kind === 'claim' ? '<span class="tag claim">claim</span>' : '';
      const tools = organiser && v.game !== 'sequence'
        ? `<span class="tools"><button data-merge="${index}" title="This turn and the next are one turn">merge with next</button><select data-assign="${index}" aria-label="give turn ${t.number} to">${v.playerNames.map((n, p) => `<option value="${p}" ${p === t.player ? 'selected' : ''}>${esc(n)}</option>`).join('')}</select></span>`
        : organiser ? `<span class="tools"><button data-merge="${index}" title="This move and the next are one move">merge with next</button></span>` : '';
      return `<div class="turn ${t.legal ? '' : 'illegal'} ${t.withdrawn ? 'withdrawn' : ''}" data-testid="turn" data-index="${index}"><span class="no">#${t.number}</span><span>${esc(v.playerNames[t.player] ?? '')}: ${esc(t.summary)} ${tag}${tools}</span><span class="pts">${esc(turnPoints(v, t))}</span></div>`;
    })
    .join('') || '<div class="none">No turn yet.</div>';
  for (const b of $('turns').querySelectorAll('button[data-merge]')) b.onclick = () => act('merge', { turn: Number(b.dataset.merge) });
  for (const sel of $('turns').querySelectorAll('select[data-assign]')) sel.onchange = () => act('assign', { turn: Number(sel.dataset.assign), player: Number(sel.value) });
  $('notices').textContent = v.notices.slice(-3).join(' · ');
}

function warnedCells(v) {
  const last = v.turns.at(-1);
  const cells = new Set();
  if (last && !last.legal && !last.withdrawn) for (const p of last.added) cells.add(`${p.row},${p.col}`);
  return cells;
}

function renderLayout(v) {
  $('view-title').textContent = 'Camera';
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
  $('layout').style.gridTemplateColumns = `repeat(${c1 - c0 + 1}, 74px)`;
  $('layout').innerHTML = html;
  correctable($('layout'), '[data-cell]', (el) => at.get(el.dataset.cell));
}

/** With the organiser token, clicking a card (`selector` within `root`) asks what it really is. */
function correctable(root, selector, cardOf) {
  if (!organiser) return;
  for (const el of root.querySelectorAll(selector)) {
    el.classList.add('correctable');
    el.onclick = () => {
      const [row, col] = el.dataset.cell.split(',').map(Number);
      askCorrection(row, col, cardOf(el));
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
  $('layout').style.gridTemplateColumns = 'repeat(5, 96px)';
  $('layout').innerHTML = html + (stray.length ? `<div class="stray">Off the spaces: ${stray.map((c) => esc(c.card)).join(', ')}</div>` : '');
}

async function renderBoard(v) {
  $('view-title').textContent = 'Board';
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
      // The card's name stays readable on top of its chip.
      html += `<div class="${cls}" data-cell="${r},${c}">${chip !== '.' ? `<span class="chip ${esc(chip)}"></span>` : ''}<span class="lbl">${card ? esc(card) : '★'}</span></div>`;
    }
  }
  $('layout').className = 'board';
  $('layout').style.gridTemplateColumns = '';
  $('layout').innerHTML = html;
  correctable($('layout'), '[data-cell]', (el) => {
    const [r, c] = el.dataset.cell.split(',').map(Number);
    return `the ${{ G: 'green chip', B: 'blue chip', R: 'red chip' }[v.board[r][c]] ?? 'empty space'}`;
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
  $('frame').style.display = '';
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
