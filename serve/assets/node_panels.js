// The row's neighbourhood and its history, loaded from the server after the row is shown, and a
// neighbour's neighbourhood opened in its place.
import { api } from './api.js';
import { showBoard } from './board.js';
import { el, fill } from './dom.js';
import { hoodCard } from './hood.js';
import { state, status } from './state.js';

export async function loadNode() {
  const item = state.batch.items[state.index];
  if (!item) return;
  const moves = state.moves;
  let node = state.nodes.get(item.material);
  if (!node) {
    // A picture of this node stays until the new one comes: the page keeps its length and place.
    const shown = document.getElementById('hood-slot').dataset.material === item.material;
    if (!shown) showNodeMissing('Loading the neighbourhood…', false);
    try {
      node = await api('GET', `/api/nodes/${item.material}`);
      state.nodes.set(item.material, node);
    } catch (e) {
      if (moves === state.moves) showNodeMissing(`The neighbourhood and history are not loaded: ${e.message}. They are loaded again when the server answers.`, true);
      return;
    }
  }
  if (moves !== state.moves) return;
  renderHood(node);
  renderHistory(node);
  prefetch(state.index + 1);
}

function prefetch(index) {
  const item = state.batch.items[index];
  if (!item || state.nodes.has(item.material)) return;
  api('GET', `/api/nodes/${item.material}`).then((n) => state.nodes.set(item.material, n), () => {});
}

function showNodeMissing(text, error) {
  document.getElementById('hood-slot').dataset.material = '';
  fill(document.getElementById('hood-slot'),
    el('section', { class: `card${error ? ' missing' : ''}`, id: 'neighbourhood' }, el('h2', {}, 'Neighbourhood'), el('p', { class: error ? 'warn' : 'muted' }, text)));
  fill(document.getElementById('history-slot'));
}

// Draws a neighbourhood for the width there is (the row's, or a neighbour's the reviewer opened);
// again when the width changes.
function renderHood(node) {
  const slot = document.getElementById('hood-slot');
  if (!slot) return;
  const width = Math.max(200, slot.clientWidth - 34);
  const row = state.batch.items[state.index].material;
  slot.dataset.width = String(slot.clientWidth);
  slot.dataset.material = row;
  slot.dataset.shown = node.material;
  const listOpen = document.getElementById('hood-list')?.open;
  const back = node.material === row ? null : { material: row, go: backToRow };
  fill(slot, hoodCard(node, width, openNeighbour, back));
  if (listOpen) document.getElementById('hood-list').open = true;
  if (back) slot.append(neighbourBoard(node.material));
}

// A neighbour's (or the mirror's) position and evidence, under its neighbourhood.
function neighbourBoard(material) {
  const board = el('section', {
    class: 'card board-slot', id: 'neighbour-board', 'data-material': material, 'aria-labelledby': 'neighbour-board-title',
  });
  let index = 0;
  const show = () => showBoard(board, material, index, state.batch.meanings, () => { index += 1; show(); }, 'neighbour-');
  show();
  return board;
}

// A neighbour's own neighbourhood in place of the row's, until `b` or a move to another row.
async function openNeighbour(material) {
  const moves = state.moves;
  let node = state.nodes.get(material);
  try {
    if (!node) {
      node = await api('GET', `/api/nodes/${material}`);
      state.nodes.set(material, node);
    }
  } catch (e) {
    status(`${material}: ${e.message}`, true);
    return;
  }
  if (moves !== state.moves) return;
  renderHood(node);
  const line = state.batch.items.find((i) => i.material === material)?.line;
  status(`neighbourhood of ${material}${line ? ` (line ${line} of this batch)` : ''}; b goes back to the row`);
  document.getElementById('hood-title')?.scrollIntoView({ block: 'nearest' });
}

export function backToRow() {
  const item = state.batch.items[state.index];
  const node = item && state.nodes.get(item.material);
  if (!node || document.getElementById('hood-slot')?.dataset.shown === item.material) return;
  renderHood(node);
  status(`neighbourhood of ${item.material}, the row`);
}

export function redrawHood() {
  const item = state.batch && state.batch.items[state.index];
  const slot = document.getElementById('hood-slot');
  if (!item || !slot || slot.dataset.width === String(slot.clientWidth)) return;
  const node = state.nodes.get(slot.dataset.shown || item.material);
  if (node) renderHood(node);
}

function renderHistory(node) {
  const rows = node.history.map((h) => el('tr', {},
    el('td', { 'data-label': 'when' }, h.time), el('td', { 'data-label': 'run' }, `run ${h.run}`),
    el('td', { 'data-label': 'command' }, h.command),
    el('td', { 'data-label': 'score' }, h.from === null ? `set ${h.to}` : `${h.from} → ${h.to}`),
    el('td', { 'data-label': 'reason' }, h.reason), el('td', { 'data-label': 'reviewer' }, h.reviewer || '')));
  const verdicts = (node.verdicts || []).map((v) => el('li', {},
    `batch ${v.batch}: ${v.verdict} by ${v.reviewer} at ${v.time}${v.stands ? '' : ' (taken back)'}`,
    v.note ? el('span', {}, ` — “${v.note}”`) : null));
  // The last exact repair's range, in scores as the server gives them: what the data allow.
  const range = node.range ? el('p', { class: 'range', id: 'range' },
    `The data allow ${node.range.low_score}..${node.range.high_score}: the last repair (run ${node.range.run}) took the middle, and your verdict settles it.`) : null;
  // A solved row's exact counts, and what solved rows say of this one (GET /api/nodes).
  const solved = node.solved ? el('p', { class: 'range', id: 'solved' },
    `Solved, ${node.solved.rules}: ${node.solved.counts}. ${node.solved.meaning}. A verdict other than its score ${node.score} is refused.`) : null;
  const bounds = (node.bounds?.from_neighbours || []).map((b) => el('li', {},
    `${b.bound} rank ${b.rank}, ${b.text}: ${b.material} is solved ${b.score}`));
  fill(document.getElementById('history-slot'), el('section', { class: 'card', id: 'history', 'aria-labelledby': 'history-title' },
    el('h2', { id: 'history-title' }, 'History'),
    solved,
    bounds.length ? el('div', { id: 'bounds' }, el('h3', {}, 'Bounds from solved rows'), el('ul', {}, bounds)) : null,
    range,
    rows.length ? el('div', { class: 'table-wrap' }, el('table', { class: 'history' },
      el('thead', {}, el('tr', {}, ['when', 'run', 'command', 'score', 'reason', 'reviewer'].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, rows))) : el('p', { class: 'muted' }, 'No recorded change.'),
    verdicts.length ? el('div', {}, el('h3', {}, 'Expert verdicts'), el('ul', {}, verdicts)) : null));
}
