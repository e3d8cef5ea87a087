// Reviewing a batch one row at a time. The page is built once per batch; moving to another row
// rebuilds the row's card from the batch already loaded (no request stands between two
// answers), and the neighbourhood and history follow when the server sends them.
import { api } from './api.js';
import { bar, el, fill, keepingFocus, messageWithLinks } from './dom.js';
import { showBoard } from './board.js';
import { hoodCard } from './hood.js';
import {
  FILTERS, answeredBy, answers, assignedToMe, batchFilters, disagrees, filterLabel, inFilter, mine,
  settled, state, status, withFields,
} from './state.js';

const SYMBOLS = {
  xiangqi: {
    first: { K: '帥', R: '俥', N: '傌', C: '炮', P: '兵', G: '仕', M: '相' },
    second: { K: '將', R: '車', N: '馬', C: '砲', P: '卒', G: '士', M: '象' },
  },
  chess: {
    first: { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙' },
    second: { K: '♚', Q: '♛', R: '♜', B: '♝', N: '♞', P: '♟' },
  },
};

// The two sides of a material text: "KRPvKR" (chess) or "KRPKGGMM" (xiangqi: black's part
// starts at the second king).
function sides(material) {
  const v = material.indexOf('v');
  if (v >= 0) return [material.slice(0, v), material.slice(v + 1)];
  const k = material.indexOf('K', 1);
  return k < 0 ? [material, ''] : [material.slice(0, k), material.slice(k)];
}

function symbols(material, pieces) {
  const set = SYMBOLS[pieces];
  if (!set) return null;
  const [first, second] = sides(material);
  const part = (text, map, cls) => el('span', { class: cls }, [...text].map((c) => map[c] || c).join(''));
  return el('span', { class: 'symbols', 'aria-hidden': 'true' },
    part(first, set.first, 'red'), ' · ', part(second, set.second, 'black'));
}

const verdictText = (item, v) => (v === 'ok' ? `ok (${item.drawn_score})` : v);

// The most one visit to a row counts towards its time: a reviewer who left the page idle was not
// judging the row all along.
const MOST_SECONDS = 300;

// The seconds since the row was shown or last changed, then counted from now.
function secondsOnRow() {
  const now = performance.now();
  const seconds = Math.min(MOST_SECONDS, (now - state.shownAt) / 1000);
  state.shownAt = now;
  return Math.round(seconds * 1000) / 1000;
}

// ------------------------------------------------------------------------------ the page

// The batch as the server holds it. A change confirmed while the batch was on its way may be
// missing from it, so it is asked again until no confirmation came in between.
export async function fetchBatch(id) {
  for (;;) {
    const seen = state.confirmations;
    const batch = await api('GET', `/api/batches/${id}`);
    if (seen === state.confirmations) return batch;
  }
}

const isLead = () => state.batch.lead === state.reviewer;

// With rows assigned (serve --assign), a row of other reviewers: the reviewer may read it, never
// change it (the server refuses that too); the lead changes any row.
const othersRow = (item) => Boolean(state.batch.overlap) && !isLead() && !assignedToMe(item);

// The row a batch opens on: the first of the rows shown that you have not answered, else the
// first shown, so that the first key answers a row the filter holds. A filter holding no row
// gives way to every row.
export function openingRow() {
  const items = state.batch.items;
  if (!items.some((i) => inFilter(i)) && state.filter !== 'all') {
    status(`no row is ${filterLabel(state.filter)}: showing every row`);
    setFilter('all');
    const select = document.getElementById('filter');
    if (select) select.value = 'all';
  }
  const unanswered = items.findIndex((i) => inFilter(i) && mine(i).verdict === null);
  return unanswered >= 0 ? unanswered : Math.max(0, items.findIndex((i) => inFilter(i)));
}

export function enterReview() {
  const b = state.batch;
  document.title = `Batch ${b.id} · egkb review`;
  // A reviewer with rows assigned starts on them; the lead, on the rows left to settle.
  const roleFilters = { assigned: Boolean(b.overlap) && !isLead(), unsettled: isLead() };
  if (state.filter in roleFilters && !roleFilters[state.filter]) state.filter = 'all';
  if (state.filter === 'all' && roleFilters.assigned) state.filter = 'assigned';
  // A filter chosen with the pointer hands the keys back to the rows; one chosen with the keys
  // keeps the focus, so the arrows go on choosing.
  let byPointer = false;
  const byValue = batchFilters(b);
  const filter = el('select', {
    id: 'filter',
    onpointerdown: () => { byPointer = true; },
    onkeydown: () => { byPointer = false; },
    onchange: (e) => {
      setFilter(e.target.value);
      if (byPointer) {
        document.getElementById('node-title')?.focus({ preventScroll: true });
        status(`showing rows ${filterLabel(state.filter)}: the keys answer and move again`);
      }
    },
  },
    optionGroup('Your work and the rows', Object.entries(FILTERS)
      .filter(([k]) => !(k in roleFilters) || roleFilters[k]).map(([k, [label]]) => [k, label])),
    optionGroup('By the score now', byValue.scores),
    optionGroup('By provenance', byValue.sources));
  const search = el('input', {
    type: 'search', id: 'search', placeholder: 'KRK…', autocomplete: 'off', spellcheck: 'false',
    oninput: (e) => setSearch(e.target.value),
    onkeydown: (e) => {
      if (e.key === 'Enter') {
        const i = b.items.findIndex((item) => inFilter(item));
        if (i >= 0) go(i);
        else status(`no row with ${state.search}`, true);
        e.preventDefault();
      } else if (e.key === 'Escape') {
        e.target.value = '';
        setSearch('');
        document.getElementById('node-title')?.focus({ preventScroll: true });
        e.preventDefault();
      }
    },
  });
  fill(document.getElementById('app'),
    el('p', { class: 'crumbs' }, el('a', { href: '#/' }, '← all batches'), ' · ',
      el('a', { href: `#/batch/${b.id}/agreement`, id: 'agreement-link' }, 'agreement between reviewers')),
    el('div', { class: 'review' },
      el('div', { class: 'main' },
        el('section', { class: 'card', id: 'summary', 'aria-label': 'progress' }),
        el('section', { class: 'card', id: 'node', 'aria-labelledby': 'node-title' }),
        el('div', { id: 'hood-slot' }),
        el('div', { id: 'history-slot' }),
        el('section', { class: 'card', id: 'submit', 'aria-labelledby': 'submit-title' })),
      el('nav', { class: 'items', 'aria-label': `rows of batch ${b.id}` },
        el('label', { class: 'filter' }, 'Find material (/) ', search),
        el('label', { class: 'filter' }, 'Show ', filter),
        el('ol', { id: 'rows', onkeydown: rowListKey }))));
  renderSubmit();
}

const optionGroup = (label, options) => (options.length ? el('optgroup', { label },
  options.map(([value, text]) => el('option', { value, selected: value === state.filter }, text))) : null);

// A filter chosen moves to its first row when the row shown is not one of it: the keys answer
// the rows it shows.
function setFilter(value) {
  state.filter = value;
  localStorage.setItem('egkb.filter', value);
  const items = state.batch.items;
  const first = items.findIndex((i) => inFilter(i));
  if (document.getElementById('node-title') && items[state.index] && !inFilter(items[state.index]) && first >= 0) go(first, false);
  else renderRows();
}

function setSearch(text) {
  state.search = text.trim().toUpperCase().replace(/V/g, 'v');
  renderRows();
  const shown = state.batch.items.filter((item) => inFilter(item)).length;
  status(state.search ? `${shown} row${shown === 1 ? '' : 's'} with ${state.search}; Enter shows the first` : '');
}

// The row list is one Tab stop: the arrows, Home and End move the focus along it.
function rowListKey(e) {
  const links = [...document.querySelectorAll('#rows li a')];
  const at = links.indexOf(document.activeElement);
  if (at < 0) return;
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: links.length - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  e.stopPropagation();
  const target = links[Math.max(0, Math.min(to, links.length - 1))];
  for (const a of links) a.tabIndex = a === target ? 0 : -1;
  target.focus();
}

// Every part that depends on the drafts, after the batch or a draft changed.
export function refreshAll() {
  if (!document.getElementById('rows')) return;
  renderRows();
  renderSummary();
  updateAnswer();
  renderSubmit();
}

function renderRows() {
  const b = state.batch;
  const list = document.getElementById('rows');
  const rows = [];
  b.items.forEach((item, i) => {
    if (i === state.index || inFilter(item)) rows.push(rowItem(item, i));
  });
  keepingFocus(list, () => fill(list, ...rows));
  if (rows.length === 1 && (state.filter !== 'all' || state.search)) {
    list.append(el('li', { class: 'muted none' }, `no other row is ${filterLabel(state.filter)}${state.search ? ` with ${state.search}` : ''}`));
  }
  scrollRowIntoView();
}

function rowItem(item, i) {
  const d = mine(item);
  const marks = [
    d.pending ? el('span', { class: 'pending', title: 'not saved yet' }, '…') : null,
    d.flagged ? el('span', { title: 'flagged' }, '⚑') : null,
    d.skipped ? el('span', { title: 'skipped' }, '↷') : null,
    disagrees(item) ? el('span', { class: 'warn', title: 'answered differently' }, '⚠') : null,
    d.note || Object.keys(item.notes || {}).length ? el('span', { title: 'with a note' }, '✎') : null,
  ];
  return el('li', { 'data-index': i, class: i === state.index ? 'current' : '' },
    el('a', { href: `#/batch/${state.batch.id}/${item.line}`, 'aria-current': i === state.index ? 'true' : null, tabindex: i === state.index ? '0' : '-1' },
      el('span', { class: 'line' }, item.line), el('span', { class: 'mono' }, item.material),
      el('span', { class: 'marks' }, marks, d.verdict !== null ? el('span', { class: 'said' }, d.verdict) : null)));
}

function updateRow(i) {
  const li = document.querySelector(`#rows li[data-index="${i}"]`);
  if (li) keepingFocus(li, () => li.replaceWith(rowItem(state.batch.items[i], i)));
}

function scrollRowIntoView() {
  const current = document.querySelector('#rows li.current');
  const nav = document.querySelector('nav.items');
  if (!current || !nav) return;
  if (current.offsetTop < nav.scrollTop || current.offsetTop + current.offsetHeight > nav.scrollTop + nav.clientHeight) {
    nav.scrollTop = current.offsetTop - nav.clientHeight / 2;
  }
}

function renderSummary() {
  const b = state.batch;
  const box = document.getElementById('summary');
  if (!box) return;
  const others = b.reviewers.filter((r) => r !== state.reviewer).map((r) => `${r}: ${answeredBy(r)}`).join(', ');
  const flagged = b.items.filter((i) => mine(i).flagged).length;
  const open = b.items.filter((i) => disagrees(i)).length;
  // The lead's progress is the rows settled; a reviewer's, the rows answered of those assigned.
  const assigned = b.items.filter((i) => assignedToMe(i));
  const [done, of, what] = isLead()
    ? [b.items.filter((i) => settled(i)).length, b.items.length, 'settled (lead)']
    : [assigned.filter((i) => mine(i).verdict !== null).length, assigned.length,
      b.overlap ? 'assigned rows answered by' : 'answered by'];
  fill(box,
    el('div', { class: 'progress' },
      el('h1', {}, `Batch ${b.id}`),
      bar(done, of, isLead() ? 'rows settled' : `rows answered by ${state.reviewer}`),
      el('span', { id: 'progress' }, isLead() ? `${done} of ${of} ${what}`
        : b.overlap ? `${state.reviewer}: ${done} of ${of} assigned rows answered` : `${state.reviewer} answered ${done} of ${of}`),
      flagged ? el('span', {}, `${flagged} flagged`) : null,
      open ? el('span', { class: 'warn' }, `${open} answered differently`) : null,
      others ? el('span', { class: 'muted' }, `others: ${others}`) : null),
    b.imported ? el('p', { class: 'notice', id: 'submitted-note' }, el('strong', {}, submittedBy()),
      ': read-only. The Submit box at the end says how to answer again.') : null);
}

const submittedBy = () => {
  const i = state.batch.imported;
  return `Submitted by ${i.reviewer} at ${i.time} (run ${i.run})`;
};

// In the Submit box, where a reviewer who just submitted looks: beside the outcome.
function readOnlyNotice() {
  const b = state.batch;
  return el('div', { class: 'notice', id: 'read-only', role: 'note' },
    el('strong', {}, `${submittedBy()}: `),
    'this batch is read-only; its verdicts are invariable expert rows now. To answer again, the ',
    'import must be taken back first: ', el('code', {}, `egkb review undo ${state.store || 'STORE'} ${b.id}`), '.');
}

// ------------------------------------------------------------------------------ one row

function renderNode() {
  const b = state.batch;
  const item = b.items[state.index];
  const card = document.getElementById('node');
  if (!item) {
    fill(card, el('p', {}, 'This batch has no rows.'));
    return;
  }
  const now = item.now;
  const why = item.probability >= 1 ? 'always drawn (the census part of the design)'
    : `drawn with probability ${item.probability.toPrecision(3)}`;
  const readOnly = Boolean(b.imported) || othersRow(item);
  const buttons = [];
  for (let s = 0; s <= 9; ++s) {
    buttons.push(el('button', {
      type: 'button', 'data-verdict': String(s), disabled: readOnly, onclick: () => answerHere(String(s)),
    }, el('span', { class: 'digit' }, s), ' ', el('span', { class: 'meaning' }, b.meanings[s])));
  }
  buttons.push(el('button', {
    type: 'button', class: 'ok', 'data-verdict': 'ok', disabled: readOnly, onclick: () => answerHere('ok'),
  }, el('span', { class: 'digit' }, 'ok'), ' ', el('span', { class: 'meaning' }, `${item.drawn_score} is right (Enter)`)));
  const note = el('textarea', {
    id: 'note', rows: 2, maxlength: 2000, readonly: readOnly,
    placeholder: 'Why? Kept with your verdict and shown to the other reviewers.',
    onchange: (e) => saveNote(item, e.target.value),
  });
  fill(card,
    el('h2', { id: 'node-title', class: 'material', tabindex: '-1' },
      el('span', { class: 'visually-hidden' }, `Line ${item.line}: `), item.material, ' ', symbols(item.material, b.pieces)),
    el('p', {}, item.words),
    el('div', { class: 'node-body' }, el('div', { class: 'node-main' },
    el('dl', { class: 'facts' },
      el('dt', {}, 'score now'),
      el('dd', { id: 'score' }, now ? `${now.score} — ${now.meaning} (${now.source}${now.invariable ? ', invariable' : ''})` : 'no longer stored'),
      el('dt', {}, 'when drawn'),
      el('dd', {}, `${item.drawn_score} — ${item.drawn_meaning}`,
        now && now.score !== item.drawn_score ? el('strong', {}, ' (changed since drawn)') : null),
      el('dt', {}, 'first score'),
      el('dd', {}, item.original === null ? '—' : item.original),
      el('dt', {}, 'why drawn'),
      el('dd', {}, `${b.design} design, ${item.stratum} row, ${why}`),
      el('dt', {}, 'sheet line'),
      el('dd', {}, `${item.line} of ${b.items.length + 1}`)),
    el('fieldset', { class: 'answers' },
      el('legend', {}, 'Your answer: the score from red\'s side, 0 red wins … 9 black wins'),
      othersRow(item) ? el('p', { class: 'notice', id: 'not-yours' }, `Assigned to ${item.assigned.join(' and ')}, not to you: you may read this row but not answer it.`) : null,
      el('div', { class: 'scale' }, buttons)),
    el('div', { class: 'row-tools' },
      el('div', { class: 'row-buttons' },
        el('button', { type: 'button', id: 'flag', 'aria-pressed': 'false', disabled: readOnly, onclick: () => toggleFlag() }, '⚑ flag for later (f)'),
        el('button', { type: 'button', id: 'skip', 'aria-pressed': 'false', disabled: readOnly, onclick: () => toggleSkip() }, '↷ skip (x)')),
      el('label', { for: 'note' }, 'Your note (c)'), note),
    el('div', { id: 'others', 'aria-live': 'polite' })),
    el('section', { class: 'board-slot', id: 'board-slot', 'aria-labelledby': 'board-title', 'data-material': item.material })));
  updateAnswer();
  loadBoard();
}

// The row's example position: the one last shown for its material, the first at the start.
function loadBoard() {
  const item = state.batch.items[state.index];
  const slot = document.getElementById('board-slot');
  if (!item || !slot) return;
  showBoard(slot, item.material, state.boards.get(item.material) || 0, state.batch.meanings, () => anotherPosition(1));
}

// Another example position of the row's material (p; P goes back).
export function anotherPosition(delta) {
  const item = state.batch.items[state.index];
  if (!item) return;
  const index = Math.max(0, (state.boards.get(item.material) || 0) + delta);
  state.boards.set(item.material, index);
  loadBoard();
  status(`${item.material}: example position ${index + 1}`);
}

// The parts of the row's card that follow its drafts; the note is left alone while it is edited.
function updateAnswer() {
  const item = state.batch && state.batch.items[state.index];
  if (!item || !document.getElementById('node-title')) return;
  const d = mine(item);
  for (const button of document.querySelectorAll('#node .scale button')) {
    button.setAttribute('aria-pressed', String(button.dataset.verdict === d.verdict));
  }
  const flag = document.getElementById('flag');
  flag.setAttribute('aria-pressed', String(d.flagged));
  flag.firstChild.textContent = d.flagged ? '⚑ flagged (f to clear)' : '⚑ flag for later (f)';
  const skip = document.getElementById('skip');
  skip.setAttribute('aria-pressed', String(d.skipped));
  skip.firstChild.textContent = d.skipped ? '↷ skipped (x to take back)' : '↷ skip (x)';
  const note = document.getElementById('note');
  if (document.activeElement !== note) note.value = d.note;
  const all = answers(item);
  const notes = { ...(item.notes || {}) };
  delete notes[state.reviewer];
  const others = document.getElementById('others');
  const skippers = (item.skipped || []).filter((n) => n !== state.reviewer).concat(d.skipped ? [state.reviewer] : []);
  const said = Object.entries(all).map(([name, v]) => `${name}: ${verdictText(item, v)}`)
    .concat(skippers.map((name) => `${name}: skipped`));
  const b = state.batch;
  fill(others,
    b.overlap && item.assigned ? el('p', { class: 'muted', id: 'assigned' }, `Assigned to ${item.assigned.join(' and ')}.`) : null,
    el('p', { id: 'answers' }, said.length ? `Answers: ${said.join(', ')}` : 'No answers yet.',
      d.pending ? el('span', { class: 'pending' }, ' (yours not saved yet)') : null),
    Object.keys(notes).length ? el('ul', { class: 'notes' }, Object.entries(notes).map(([name, text]) =>
      el('li', {}, el('strong', {}, `${name}: `), text))) : null,
    disagrees(item) ? el('p', { class: 'warn', id: 'disagreement' }, b.lead
      ? (isLead() ? '⚠ The reviewers disagree on this row: your answer settles it.'
        : `⚠ The reviewers disagree on this row: ${b.lead}, the lead, settles it.`)
      : '⚠ The reviewers disagree on this row: compare your reasons before one of you submits.') : null);
}

async function loadNode() {
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
    el('td', {}, h.time), el('td', {}, `run ${h.run}`), el('td', {}, h.command),
    el('td', {}, h.from === null ? `set ${h.to}` : `${h.from} → ${h.to}`),
    el('td', {}, h.reason), el('td', {}, h.reviewer || '')));
  const verdicts = (node.verdicts || []).map((v) => el('li', {},
    `batch ${v.batch}: ${v.verdict} by ${v.reviewer} at ${v.time}${v.stands ? '' : ' (taken back)'}`,
    v.note ? el('span', {}, ` — “${v.note}”`) : null));
  // The last exact repair's range, in scores (a balanced end shown as 4): what the data allow.
  const score = (rank) => (rank < 4 ? rank : rank === 4 ? 4 : rank + 1);
  const range = node.range ? el('p', { class: 'range', id: 'range' },
    `The data allow ${score(node.range.low)}..${score(node.range.high)}: the last repair (run ${node.range.run}) took the middle, and your verdict settles it.`) : null;
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

