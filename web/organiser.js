// Every table of the event: status, scores, warnings; organiser actions carry the token, and the
// server answers each one (a refusal is shown, never hidden).
import { esc, header, tableLabel, GAME_NAMES, calibrationPill, cameraWarning, statusPill, sourcePill } from './common.js';

header('/organiser');
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

// Decks a camera's table may read with: the enrolled decks the server has (asked again now and then,
// as a phone may learn one).
let decks = [];
async function loadDecks() {
  try {
    decks = (await (await fetch('/api/decks')).json()).decks ?? [];
  } catch {
    decks = [];
  }
}
loadDecks().then(render);
setInterval(loadDecks, 10000);
const READS_CAMERA = new Set(['browser', 'webcam', 'images']);

function deckChoice(t) {
  if (!READS_CAMERA.has(t.sourceKind)) return '';
  const options = [['', 'the deck of cards.md'], ...decks.map((d) => [d, d])];
  if (t.deck && !decks.includes(t.deck)) options.push([t.deck, t.deck]);
  return `<label class="source">Cards read as <select data-deck data-testid="deck-${esc(t.id)}">${options.map(([v, label]) => `<option value="${esc(v)}" ${v === (t.deck ?? '') ? 'selected' : ''}>${esc(label)}</option>`).join('')}</select></label>`;
}

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
  // Not while a deck is being chosen: the list would close under the organiser's finger.
  if (document.activeElement?.matches?.('select[data-deck]')) return;
  $('tables').innerHTML = tables
    .map((t) => {
      const scores = t.playerNames.map((n, i) => `<span class="${i === t.current ? 'cur' : ''}">${esc(n)} <b>${t.scores[i] ?? 0}</b></span>`).join('');
      const last = t.lastWarning ? `<div class="last">Turn ${t.lastWarning.turn}: ${esc(t.lastWarning.message)} <i>(${esc(t.lastWarning.rule)})</i></div>` : '<div class="none">No warnings.</div>';
      return `<section class="panel tcard" data-id="${esc(t.id)}" data-testid="table-${esc(t.id)}">
        <h3><a href="/table/${esc(t.id)}" title="Open the table: click a card on its picture to correct it, merge or give turns, dismiss warnings">${esc(tableLabel(t))} · ${esc(t.id)}</a></h3>
        <div class="meta">${statusPill(t.status, t.statusText)} ${sourcePill(t)} ${calibrationPill(t.calibration)} <span class="source">${t.turns} turns · ${t.warnings} warnings</span></div>
        <div class="source">${esc(t.statusText)}</div>
        ${cameraWarning(t.calibration?.warning, t.calibration?.warningKind)}${cameraWarning(t.deckDoubt, 'deck')}
        ${deckChoice(t)}
        <div class="mini-scores">${scores}</div>
        ${t.winner ? `<div class="winner">${esc(t.winner)} wins</div>` : ''}
        ${last}
        <div class="actions">
          <button data-act="end-turn" class="primary">End turn</button>
          <button data-act="undo">Undo turn</button>
          <button data-act="reset" class="danger">Reset table</button>
          <a class="btn" href="/api/tables/${esc(t.id)}/export">Export log</a>
        </div>
        <a class="btn" href="/table/${esc(t.id)}" data-testid="open-table">Correct cards, turns and warnings on the table</a>
      </section>`;
    })
    .join('');
  for (const card of $('tables').querySelectorAll('.tcard')) {
    const id = card.dataset.id;
    const select = card.querySelector('select[data-deck]');
    if (select) {
      select.onchange = () =>
        socket.emit('table:deck', { token: tokenInput.value, table: id, deck: select.value || null }, (answer) => {
          toast(answer.ok ? answer.message : answer.error, !answer.ok);
          select.blur();
        });
    }
    for (const b of card.querySelectorAll('button[data-act]')) {
      b.onclick = () => {
        if (b.dataset.act === 'reset' && !confirm(`Reset table ${id}? Its turns are kept in the log.`)) return;
        act(id, b.dataset.act);
      };
    }
  }
}

// The event: the round in play, the pairing list (edited here, saved as a whole), each pairing's
// result (the referee records a game that ends; the organiser may record or clear one by hand).
let event = null;
/** The rows being edited; null until the first event arrives, kept while the organiser edits. */
let rows = null;
let editing = false;

function eventAct(type, extra, done) {
  socket.emit('event', { token: tokenInput.value, type, ...extra }, (answer) => {
    toast(answer.ok ? answer.message : answer.error, !answer.ok);
    if (answer.ok && done) done();
  });
}

