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
  $('status').textContent = 'Stopped.';
}

$('start').onclick = start;
$('stop').onclick = stop;
if (params.has('auto')) start();