// Shows row `index`, in the address too (#/batch/ID/LINE names the row by its sheet line).
export function go(index, focus = true) {
  const b = state.batch;
  const previous = state.index;
  state.index = Math.max(0, Math.min(index, b.items.length - 1));
  state.moves += 1;
  const item = b.items[state.index];
  const wanted = item ? `#/batch/${b.id}/${item.line}` : `#/batch/${b.id}`;
  if (location.hash !== wanted) history.replaceState(null, '', wanted);
  if (!document.querySelector(`#rows li[data-index="${state.index}"]`) || state.filter !== 'all') renderRows();
  else {
    updateRow(previous);
    updateRow(state.index);
    scrollRowIntoView();
  }
  renderNode();
  loadNode();
  state.shownAt = performance.now();
  if (focus) document.getElementById('node-title')?.focus({ preventScroll: true });
  const card = document.getElementById('node');
  if (card && card.getBoundingClientRect().top < 0) card.scrollIntoView();
}

// The next row shown after the current one that `want` holds, in batch order, coming round; -1
// when there is none.
export function nextWhere(want) {
  const items = state.batch.items;
  for (let k = 1; k <= items.length; ++k) {
    const i = (state.index + k) % items.length;
    if (i !== state.index && inFilter(items[i]) && want(items[i])) return i;
  }
  return -1;
}

