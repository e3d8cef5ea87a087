// The batch's row list beside the row shown, and the progress above it.
import { bar, el, fill, keepingFocus } from './dom.js';
import { assignedTo, filterLabel, inFilter, listed, timeLeft } from './filters.js';
import { answeredBy, isLead, mine, state, view } from './state.js';

export function renderRows() {
  const b = state.batch;
  const list = document.getElementById('rows');
  const shown = view();
  // Only the rows the filter and the search hold, the row shown among them only if it is one.
  const rows = listed(b.items, shown).map((i) => rowItem(b.items[i], i));
  keepingFocus(list, () => fill(list, ...rows));
  const which = `${filterLabel(state.filter)}${state.search ? ` with ${state.search}` : ''}`;
  if (rows.length === 0) list.append(el('li', { class: 'muted none' }, `no row is ${which}`));
  else if (!inFilter(b.items[state.index], shown)) {
    list.prepend(el('li', { class: 'muted none', id: 'outside-filter' }, `line ${b.items[state.index].line}, shown, is not ${which}`));
  }
  scrollRowIntoView();
}

function rowItem(item, i) {
  const d = mine(item);
  const marks = [
    d.pending ? el('span', { class: 'pending', title: 'not saved yet' }, '…') : null,
    d.flagged ? el('span', { title: 'flagged' }, '⚑') : null,
    d.skipped ? el('span', { title: 'skipped' }, '↷') : null,
    item.disagree ? el('span', { class: 'warn', title: 'answered differently' }, '⚠') : null,
    item.evidence_disagrees ? el('span', { class: 'evidence-mark', title: `the evidence bins to ${item.evidence_score}, the score is ${item.drawn_score}` }, '≠') : null,
    d.note || Object.keys(item.notes || {}).length ? el('span', { title: 'with a note' }, '✎') : null,
  ];
  return el('li', { 'data-index': i, class: i === state.index ? 'current' : '' },
    el('a', { href: `#/batch/${state.batch.id}/${item.line}`, 'aria-current': i === state.index ? 'true' : null, tabindex: i === state.index ? '0' : '-1' },
      el('span', { class: 'line' }, item.line), el('span', { class: 'mono' }, item.material),
      el('span', { class: 'marks' }, marks, d.verdict !== null ? el('span', { class: 'said' }, d.verdict) : null)));
}

export function updateRow(i) {
  const li = document.querySelector(`#rows li[data-index="${i}"]`);
  if (li) keepingFocus(li, () => li.replaceWith(rowItem(state.batch.items[i], i)));
}

// Brings the row shown into the middle of the list's box when it is out of it. The box that
// scrolls is the list beside the row (the whole nav) or, on a phone, the list under Find and
// Show; the row's place is measured against it, whatever element it is placed in.
export function scrollRowIntoView() {
  const current = document.querySelector('#rows li.current');
  const nav = document.querySelector('nav.items');
  const list = document.getElementById('rows');
  if (!current || !nav || !list) return;
  const box = list.scrollHeight > list.clientHeight + 1 ? list : nav;
  const top = current.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
  if (top < box.scrollTop || top + current.offsetHeight > box.scrollTop + box.clientHeight) {
    box.scrollTop = top - box.clientHeight / 2;
  }
}

export function renderSummary() {
  const b = state.batch;
  const box = document.getElementById('summary');
  if (!box) return;
  const others = b.reviewers.filter((r) => r !== state.reviewer).map((r) => `${r}: ${answeredBy(r)}`).join(', ');
  const flagged = b.items.filter((i) => mine(i).flagged).length;
  const open = b.items.filter((i) => i.disagree).length;
  // The lead's progress is the rows settled; a reviewer's, the rows answered of those assigned.
  const assigned = b.items.filter((i) => assignedTo(i, state.reviewer));
  const [done, of, what] = isLead()
    ? [b.items.filter((i) => i.settled).length, b.items.length, 'settled (lead)']
    : [assigned.filter((i) => mine(i).verdict !== null).length, assigned.length,
      b.overlap ? 'assigned rows answered by' : 'answered by'];
  fill(box,
    el('div', { class: 'progress' },
      el('h1', {}, `Batch ${b.id}`),
      bar(done, of, isLead() ? 'rows settled' : `rows answered by ${state.reviewer}`),
      el('span', { id: 'progress' }, isLead() ? `${done} of ${of} ${what}`
        : b.overlap ? `${state.reviewer}: ${done} of ${of} assigned rows answered` : `${state.reviewer} answered ${done} of ${of}`),
      timeLeftText(),
      flagged ? el('span', {}, `${flagged} flagged`) : null,
      open ? el('span', { class: 'warn' }, `${open} answered differently`) : null,
      others ? el('span', { class: 'muted' }, `others: ${others}`) : null),
    b.imported ? el('p', { class: 'notice', id: 'submitted-note' }, el('strong', {}, submittedBy()),
      ': read-only. The Submit box at the end says how to answer again.') : null);
}

const duration = (s) => (s < 10 ? `${s.toFixed(1)} s` : s < 90 ? `${Math.round(s)} s` : `${Math.round(s / 60)} min`);

// "about 12 min left: 24 rows at your median 30 s a row", from the server's median.
function timeLeftText() {
  const b = state.batch;
  const median = (b.median_seconds || {})[state.reviewer];
  const [left, seconds] = timeLeft(b.items, view(), median, isLead());
  if (!left || b.imported) return null;
  const text = seconds === null ? `${left} row${left === 1 ? '' : 's'} left; the time they take shows after your first answers`
    : `about ${duration(seconds)} left: ${left} row${left === 1 ? '' : 's'} at your median ${duration(median)} a row`;
  return el('span', { class: 'muted', id: 'time-left' }, text);
}

export const submittedBy = () => {
  const i = state.batch.imported;
  return `Submitted by ${i.reviewer} at ${i.time} (run ${i.run})`;
};
