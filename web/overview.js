// Every table at once, big enough for a projector: who plays, the scores, whose turn, the latest
// warning and the result, then the event's standings. A new warning anywhere is said to a screen
// reader.
import { esc, header, announce, isReplay, points, tableLabel, statusPill } from './common.js';

header('/overview');
const socket = io();
const $ = (id) => document.getElementById(id);
let warned = null;

socket.on('tables', (tables) => {
  $('overview').innerHTML = tables
    .map((t) => {
      const rows = t.playerNames
        .map((n, i) => `<div class="ov ${i === t.current && t.status !== 'ended' ? 'current' : ''}"><span>${i === t.current && t.status !== 'ended' ? '▶ ' : ''}${esc(n)}</span><b data-testid="overview-score">${t.scores[i] ?? 0}</b></div>`)
        .join('');
      const last = t.lastWarning ? `<div class="last">⚠ Turn ${t.lastWarning.turn}: ${esc(t.lastWarning.message)}</div>` : '';
      return `<a class="panel otable table-link" href="/table/${encodeURIComponent(t.id)}" data-testid="overview-table" data-id="${esc(t.id)}" style="display:block">
        <h3><span>${esc(tableLabel(t))}</span>${statusPill(t.status, t.statusText)}</h3>
        <div class="source">${t.round ? `Round ${t.round} · ` : ''}${t.turns} turn${t.turns === 1 ? '' : 's'}${isReplay(t) ? ' · replay' : ''}</div>
        <div class="ovs">${rows}</div>
        ${t.winner ? `<div class="winner">★ ${esc(t.winner)} won</div>` : ''}${last}
      </a>`;
    })
    .join('');
  const now = new Map(tables.map((t) => [t.id, t.warnings]));
  if (warned) {
    const fresh = tables.filter((t) => t.warnings > (warned.get(t.id) ?? 0) && t.lastWarning);
    if (fresh.length) announce(fresh.map((t) => `Warning at ${tableLabel(t)}: ${t.lastWarning.message}`).join('. '));
  }
  warned = now;
});
/** The leaders, as many as a projector shows at a glance. */
const STANDINGS_SHOWN = 12;

socket.on('event', (event) => {
  $('title').textContent = event.pairings.length ? event.name : 'Every table';
  $('round').textContent = event.pairings.length ? `ROUND ${event.round}` : '';
  $('standings').hidden = event.standings.length === 0;
  $('standings-table').innerHTML = `<thead><tr><th class="num">#</th><th>Player</th><th class="num">Points</th><th class="num">Wins</th><th class="num">Played</th></tr></thead><tbody>${event.standings
    .slice(0, STANDINGS_SHOWN)
    .map((s) => `<tr><td class="num">${s.rank}</td><td>${esc(s.name)}</td><td class="num">${points(s.points)}</td><td class="num">${s.wins}</td><td class="num">${s.played}</td></tr>`)
    .join('')}</tbody>`;
});