// The next row in the filter, in batch order, without coming round.
export function step(delta) {
  const items = state.batch.items;
  for (let i = state.index + delta; i >= 0 && i < items.length; i += delta) {
    if (inFilter(items[i])) return i;
  }
  return -1;
}

// ------------------------------------------------------------------------------ changes

function readOnly(outcome = 'nothing was changed') {
  if (!state.batch.imported) return false;
  status(`Batch ${state.batch.id} is submitted and read-only: ${outcome}.`, true);
  return true;
}

// Whether a change of `item` is refused: the batch is submitted, or the row is other reviewers'.
function refused(item) {
  if (readOnly()) return true;
  if (!othersRow(item)) return false;
  status(`line ${item.line} is assigned to ${item.assigned.join(' and ')}: you answer only the rows assigned to you`, true);
  return true;
}

// The revision of the reviewer's draft of a row as the server last gave it: a change is made on it.
const revisionOf = (item) => (item.revisions || {})[state.reviewer] || 0;

function change(item, fields) {
  const before = mine(item);
  delete before.pending;
  const after = withFields(before, fields);
  const onScreen = state.batch.items[state.index] === item;
  const op = state.queue.add({
    kind: 'put', batch: state.batch.id, material: item.material, line: item.line,
    reviewer: state.reviewer, fields, state: after, revision: revisionOf(item), seconds: onScreen ? secondsOnRow() : 0,
  });
  state.history.undo.push({ material: item.material, line: item.line, before, after, op: op.id });
  state.history.redo = [];
}

