// The dashboard of one table: camera frame with card outlines, the layout (or the Sequence
// board with its sequences), scores, warnings as they happen, and the turns.
import { esc, tile, GAME_NAMES, TEAM_COLOURS, sourcePill, statusPill } from './common.js';

const socket = io();
const params = new URLSearchParams(location.search);
const fromPath = location.pathname.startsWith('/table/') ? decodeURIComponent(location.pathname.slice(7)) : null;
let current = fromPath ?? params.get('table');
let tables = [];
let view = null;
let layoutCards = null;
let frameUrl = null;

const $ = (id) => document.getElementById(id);

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

function render() {
  const v = view;
  document.title = `seqref · ${v.name}`;
  $('title').textContent = `${GAME_NAMES[v.game] ?? v.game} · ${v.id}`;
  $('pills').innerHTML = `${statusPill(v.status, v.statusText)} ${sourcePill(v)}`;
  $('source').textContent = `${v.source} — ${v.statusText}`;
  renderScores(v);
  renderWarnings(v);
  renderTurns(v);
  if (v.game === 'sequence') renderBoard(v);
  else renderLayout(v);
  renderOutlines(v);
  $('winner').innerHTML = v.winner ? `<div class="winner" data-testid="winner">🏆 ${esc(v.winner)} wins</div>` : '';
}

function renderScores(v) {
  const unit = v.game === 'sequence' ? 'sequences' : 'points';
  $('scores').innerHTML = v.playerNames
    .map((name, i) => {
      const dot = v.game === 'sequence' ? `<span class="dot" style="background:${TEAM_COLOURS[i]}"></span>` : '';
      const turn = i === v.current && v.status !== 'ended' ? '<small>to play</small>' : '';
      return `<div class="score ${i === v.current ? 'current' : ''}" data-testid="player-${i}"><div class="who">${dot}${esc(name)} ${turn}</div><div class="pts" data-testid="score-${i}" title="${unit}">${v.scores[i] ?? 0}</div></div>`;
    })
    .join('');
  $('turn-count').textContent = `${v.turns.length} turn${v.turns.length === 1 ? '' : 's'}`;
}

function renderWarnings(v) {
  $('warning-count').textContent = v.warnings.length ? String(v.warnings.length) : '';
  if (!v.warnings.length) {
    $('warnings').innerHTML = '<div class="none">No rule broken so far.</div>';
    return;
  }
  $('warnings').innerHTML = [...v.warnings]
    .reverse()
    .map(
      (w) => `<div class="warning" data-testid="warning" data-rule="${esc(w.rule)}">
        <div class="head"><span>TURN ${w.turn} · ${esc(v.playerNames[w.player] ?? '')}</span><span>${esc(w.rule)}</span></div>
        <div class="msg">${esc(w.message)}</div>
        ${w.sentence ? `<div class="rule">Rule: “${esc(w.sentence)}”</div>` : ''}
      </div>`,
    )
    .join('');
}

function renderTurns(v) {
  $('turns').innerHTML = [...v.turns]
    .reverse()
    .slice(0, 60)
    .map((t) => `<div class="turn ${t.legal ? '' : 'illegal'}" data-testid="turn"><span class="no">#${t.number}</span><span>${esc(v.playerNames[t.player] ?? '')}: ${esc(t.summary)}</span><span class="pts">${v.game === 'sequence' ? '' : `+${t.points}`}</span></div>`)
    .join('') || '<div class="none">No turn yet.</div>';
  $('notices').textContent = v.notices.slice(-3).join(' · ');
}

function warnedCells(v) {
  const last = v.turns.at(-1);
  const cells = new Set();
  if (last && !last.legal) for (const p of last.added) cells.add(`${p.row},${p.col}`);
  return cells;
}

function renderLayout(v) {
  $('view-title').textContent = 'Camera';
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
      html += card ? tile(card, warned.has(key) ? 'warned' : last.has(key) ? 'last' : '') : '<div class="cell-empty"></div>';
    }
  }
  $('layout').style.gridTemplateColumns = `repeat(${c1 - c0 + 1}, 74px)`;
  $('layout').innerHTML = html;
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
      const cls = ['space', card ? '' : 'corner', seq.has(`${r},${c}`) ? 'seq' : '', last.has(`${r},${c}`) ? 'last' : ''].join(' ');
      html += `<div class="${cls}" data-cell="${r},${c}">${card ? esc(card) : '★'}${chip !== '.' ? `<span class="chip ${esc(chip)}"></span>` : ''}</div>`;
    }
  }
  $('layout').className = 'board';
  $('layout').style.gridTemplateColumns = '';
  $('layout').innerHTML = html;
}

function renderOutlines(v) {
  if (v.game === 'sequence') return;
  $('frame').style.display = '';
  $('layout').className = 'layout';
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
  const size = Math.max(14, Math.round(h / 34));
  svg.innerHTML = v.seen
    .filter((c) => c.corners)
    .map((c) => {
      const pts = c.corners.map((p) => p.join(',')).join(' ');
      const cx = c.corners.reduce((s, p) => s + p[0], 0) / c.corners.length;
      const top = Math.min(...c.corners.map((p) => p[1]));
      return `<polygon class="outline ${warned.has(`${c.row},${c.col}`) ? 'warned' : ''}" points="${pts}"/><text class="label" x="${cx}" y="${top - 8}" text-anchor="middle" font-size="${size}">${esc(c.card)}</text>`;
    })
    .join('');
  let busy = $('busy');
  if (v.busy && !busy) {
    busy = document.createElement('div');
    busy.id = 'busy';
    busy.className = 'busy';
    busy.textContent = 'hand over the table';
    $('frame').append(busy);
  } else if (!v.busy && busy) busy.remove();
}
