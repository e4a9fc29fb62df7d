// Every table of the event: status, scores, warnings; organiser actions carry the token, and the
// server answers each one (a refusal is shown, never hidden).
import { esc, GAME_NAMES, calibrationPill, cameraWarning, statusPill, sourcePill } from './common.js';

const socket = io();
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const tokenInput = $('token');
tokenInput.value = params.get('token') ?? sessionStorage.getItem('seqref-token') ?? '';
tokenInput.oninput = () => sessionStorage.setItem('seqref-token', tokenInput.value);

let tables = [];
socket.on('tables', (list) => {
  tables = list;
  render();
});

function toast(text, bad) {
  $('toast').innerHTML = `<div class="toast ${bad ? 'bad' : ''}" data-testid="toast">${esc(text)}</div>`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => ($('toast').innerHTML = ''), 6000);
}

function act(table, type, extra = {}) {
  socket.emit('action', { token: tokenInput.value, table, type, ...extra }, (answer) => {
    // The referee's own words: what it did, or why nothing changed.
    if (answer.ok) toast(`${table}: ${answer.message}`, !answer.changed);
    else toast(answer.error, true);
  });
}

function render() {
  // Keep what the organiser is typing in a correction form.
  const typing = document.activeElement && document.activeElement.closest('.correct') ? document.activeElement.closest('.tcard')?.dataset.id : null;
  if (typing) return;
  $('tables').innerHTML = tables
    .map((t) => {
      const scores = t.playerNames.map((n, i) => `<span class="${i === t.current ? 'cur' : ''}">${esc(n)} <b>${t.scores[i] ?? 0}</b></span>`).join('');
      const last = t.lastWarning ? `<div class="last">Turn ${t.lastWarning.turn}: ${esc(t.lastWarning.message)} <i>(${esc(t.lastWarning.rule)})</i></div>` : '<div class="none">No warnings.</div>';
      return `<section class="panel tcard" data-id="${esc(t.id)}" data-testid="table-${esc(t.id)}">
        <h3><a href="/?table=${esc(t.id)}" title="Open the table: click a card on its picture to correct it, merge or give turns, dismiss warnings">${esc(GAME_NAMES[t.game] ?? t.game)} · ${esc(t.id)}</a></h3>
        <div class="meta">${statusPill(t.status, t.statusText)} ${sourcePill(t)} ${calibrationPill(t.calibration)} <span class="source">${t.turns} turns · ${t.warnings} warnings</span></div>
        <div class="source">${esc(t.statusText)}</div>
        ${cameraWarning(t.calibration?.warning, t.calibration?.warningKind)}
        <div class="mini-scores">${scores}</div>
        ${t.winner ? `<div class="winner">${esc(t.winner)} wins</div>` : ''}
        ${last}
        <div class="actions">
          <button data-act="end-turn" class="primary">End turn</button>
          <button data-act="undo">Undo turn</button>
          <button data-act="reset" class="danger">Reset table</button>
          <a class="btn" href="/api/tables/${esc(t.id)}/export">Export log</a>
        </div>
        <form class="correct">
          <input name="row" type="number" placeholder="row" required>
          <input name="col" type="number" placeholder="col" required>
          <input name="card" class="card" placeholder="${t.game === 'sequence' ? 'chip . G B R' : 'card, e.g. 3-star-orange'}" required>
          <button type="submit">Correct</button>
        </form>
        ${t.game === 'sequence-hunt' ? `<form class="correct credit" title="The camera cannot see who called a set">
          <input name="card" class="card" placeholder="a card of the claim" required>
          <select name="player">${t.playerNames.map((n, i) => `<option value="${i}">${esc(n)}</option>`).join('')}</select>
          <button type="submit">Credit claim</button>
        </form>` : ''}
      </section>`;
    })
    .join('');
  for (const card of $('tables').querySelectorAll('.tcard')) {
    const id = card.dataset.id;
    for (const b of card.querySelectorAll('button[data-act]')) {
      b.onclick = () => {
        if (b.dataset.act === 'reset' && !confirm(`Reset table ${id}? Its turns are kept in the log.`)) return;
        act(id, b.dataset.act);
      };
    }
    for (const form of card.querySelectorAll('form')) {
      form.onsubmit = (e) => {
        e.preventDefault();
        const f = new FormData(e.target);
        if (form.classList.contains('credit')) act(id, 'credit', { card: String(f.get('card')), player: Number(f.get('player')) });
        else act(id, 'correct', { row: Number(f.get('row')), col: Number(f.get('col')), card: String(f.get('card')) });
      };
    }
  }
}