// A conflict resolved with the reviewer's own change: made again on the row as it stands now.
export function changeAgain(conflict) {
  const { op } = conflict;
  state.queue.dismissConflict(op.id);
  const item = state.batch && state.batch.id === op.batch && state.batch.items.find((i) => i.material === op.material);
  if (item && op.reviewer === state.reviewer) {
    change(item, op.fields);
    refreshAll();
  } else {
    state.queue.add({ ...op, revision: conflict.draft.revision });
  }
  status(`${op.material} (line ${op.line}): your change is sent again, on the row as it stands`);
}

// The reviewer's undo and redo as the server has them, with the changes not sent yet after them.
export async function loadHistory() {
  const b = state.batch;
  const h = await api('GET', `/api/batches/${b.id}/changes?reviewer=${encodeURIComponent(state.reviewer)}`);
  if (state.batch !== b) return;
  const history = { undo: h.undo.map((c) => ({ ...c, op: null })), redo: h.redo.map((c) => ({ ...c, op: null })).reverse() };
  for (const op of state.queue.pending(b.id, state.reviewer)) {
    if (op.kind === 'put') {
      const last = history.undo.findLast((c) => c.material === op.material);
      const before = last ? last.after : { verdict: null, note: '', flagged: false, skipped: false };
      history.undo.push({ material: op.material, line: op.line, before, after: withFields(before, op.fields), op: op.id });
      history.redo = [];
    } else if (op.kind === 'undo' && history.undo.length) history.redo.push(history.undo.pop());
    else if (op.kind === 'redo' && history.redo.length) history.undo.push(history.redo.pop());
  }
  state.history = history;
}

