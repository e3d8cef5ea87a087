// Which rows of a batch the page shows, and where the keys move among them. Pure: each function
// takes the view it filters by, {reviewer, filter, search, refused, mine}: the reviewer's name,
// the filter chosen (a key of FILTERS, `score:N` or `source:NAME`), the text sought in the
// materials, the sheet lines the last submit refused, and the reviewer's draft of a row as the
// page holds it (drafts.js, myDraft). What a row is (answered differently, settled, assigned to
// whom) the server says in the row itself.

// The rows assigned to the reviewer (serve --assign); every row when rows are not assigned.
export const assignedTo = (item, reviewer) => !item.answerers || (item.assigned || []).includes(reviewer);

// Whether the reviewer may change the row: the server's `answerers`, null when anyone may.
export const mayAnswer = (item, reviewer) => !item.answerers || item.answerers.includes(reviewer);

export const FILTERS = {
  all: ['every row', () => true],
  assigned: ['assigned to you', (item, v) => assignedTo(item, v.reviewer)],
  unsettled: ['not settled yet (the lead)', (item) => !item.settled],
  skipped: ['skipped by you', (item, v) => v.mine(item).skipped],
  unanswered: ['not answered by you', (item, v) => v.mine(item).verdict === null],
  flagged: ['flagged by you', (item, v) => v.mine(item).flagged],
  disagree: ['answered differently', (item) => item.disagree],
  notes: ['with a note', (item, v) => v.mine(item).note !== '' || Object.keys(item.notes || {}).length > 0],
  evidence: ['evidence disagrees with the score', (item) => item.evidence_disagrees === true],
  changed: ['changed since drawn', (item) => Boolean(item.now) && item.now.score !== item.drawn_score],
  refused: ['refused by the last submit', (item, v) => v.refused.has(item.line)],
};

// Filters by the batch's own values: `score:N` (the score now), `source:NAME` (the provenance),
// each as [value, label].
export function batchFilters(batch) {
  const scores = [...new Set(batch.items.filter((i) => i.now).map((i) => i.now.score))].sort((a, b) => a - b);
  const sources = [...new Set(batch.items.filter((i) => i.now).map((i) => i.now.source))].sort();
  return {
    scores: scores.map((s) => [`score:${s}`, `scored ${s} now`]),
    sources: sources.map((s) => [`source:${s}`, `${s} rows`]),
  };
}

export function filterLabel(value) {
  const [kind, arg] = value.split(':');
  if (kind === 'score') return `scored ${arg} now`;
  if (kind === 'source') return `${arg} rows`;
  return (FILTERS[value] || FILTERS.all)[0];
}

// Whether a row is shown: in the filter, and holding the search text in its material.
export function inFilter(item, view) {
  if (view.search && !item.material.includes(view.search)) return false;
  const [kind, arg] = view.filter.split(':');
  if (kind === 'score') return Boolean(item.now) && String(item.now.score) === arg;
  if (kind === 'source') return Boolean(item.now) && item.now.source === arg;
  return (FILTERS[view.filter] || FILTERS.all)[1](item, view);
}

// The indices of the rows the list shows: those in the filter and the search, and no other (not
// even the row shown when it is outside them).
export const listed = (items, view) => items.flatMap((item, i) => (inFilter(item, view) ? [i] : []));

// The search text as materials spell it: upper case, `v` between chess sides.
export const searchText = (typed) => typed.trim().toUpperCase().replace(/V/g, 'v');

// The first row shown; -1 when the filter shows none.
export const firstShown = (items, view) => items.findIndex((i) => inFilter(i, view));

// The row a batch opens on: the first shown that the reviewer has not answered, else the first
// shown; -1 when the filter shows no row.
export function openingRow(items, view) {
  const unanswered = items.findIndex((i) => inFilter(i, view) && view.mine(i).verdict === null);
  return unanswered >= 0 ? unanswered : firstShown(items, view);
}

// The next row shown after `from` that `want` holds, in batch order, coming round; -1 when none.
export function nextWhere(items, from, view, want) {
  for (let k = 1; k <= items.length; ++k) {
    const i = (from + k) % items.length;
    if (i !== from && inFilter(items[i], view) && want(items[i])) return i;
  }
  return -1;
}

// The next row shown from `from` in the direction `delta`, without coming round; -1 when none.
export function step(items, from, delta, view) {
  for (let i = from + delta; i >= 0 && i < items.length; i += delta) {
    if (inFilter(items[i], view)) return i;
  }
  return -1;
}

// The sheet lines a submit's refusal names (its `lines`), for the `refused` filter.
export const refusedLines = (result) => new Set((result && result.error && result.lines) || []);

// Whether the Submit box's "partial" is ticked before the reviewer ticks or clears it: while a row
// is unanswered by the reviewer, or for the lead not settled, a whole submit would be refused.
export const partialByDefault = (items, view, lead) => items.some((i) => (lead ? !i.settled : view.mine(i).verdict === null));

// The time the reviewer's rows left would take at their median time per row: [rows, seconds];
// seconds null until the reviewer has a median. A reviewer's rows left are those assigned to
// them not answered yet; the lead's, the rows not settled.
export function timeLeft(items, view, median, lead) {
  const left = items.filter((i) => (lead ? !i.settled : assignedTo(i, view.reviewer) && view.mine(i).verdict === null)).length;
  return [left, median > 0 ? left * median : null];
}