socket.on('event', (e) => {
  event = e;
  $('event-name').textContent = e.name;
  $('event-round').textContent = `round ${e.round} in play`;
  if (document.activeElement !== $('round-input')) $('round-input').value = String(e.round);
  // While the organiser edits, the rows stay as typed (a game ending meanwhile would take the focus).
  if (!editing) showSaved();
});

/** The pairings as the server keeps them (after a save, or when nobody is editing). */
function showSaved() {
  editing = false;
  rows = event.pairings.map((p) => ({ round: p.round, table: String(p.number), players: [...p.players] }));
  renderPairings();
}

function seatsOf(table) {
  return event.tables.find((t) => String(t.number) === String(table))?.seats ?? 2;
}

function renderPairings() {
  const tableOptions = (chosen) => event.tables.map((t) => `<option value="${t.number}" ${String(t.number) === String(chosen) ? 'selected' : ''}>${esc(tableLabel(t))}</option>`).join('');
  const resultCell = (row) => {
    const saved = event.pairings.find((p) => p.round === row.round && String(p.number) === String(row.table));
    if (!saved || editing) return '<span class="none">save first</span>';
    const r = saved.result;
    const now = r ? (r.winners.length ? r.winners.join(',') : 'nobody') : '';
    const options = [['', 'no result'], ...saved.players.map((n, i) => [String(i), `${n} won`]), ['nobody', 'nobody won']];
    return `<select data-result="${row.round}|${row.table}" aria-label="Result of round ${row.round}, table ${row.table}">${options.map(([v, l]) => `<option value="${v}" ${v === now ? 'selected' : ''}>${esc(l)}</option>`).join('')}</select>${r ? ` <span class="source">${r.by === 'referee' ? 'by the referee' : 'by hand'}</span>` : ''}`;
  };
  $('pairings').innerHTML = `<thead><tr><th>Round</th><th>Table</th><th>Players</th><th>Result</th><th></th></tr></thead><tbody>${rows
    .map((row, i) => {
      const seats = seatsOf(row.table);
      const names = Array.from({ length: seats }, (_, k) => `<input class="name" data-row="${i}" data-seat="${k}" value="${esc(row.players[k] ?? '')}" aria-label="Round ${row.round}, table ${row.table}, seat ${k + 1}" placeholder="seat ${k + 1}">`).join(' ');
      return `<tr data-testid="pairing-row"><td><input class="num" type="number" min="1" max="999" data-row="${i}" data-field="round" value="${row.round}" aria-label="Round"></td><td><select data-row="${i}" data-field="table" aria-label="Table">${tableOptions(row.table)}</select></td><td>${names}</td><td>${resultCell(row)}</td><td><button type="button" data-remove="${i}" aria-label="Remove this pairing">✕</button></td></tr>`;
    })
    .join('')}</tbody>`;
  for (const input of $('pairings').querySelectorAll('input[data-seat]')) {
    input.oninput = () => {
      editing = true;
      rows[input.dataset.row].players[input.dataset.seat] = input.value;
    };
  }
  for (const input of $('pairings').querySelectorAll('[data-field]')) {
    input.onchange = () => {
      editing = true;
      const row = rows[input.dataset.row];
      if (input.dataset.field === 'round') row.round = Number(input.value);
      else row.table = input.value;
      renderPairings();
    };
  }
  for (const b of $('pairings').querySelectorAll('button[data-remove]')) {
    b.onclick = () => {
      editing = true;
      rows.splice(Number(b.dataset.remove), 1);
      renderPairings();
    };
  }
  for (const sel of $('pairings').querySelectorAll('select[data-result]')) {
    sel.onchange = () => {
      const [round, table] = sel.dataset.result.split('|');
      if (sel.value === '') eventAct('clear-result', { round: Number(round), table });
      else eventAct('result', { round: Number(round), table, winners: sel.value === 'nobody' ? [] : [Number(sel.value)] });
    };
  }
}

$('add-row').onclick = () => {
  editing = true;
  const table = event.tables[0]?.number ?? 1;
  rows.push({ round: event.round, table: String(table), players: [] });
  renderPairings();
};
$('save-pairings').onclick = () => {
  const list = rows.map((r) => ({ round: r.round, table: r.table, players: r.players.slice(0, seatsOf(r.table)).map((n) => (n ?? '').trim()) }));
  eventAct('pairings', { pairings: list }, showSaved);
};
$('discard-pairings').onclick = showSaved;
$('load-csv').onclick = () => eventAct('pairings', { csv: $('csv').value }, showSaved);
$('round-set').onclick = () => eventAct('round', { round: Number($('round-input').value) });