// An answer to the row on screen now; the page moves on at once, before the server confirms.
export function answerHere(verdict) {
  const index = state.index;
  const item = state.batch.items[index];
  if (refused(item)) return;
  change(item, { verdict });
  moveOn(index, `${item.material} (line ${item.line}) = ${verdict}`);
}

// After an answer or a skip, the next row shown.
function moveOn(index, said) {
  status(said);
  renderSummary();
  renderSubmit();
  const next = step(1);
  if (next >= 0) go(next);
  else {
    updateRow(index);
    updateAnswer();
    status(`${said}; that was the last row${state.filter === 'all' ? '' : ' shown'}`);
  }
}

// Skips the row (no answer of yours; the next row is shown), or takes a skip back.
export function toggleSkip() {
  const index = state.index;
  const item = state.batch.items[index];
  if (refused(item)) return;
  if (mine(item).skipped) {
    change(item, { skipped: false });
    status(`${item.material} (line ${item.line}) no longer skipped`);
    updateRow(index);
    updateAnswer();
    renderSummary();
    return;
  }
  change(item, { skipped: true });
  moveOn(index, `${item.material} (line ${item.line}) skipped`);
}

export function toggleFlag() {
  const item = state.batch.items[state.index];
  if (refused(item)) return;
  const flagged = !mine(item).flagged;
  change(item, { flagged });
  status(`${item.material} (line ${item.line}) ${flagged ? 'flagged for later' : 'no longer flagged'}`);
  updateRow(state.index);
  updateAnswer();
  renderSummary();
}

