// Shared by the pages: the header and theme, escaping, card tiles, pills.
export const SHAPES = { circle: '●', crescent: '☾', triangle: '▲', square: '■', star: '★' };

export function esc(text) {
  return String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** A card as a tile: TIC cards as number, shape glyph and colour; others by name. The last turn's and a warned card carry a word, not just a colour. */
export function tile(card, classes = '') {
  const mark = /warned/.test(classes) ? '<span class="mark">⚠</span>' : /last/.test(classes) ? '<span class="mark">last</span>' : '';
  return cardTile(card, classes).replace(/<\/div>$/, `${mark}</div>`);
}

function cardTile(card, classes) {
  const m = /^([1-5])-(circle|crescent|triangle|square|star)-(violet|cyan|yellow|orange|red)$/.exec(card);
  if (m) {
    return `<div class="tile ${classes}" title="${esc(card)}" data-card="${esc(card)}"><span class="n c-${m[3]}">${m[1]}</span><span class="s c-${m[3]}">${SHAPES[m[2]]}</span><span class="name">${esc(card)}</span></div>`;
  }
  const s = /^(red|blue)-(\d|wild)$/.exec(card);
  if (s) return `<div class="tile ${classes}" title="${esc(card)}" data-card="${esc(card)}"><span class="n" style="color:${s[1] === 'red' ? '#e0262f' : '#2f6fe0'}">${s[2] === 'wild' ? 'W' : s[2]}</span><span class="name">${esc(card)}</span></div>`;
  return `<div class="tile ${classes}" title="${esc(card)}" data-card="${esc(card)}"><span class="name" style="position:static;font-size:.8rem">${esc(card)}</span></div>`;
}

export const GAME_NAMES = { progression: 'Progression', 'sequence-shift': 'Sequence Shift', 'sequence-hunt': 'Sequence Hunt', 'sequence-stacks': 'Sequence Stacks', sequence: 'Sequence' };

export function sourcePill(view) {
  if (view.sourceKind === 'recorded-truth') return '<span class="pill truth" data-testid="source-kind" title="Cards come from the recording\'s own truth, not from recognition">RECORDED TRUTH</span>';
  const words = { 'recorded-frames': 'REPLAY · RECORDED FRAMES', 'recorded-board': 'REPLAY · RECORDED BOARD', images: 'IMAGES', webcam: 'WEBCAM', browser: 'BROWSER CAMERA', board: 'LIVE BOARD' };
  return `<span class="pill" data-testid="source-kind">${esc(words[view.sourceKind] ?? view.sourceKind)}</span>`;
}

/** The camera's calibration as a pill: CALIBRATED (tilt, px/mm), or UNCALIBRATED after a failed recalibration; nothing without a profile. */
export function calibrationPill(c) {
  if (!c) return '';
  if (!c.calibrated) return '<span class="pill uncal" data-testid="calibration" title="The camera moved and could not be recalibrated: recognition works on the frame as it is">UNCALIBRATED</span>';
  const detail = 'tiltDeg' in c ? ` · ${Math.round(c.tiltDeg)}° · ${c.pxPerMm.toFixed(2)} px/mm` : '';
  const title = 'source' in c ? `Calibrated: ${c.source} (${c.created}); residual ${c.residualMm} mm; ${c.recalibrations} recalibration(s) in play` : 'Calibrated';
  return `<span class="pill cal" data-testid="calibration" title="${esc(title)}">CALIBRATED${esc(detail)}</span>`;
}

/** The latest camera warning ("camera moved 14 mm: recalibrated"), or nothing. */
export function cameraWarning(text, kind) {
  if (!text) return '';
  return `<div class="camera-warning ${kind === 'restored' ? 'ok' : kind === 'recalibration-failed' ? 'bad' : ''}" data-testid="camera-warning" data-kind="${esc(kind)}">${esc(text)}</div>`;
}

export function statusPill(status, text) {
  return `<span class="pill ${esc(status)}" data-testid="status" title="${esc(text)}">${esc(status.toUpperCase())}</span>`;
}

const PAGES = [
  ['/', 'Tables'],
  ['/event', 'Event'],
  ['/overview', 'Overview'],
  ['/capture', 'Camera'],
  ['/organiser', 'Organiser'],
];

/** The light theme (daylight, projectors) or the dark one; chosen once, kept in this browser. */
export function theme() {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

function setTheme(name) {
  document.documentElement.dataset.theme = name;
  localStorage.setItem('seqref-theme', name);
  const button = document.getElementById('theme');
  if (button) {
    button.textContent = name === 'light' ? 'Dark theme' : 'Light theme';
    button.setAttribute('aria-pressed', String(name === 'light'));
  }
}

/** Fills the page's <header class="top">: the brand, one link a page (the current one marked), the theme switch. */
export function header(active) {
  const top = document.querySelector('header.top');
  top.innerHTML = `<a class="brand" href="/" aria-label="seqref: home">seq<span>ref</span></a>
    <nav class="pages" aria-label="Pages">${PAGES.map(([href, label]) => `<a href="${href}" ${href === active ? 'aria-current="page" class="active"' : ''}>${label}</a>`).join('')}</nav>
    <button id="theme" class="theme" type="button" data-testid="theme"></button>`;
  setTheme(theme());
  document.getElementById('theme').onclick = () => setTheme(theme() === 'light' ? 'dark' : 'light');
}

/** Says `text` to a screen reader through the page's aria-live region (#announce). */
export function announce(text) {
  const region = document.getElementById('announce');
  if (!region) return;
  // A new node each time: the same words twice are announced twice.
  region.textContent = '';
  setTimeout(() => (region.textContent = text), 50);
}

/** "Ana vs Ben", "Team A vs Team B vs Team C". */
export function versus(names) {
  return names.join(' vs ');
}

/** Whether a table plays back a recording (never a live table). */
export function isReplay(t) {
  return String(t.sourceKind).startsWith('recorded');
}

export function tableLabel(t) {
  return `Table ${t.number} · ${GAME_NAMES[t.game] ?? t.game}`;
}

/** Standings points: whole, or to two places (a shared win is 1/k). */
export function points(n) {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}
