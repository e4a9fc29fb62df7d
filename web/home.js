// The first screen: what seqref is, the three things to do here, and every table (replays said so).
import { esc, header, versus, isReplay, tableLabel, statusPill, sourcePill } from './common.js';

header('/');
const socket = io();
const $ = (id) => document.getElementById(id);

socket.on('tables', (tables) => {
  const replays = tables.filter(isReplay).length;
  $('replay-note').innerHTML = replays
    ? `<div class="replay" data-testid="replay-note"><b>${replays === tables.length ? 'Every table here is a replay' : `${replays} of these ${tables.length} tables are replays`}</b> of games recorded with seqref, played back to show what it does. A table is live when a camera or a board is connected to it.</div>`
    : '';
  $('table-list').innerHTML = tables.length
    ? tables
        .map((t) => `<a class="table-link" href="/table/${encodeURIComponent(t.id)}" data-testid="table-link" data-id="${esc(t.id)}">
          <span class="what">${esc(tableLabel(t))}</span>
          <span class="who">${t.round ? `Round ${t.round} · ` : ''}${esc(versus(t.playerNames))}${t.scores.length ? ` · ${t.scores.join(' – ')}` : ''}</span>
          ${statusPill(t.status, t.statusText)} ${sourcePill(t)}
          <span class="stat">${t.turns} turn${t.turns === 1 ? '' : 's'}${t.warnings ? ` · ⚠ ${t.warnings} warning${t.warnings === 1 ? '' : 's'}` : ''}</span>
        </a>`)
        .join('')
    : '<div class="none">No table: start seqref serve with a source (seqref serve --help).</div>';
});
socket.on('event', (event) => {
  $('event-line').textContent = event.pairings.length ? `${event.name} · round ${event.round}` : '';
});