function saveNote(item, text) {
  if (text === mine(item).note || refused(item)) return;
  change(item, { note: text });
  status(`note kept for ${item.material} (line ${item.line})`);
  updateRow(state.batch.items.indexOf(item));
}

const describe = (c, draft) => `${c.material} (line ${c.line}) is ${draft.skipped ? 'skipped' : draft.verdict === null ? 'unanswered' : draft.verdict}${draft.flagged ? ', flagged' : ''}`;

// Takes back the latest change and shows its row at once, whatever the server's speed: a change
// not sent yet is cancelled, one sent is taken back by the server's draft history.
export function undo() {
  if (readOnly()) return;
  const c = state.history.undo.pop();
  if (!c) {
    status('nothing left to undo');
    return;
  }
  c.cancelled = Boolean(c.op) && state.queue.cancel(c.op);
  c.op = null;
  if (!c.cancelled) stepOnServer('undo', c, c.before);
  state.history.redo.push(c);
  showStep(c, `undone: ${describe(c, c.before)}`);
}

// Puts back the change the latest undo took back, and shows its row at once.
export function redo() {
  if (readOnly()) return;
  const c = state.history.redo.pop();
  if (!c) {
    status('nothing left to redo');
    return;
  }
  if (c.cancelled) {
    const item = state.batch.items.find((i) => i.material === c.material);
    c.op = state.queue.add({
      kind: 'put', batch: state.batch.id, material: c.material, line: c.line, reviewer: state.reviewer, fields: c.after,
      state: c.after, revision: revisionOf(item),
    }).id;
    c.cancelled = false;
  } else stepOnServer('redo', c, c.after);
  state.history.undo.push(c);
  showStep(c, `redone: ${describe(c, c.after)}`);
}

function stepOnServer(kind, c, after) {
  const item = state.batch.items.find((i) => i.material === c.material);
  state.queue.add({
    kind, batch: state.batch.id, material: c.material, line: c.line, reviewer: state.reviewer, state: after,
    revision: revisionOf(item),
  });
}

