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
        <a class="btn" href="/?table=${esc(t.id)}" data-testid="open-table">Correct cards, turns and warnings on the table</a>
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
  }
}
