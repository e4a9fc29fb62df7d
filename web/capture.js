// The browser camera: getUserMedia, a JPEG every 250 ms over Socket.IO to the table chosen. The
// server reads the frames (recogniser) and this page shows what it saw.
import { esc, header, tableLabel } from './common.js';

header('/capture');
const socket = io();
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let stream = null;
let timer = null;
let sent = 0, taken = 0, refused = 0, inFlight = false;

socket.on('tables', (list) => {
  const cams = list.filter((t) => t.sourceKind === 'browser');
  const chosen = $('table').value || params.get('table') || cams[0]?.id || '';
  $('table').innerHTML = cams.length ? cams.map((t) => `<option value="${esc(t.id)}" ${t.id === chosen ? 'selected' : ''}>${esc(tableLabel(t))} (${esc(t.id)})</option>`).join('') : '<option value="">no table takes a browser camera (seqref serve --camera browser)</option>';
  if (chosen) socket.emit('watch', chosen);
});
$('table').onchange = () => socket.emit('watch', $('table').value);
socket.on('state', (v) => {
  if (v.id !== $('table').value) return;
  $('seen').innerHTML = v.seen.length ? v.seen.map((c) => `<div>${esc(c.card)} at (${c.row},${c.col})</div>`).join('') : `<div class="none">${esc(v.statusText)}</div>`;
  $('seen').dataset.cards = String(v.seen.length);
  $('seen').dataset.turns = String(v.turns.length);
});

function stats() {
  $('stats').textContent = `${sent} sent · ${taken} read · ${refused} refused`;
}

// A browser lets only a secure page (https, or this computer's localhost) use a camera: said at
// once, with what to do, rather than as a failure on Start.
const INSECURE = !window.isSecureContext || !navigator.mediaDevices;
if (INSECURE) {
  $('status').textContent = 'This browser lets a page use its camera only over https (or on the computer running seqref, at localhost). Start the server with "seqref serve --https" and open this page at the https:// address it prints (accept its certificate once).';
  $('status').classList.add('camera-warning', 'bad');
  $('start').disabled = true;
}

async function start() {
  if (INSECURE) return;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false });
  } catch (error) {
    $('status').textContent = `No camera: ${error.message}`;
    return;
  }
  $('video').srcObject = stream;
  $('video').onloadedmetadata = () => showShots();
  $('status').textContent = 'Sending frames…';
  timer = setInterval(sendFrame, 250);
}

function sendFrame() {
  const video = $('video');
  const table = $('table').value;
  if (inFlight || !table || !video.videoWidth) return;
  const canvas = $('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d').drawImage(video, 0, 0);
  inFlight = true;
  canvas.toBlob(async (blob) => {
    if (!blob) return (inFlight = false);
    const jpeg = await blob.arrayBuffer();
    sent++;
    socket.timeout(5000).emit('capture:frame', { table, jpeg }, (err, answer) => {
      inFlight = false;
      if (err) refused++;
      else if (answer.ok) taken++;
      else {
        refused++;
        $('status').textContent = answer.error;
      }
      stats();
    });
  }, 'image/jpeg', 0.8);
}

function stop() {
  clearInterval(timer);
  stream?.getTracks().forEach((t) => t.stop());
  stream = null;
  showShots();
  $('status').textContent = 'Stopped.';
}

$('start').onclick = start;
$('stop').onclick = stop;
if (params.has('auto')) start();

// Learning a deck (contracts section 6): a guide over the camera for each of the five photos, the
// photos sent one message each, then `seqref enrol` run on the server with its lines shown here.
const SHAPES = ['circle', 'crescent', 'triangle', 'square', 'star'];
const COLOURS = { violet: '#7b3fa0', cyan: '#1fa3c0', yellow: '#e8b90c', orange: '#ee7d21', red: '#d0312d' };
/** The longest side a photo is sent at: plenty for cards 100 px wide, and within a message's size. */
const LONGEST = 2048;
const photos = [];
let learnt = null;

const nextShot = () => [0, 1, 2, 3, 4].find((k) => !photos[k]) ?? -1;

function drawGuide() {
  const video = $('video');
  const overlay = $('overlay');
  if (overlay.hidden || !video.videoWidth) return;
  overlay.width = video.videoWidth;
  overlay.height = video.videoHeight;
  const ctx = overlay.getContext('2d');
  const { width: w, height: h } = overlay;
  ctx.clearRect(0, 0, w, h);
  // Five rows of poker cards with gaps, as large as fits the frame's middle.
  const cardH = Math.min((h * 0.86) / 5.4, (w * 0.8) / (5.4 * 0.716));
  const cardW = cardH * 0.716;
  const gapX = cardW * 0.1, gapY = cardH * 0.1;
  const x0 = (w - 5 * cardW - 4 * gapX) / 2, y0 = (h - 5 * cardH - 4 * gapY) / 2;
  ctx.lineWidth = Math.max(2, w / 400);
  ctx.font = `${Math.round(cardH * 0.16)}px sans-serif`;
  const k = nextShot();
  SHAPES.forEach((shape, row) => {
    Object.entries(COLOURS).forEach(([, ink], col) => {
      const x = x0 + col * (cardW + gapX), y = y0 + row * (cardH + gapY);
      ctx.strokeStyle = ink;
      ctx.strokeRect(x, y, cardW, cardH);
      if (k >= 0) {
        ctx.fillStyle = ink;
        ctx.fillText(`${k + 1} ${shape}`, x + cardW * 0.08, y + cardH * 0.22);
      }
    });
  });
  requestAnimationFrame(drawGuide);
}