function showStep(c, text) {
  const index = state.batch.items.findIndex((i) => i.material === c.material);
  if (index === state.index) {
    updateRow(index);
    updateAnswer();
  } else go(index);
  renderSummary();
  renderSubmit();
  status(text);
}

// The server's answer to a change: the batch holds the draft as the store does now. A change made
// on an older row (error.conflict) comes back with the row as it stands, which the page shows.
export function confirmed(op, draft, error) {
  state.confirmations += 1;
  const b = state.batch;
  if (error) {
    status(error.conflict ? `line ${op.line} changed since your change: the banner asks what stands` : `not saved: ${error.message}`, true);
    if (error.conflict && b && b.id === op.batch) loadHistory().then(refreshAll, () => {});
    if (!draft && b && b.id === op.batch && document.getElementById('rows')) refreshAll();
  }
  if (!b || b.id !== op.batch || !draft || op.reviewer !== state.reviewer) return;
  const index = b.items.findIndex((i) => i.material === draft.material);
  if (index < 0) return;
  const item = b.items[index];
  item.revisions = { ...item.revisions, [draft.reviewer]: draft.revision };
  if (draft.verdict === null) delete item.drafts[draft.reviewer];
  else item.drafts[draft.reviewer] = draft.verdict;
  item.notes = item.notes || {};
  if (draft.note) item.notes[draft.reviewer] = draft.note;
  else delete item.notes[draft.reviewer];
  item.flagged = (item.flagged || []).filter((n) => n !== draft.reviewer);
  if (draft.flagged) item.flagged.push(draft.reviewer);
  item.skipped = (item.skipped || []).filter((n) => n !== draft.reviewer);
  if (draft.skipped) item.skipped.push(draft.reviewer);
  if (!b.reviewers.includes(draft.reviewer) && draft.verdict !== null) b.reviewers.push(draft.reviewer);
  if (!document.getElementById('rows')) return;
  updateRow(index);
  renderSummary();
  renderSubmit();
  if (index === state.index) updateAnswer();
  if (op.kind !== 'put' && op.material !== draft.material) {
    // Another tab of this reviewer changed the history: the server's is the one that stands.
    status(`the server's ${op.kind} changed ${draft.material} (line ${draft.line}), not ${op.material}: your changes were also made elsewhere`, true);
    loadHistory().catch(() => {});
  }
}

// ------------------------------------------------------------------------------ submit

export function renderSubmit() {
  const b = state.batch;
  const box = document.getElementById('submit');
  if (!b || !box) return;
  const me = answeredBy(state.reviewer);
  const pending = state.queue.pending(b.id, state.reviewer).length;
  const checked = (name, fallback) => document.getElementById(`opt-${name}`)?.checked ?? fallback;
  // A submitted batch takes no further submit, `replace` included: it is read-only for everyone.
  const done = Boolean(b.imported);
  const option = (name, text, on) => el('label', {},
    el('input', { type: 'checkbox', id: `opt-${name}`, checked: on, disabled: done }), ` ${text}`);
  const r = state.result;
  let outcome = null;
  if (r && r.error) {
    outcome = el('div', { class: 'refusal', id: 'outcome', role: 'alert' },
      el('strong', {}, 'Nothing was applied.'), messageWithLinks(r.error, b),
      choiceAdvice(r.choice));
  } else if (r) {
    outcome = el('div', { class: 'done', id: 'outcome', role: 'status' },
      el('strong', {}, `Applied as run ${r.run}: ${r.verdicts} verdicts by ${r.reviewer}, ${r.rescored} scores changed, ${r.confirmed} confirmed.`),
      r.notes.map((n) => el('p', {}, n)));
  }
  // Under a lead, only the lead submits, the rows settled from every reviewer's answers.
  const leadOnly = Boolean(b.lead) && !isLead();
  const unsettled = isLead() ? b.items.filter((i) => Object.keys(answers(i)).length && !settled(i)).length : 0;
  const explain = () => {
    if (leadOnly) {
      return el('p', { id: 'lead-note' }, `${b.lead}, the lead reviewer, settles and submits this batch; your answers, skips, notes and time go with it.`);
    }
    if (isLead()) {
      return el('p', { id: 'lead-note' }, 'As the lead you submit the batch settled: your answer where you gave one, else the answer the reviewers agree on. ',
        unsettled ? el('strong', {}, `${unsettled} row${unsettled > 1 ? 's' : ''} answered differently still need${unsettled > 1 ? '' : 's'} your answer (d). `) : null,
        'Every reviewer\'s answer is kept with the verdicts, through the rules of ', el('code', {}, 'egkb review import'), '.');
    }
    return el('p', {}, `Submitting applies your ${me} answers to the knowledge base through the rules of `,
      el('code', {}, 'egkb review import'), ': all of them or none. Afterwards the batch is read-only.');
  };
  keepingFocus(box, () => fill(box,
    el('h2', { id: 'submit-title' }, 'Submit'),
    done ? readOnlyNotice() : explain(),
    pending ? el('p', { class: 'warn' }, `${pending} of your changes are not saved yet: submit once they are.`) : null,
    el('p', { class: 'submit-options' },
      option('partial', 'partial (only the answered rows)', checked('partial', false)),
      option('accept_stale', 'accept stale (rows changed since drawn)', checked('accept_stale', false)),
      option('replace', 'replace (a batch submitted already)', checked('replace', false))),
    el('button', { type: 'button', class: 'primary', id: 'submit-button', disabled: done || leadOnly, onclick: () => submit(false) },
      done ? `Batch ${b.id} is submitted` : leadOnly ? `${b.lead} submits batch ${b.id}` : `Submit batch ${b.id} as ${state.reviewer} (s)`),
    outcome));
}

