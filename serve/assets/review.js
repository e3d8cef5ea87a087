// Reviewing a batch one row at a time. The page is built once per batch; moving to another row
// rebuilds the row's card from the batch already loaded (no request stands between two
// answers), and the neighbourhood and history follow when the server sends them.
import { api } from './api.js';
import { el, fill } from './dom.js';
import {
  FILTERS, batchFilters, filterLabel, firstShown, inFilter, nextWhere as nextIn, openingRow as openingIn,
  searchText, step as stepIn,
} from './filters.js';
import { loadNode } from './node_panels.js';
import { renderNode, updateAnswer } from './row_card.js';
import { renderRows, renderSummary, scrollRowIntoView, updateRow } from './rows.js';
import { renderSubmit } from './submit.js';
import { isLead, state, status, view } from './state.js';

// The batch as the server holds it. A change confirmed while the batch was on its way may be
// missing from it, so it is asked again until no confirmation came in between.
export async function fetchBatch(id) {
  for (;;) {
    const seen = state.confirmations;
    const batch = await api('GET', `/api/batches/${id}`);
    if (seen === state.confirmations) return batch;
  }
}

// The row a batch opens on: the first of the rows shown that you have not answered, else the
// first shown, so that the first key answers a row the filter holds. A filter holding no row
// gives way to every row.
export function openingRow() {
  const items = state.batch.items;
  if (firstShown(items, view()) < 0 && state.filter !== 'all') {
    status(`no row is ${filterLabel(state.filter)}: showing every row`);
    setFilter('all');
    const select = document.getElementById('filter');
    if (select) select.value = 'all';
  }
  return Math.max(0, openingIn(items, view()));
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
        const i = firstShown(b.items, view());
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
        // The row's words (its card, the engine's evidence) and its pictures (the board, the
        // neighbourhood), side by side in a wide window (app.css).
        el('div', { class: 'row-column' },
          el('section', { class: 'card', id: 'node', 'aria-labelledby': 'node-title' }),
          el('section', { class: 'card', id: 'evidence-slot', 'aria-label': 'the engine\'s evidence' })),
        el('div', { class: 'picture-column' },
          el('section', { class: 'card board-slot', id: 'board-slot', 'aria-labelledby': 'board-title' }),
          el('div', { id: 'hood-slot' }),
          el('div', { id: 'history-slot' }),
          el('section', { class: 'card', id: 'submit', 'aria-labelledby': 'submit-title' }))),
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
  const first = firstShown(items, view());
  if (document.getElementById('node-title') && items[state.index] && !inFilter(items[state.index], view()) && first >= 0) go(first, false);
  else renderRows();
}

function setSearch(text) {
  state.search = searchText(text);
  renderRows();
  const shown = state.batch.items.filter((item) => inFilter(item, view())).length;
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

// The next row shown after the current one that `want` holds, coming round; -1 when none.
export const nextWhere = (want) => nextIn(state.batch.items, state.index, view(), want);

// The next row shown in the direction `delta`, without coming round; -1 when none.
export const step = (delta) => stepIn(state.batch.items, state.index, delta, view());
