// The event for everyone: standings over the rounds, each round's pairings with their results and
// the games kept, and the downloads. Updated as games end.
import { esc, header, announce, points, versus, GAME_NAMES } from './common.js';

header('/event');
const socket = io();
const $ = (id) => document.getElementById(id);
let results = null;

/** A pairing's result in words, with a link to its game where the event kept it. */
function resultWords(p) {
  const r = p.result;
  if (!r) return '<span class="none">playing or not started</span>';
  const who = r.winners.length ? `${r.winners.map((w) => esc(r.players[w])).join(' and ')} won` : 'nobody won';
  const game = r.gameId ? ` · <a href="/game/${encodeURIComponent(r.gameId)}">the game</a>` : '';
  return `<b>${who}</b> · ${esc(r.scores.join(' – '))} ${esc(r.scoreUnit)}${r.by === 'organiser' ? ' · by the organiser' : ''}${game}`;
}

function render(event) {
  document.title = `seqref · ${event.name}`;
  $('title').textContent = event.name;
  $('round').textContent = `ROUND ${event.round} IN PLAY`;
  const rounds = event.rounds;
  $('standings').innerHTML = event.standings.length
    ? `<table class="data"><thead><tr><th class="num">#</th><th>Player</th><th class="num">Points</th><th class="num">Wins</th><th class="num">Played</th>${rounds.map((r) => `<th class="num">R${r}</th>`).join('')}</tr></thead><tbody>${event.standings
        .map((s) => `<tr data-testid="standing"><td class="num">${s.rank}</td><td>${esc(s.name)}</td><td class="num">${points(s.points)}</td><td class="num">${s.wins}</td><td class="num">${s.played}</td>${rounds.map((r) => `<td class="num">${esc(s.byRound[r - 1] ?? '')}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>`
    : '<div class="none">No pairings yet: the organiser adds them on the Organiser page, or starts seqref serve --event pairings.csv.</div>';
  $('rounds').innerHTML = rounds
    .map((round) => {
      const rows = event.pairings.filter((p) => p.round === round);
      return `<section class="panel" data-testid="round-${round}"><h2>Round ${round}${round === event.round ? ' · in play' : ''}</h2>${rows.length
        ? `<div class="scroll-x"><table class="data"><tbody>${rows
            .map((p) => {
              const t = event.tables.find((x) => x.id === p.tableId);
              return `<tr data-testid="pairing"><td><a href="/table/${encodeURIComponent(p.tableId)}">Table ${p.number}</a><br><span class="source">${esc(GAME_NAMES[t?.game] ?? t?.game ?? '')}</span></td><td>${esc(versus(p.players))}</td><td data-testid="result">${resultWords(p)}</td></tr>`;
            })
            .join('')}</tbody></table></div>`
        : '<div class="none">No pairings.</div>'}</section>`;
    })
    .join('');
  const done = event.results.length;
  if (results !== null && done > results) announce(`${done - results} new result${done - results === 1 ? '' : 's'}`);
  results = done;
}

socket.on('event', render);