// What a refusal that a choice would lift asks of the reviewer: a box to tick, or for answers
// that differ from another reviewer's, the confirmation the next submit opens.
function choiceAdvice(choice) {
  if (!choice) return null;
  if (choice === 'accept disagreements') {
    return el('p', {}, 'Settle them with the other reviewers, or submit again: the list of them opens, with “Submit anyway”.');
  }
  if (!document.getElementById(`opt-${choice.replace(' ', '_')}`)) return null;
  return el('p', {}, `If that is what you mean, tick “${choice}” and submit again.`);
}

export async function submit(confirmedDisagreements) {
  const b = state.batch;
  const pending = state.queue.pending(b.id, state.reviewer).length;
  if (pending) {
    state.result = { error: `${pending} of your changes are not saved yet; nothing was submitted. Submit once the server has them all (the banner at the top says why they are waiting).` };
    renderSubmit();
    return;
  }
  const open = b.items.filter((i) => mine(i).verdict !== null && disagrees(i));
  if (open.length && !confirmedDisagreements && !b.lead) {
    confirmDisagreements(open);
    return;
  }
  const checked = (name) => document.getElementById(`opt-${name}`).checked;
  status('submitting…');
  try {
    state.result = await api('POST', `/api/batches/${b.id}/submit`, {
      reviewer: state.reviewer, partial: checked('partial'), accept_stale: checked('accept_stale'),
      replace: checked('replace'), accept_disagreements: Boolean(confirmedDisagreements),
    });
    status(`batch ${b.id} submitted`);
  } catch (e) {
    state.result = e.data && e.data.error ? e.data : { error: e.message };
    status('submit refused', true);
  }
  try {
    state.batch = await fetchBatch(b.id);
  } catch {
    // the outcome is shown all the same; the batch is read again on the next visit
  }
  state.nodes.clear();
  refreshAll();
  renderNode();
  await loadNode();  // the node's history grows by the import: the page settles before it scrolls
  const outcome = document.getElementById('outcome');
  outcome.scrollIntoView({ block: 'center' });
  outcome.setAttribute('tabindex', '-1');
  outcome.focus({ preventScroll: true });
}

function confirmDisagreements(open) {
  const dialog = document.getElementById('confirm-dialog');
  const b = state.batch;
  const goBack = el('button', { type: 'button', id: 'confirm-back', onclick: () => dialog.close() }, 'Go back and settle them');
  fill(dialog,
    el('h2', {}, `Your answers differ from another reviewer's on ${open.length} row${open.length > 1 ? 's' : ''}`),
    el('p', {}, 'Once submitted they become invariable expert rows. Settle them with the other reviewers first, or submit your answers as they are.'),
    el('ul', { class: 'dialog-list' }, open.slice(0, 30).map((item) => el('li', {},
      el('a', { href: `#/batch/${b.id}/${item.line}`, onclick: () => dialog.close() }, `line ${item.line} ${item.material}`), ': ',
      Object.entries(answers(item)).map(([name, v]) => `${name} ${verdictText(item, v)}`).join(', ')))),
    open.length > 30 ? el('p', {}, `… and ${open.length - 30} more (the agreement page lists them all).`) : null,
    el('menu', {}, goBack,
      el('button', { type: 'button', class: 'primary', id: 'confirm-submit', onclick: () => { dialog.close(); submit(true); } }, 'Submit anyway')));
  dialog.showModal();
  goBack.focus();
}

export function focusSubmit() {
  if (readOnly('there is nothing left to submit')) {
    document.getElementById('read-only')?.scrollIntoView({ block: 'center' });
    return;
  }
  const button = document.getElementById('submit-button');
  button.scrollIntoView({ block: 'center' });
  button.focus({ preventScroll: true });
}