function showShots() {
  $('enrol-shots').innerHTML = [0, 1, 2, 3, 4].map((k) => `<li>${photos[k]?.url ? `<img alt="photo ${k + 1}" src="${photos[k].url}">` : '<span class="none">–</span>'}photo ${k + 1}</li>`).join('');
  const k = nextShot();
  $('enrol-take').textContent = k >= 0 ? `Take photo ${k + 1}` : 'All five taken';
  $('enrol-take').disabled = k < 0 || !stream;
  $('enrol-next').textContent = k >= 0 ? `next: photo ${k + 1}, the 25 cards of number ${k + 1}` : 'five photos taken';
  $('enrol-send').disabled = k >= 0 || photos.some((p) => !p?.jpeg);
}

/** A photo from an image source (the video, or a picture chosen), as JPEG bytes at most LONGEST px long. */
function keep(source, width, height) {
  const k = nextShot();
  if (k < 0) return;
  const scale = Math.min(1, LONGEST / Math.max(width, height));
  // The place is taken at once: a picture chosen while this one is encoded goes to the next.
  photos[k] = { jpeg: null, url: '' };
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext('2d').drawImage(source, 0, 0, canvas.width, canvas.height);
  canvas.toBlob(async (blob) => {
    photos[k] = blob ? { jpeg: await blob.arrayBuffer(), url: URL.createObjectURL(blob) } : undefined;
    showShots();
  }, 'image/jpeg', 0.9);
}

$('enrol-guide').onclick = () => {
  $('overlay').hidden = !$('overlay').hidden;
  $('enrol-guide').textContent = $('overlay').hidden ? 'Show the guide' : 'Hide the guide';
  drawGuide();
};
$('enrol-take').onclick = () => {
  const video = $('video');
  if (video.videoWidth) keep(video, video.videoWidth, video.videoHeight);
};
$('enrol-file').onchange = async () => {
  const file = $('enrol-file').files[0];
  if (!file) return;
  const bitmap = await createImageBitmap(file);
  keep(bitmap, bitmap.width, bitmap.height);
  $('enrol-file').value = '';
};
$('enrol-shots').onclick = (e) => {
  // A photo clicked is taken again.
  const index = [...$('enrol-shots').children].indexOf(e.target.closest('li'));
  if (index >= 0 && photos[index]) {
    photos[index] = undefined;
    showShots();
  }
};

const ask = (event, payload) => new Promise((resolve) => socket.timeout(30000).emit(event, payload, (err, answer) => resolve(err ? { ok: false, error: 'the server did not answer' } : answer)));

$('enrol-send').onclick = async () => {
  $('enrol-send').disabled = true;
  $('enrol-use').hidden = true;
  $('enrol-log').hidden = false;
  $('enrol-log').textContent = '';
  $('enrol-result').textContent = 'Sending the photos…';
  for (let k = 0; k < 5; k++) {
    const answer = await ask('enrol:photo', { index: k + 1, jpeg: photos[k].jpeg });
    if (!answer.ok) return failed(answer.error);
  }
  const answer = await ask('enrol', { name: $('enrol-name').value });
  if (!answer.ok) return failed(answer.error);
  $('enrol-result').textContent = 'Learning the deck: a few minutes…';
};

function failed(error) {
  $('enrol-result').textContent = error;
  $('enrol-send').disabled = nextShot() >= 0;
}

socket.on('enrol:progress', (line) => {
  $('enrol-log').textContent += `${line}\n`;
  $('enrol-log').scrollTop = $('enrol-log').scrollHeight;
});
socket.on('enrol:done', (done) => {
  $('enrol-send').disabled = false;
  if (!done.deck) return failed(`Not learnt: ${done.error}`);
  learnt = done.deck;
  $('enrol-result').textContent = `Learnt: ${done.deck}${done.code === 1 ? ' (some cards missing or swapped: see above)' : ''}`;
  $('enrol-result').dataset.deck = done.deck;
  $('enrol-use').hidden = !$('table').value;
});
$('enrol-use').onclick = async () => {
  const answer = await ask('table:deck', { table: $('table').value, deck: learnt });
  $('enrol-result').textContent = answer.ok ? answer.message : answer.error;
};
showShots();
