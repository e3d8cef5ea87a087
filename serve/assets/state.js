// What the page knows: the reviewer, the batch as the server last gave it, the row shown, and
// the answer queue whose changes the server has not confirmed yet.

export const state = {
  reviewer: localStorage.getItem('egkb.reviewer') || '',
  fixedReviewer: false,  // the name comes from the link's token and cannot be changed
  store: '',             // the store's path, as the server names it
  batch: null,           // /api/batches/{id}
  index: 0,              // the row shown
  filter: localStorage.getItem('egkb.filter') || 'all',
  search: '',            // the rows shown hold this text in their material
  nodes: new Map(),      // /api/nodes/{material}, by material
  boards: new Map(),     // the example position shown for a material, by material
  shownAt: 0,            // when the row was shown or last changed (performance.now()): its time
  result: null,          // the last submit's answer or refusal
  queue: null,           // the AnswerQueue
  moves: 0,              // counts every move to another row
  confirmations: 0,      // counts the changes the server confirmed
  // The reviewer's changes of the batch that undo would take back (the last first) and those
  // redo would put back (the last first): {material, line, before, after, op, cancelled}, `op`
  // the id of a change maybe not sent yet (undo then cancels it), `cancelled` when undo took it
  // back before it was sent (redo then sends it again).
  history: { undo: [], redo: [] },
};

// The reviewer's draft of a row as the server holds it.
function saved(item) {
  const me = state.reviewer;
  return {
    verdict: item.drafts[me] ?? null,
    note: (item.notes && item.notes[me]) || '',
    flagged: (item.flagged || []).includes(me),
    skipped: (item.skipped || []).includes(me),
  };
}

// A draft with a change's fields applied, as the server applies them: an answer ends a skip and
// a skip clears the answer.
export function withFields(draft, fields) {
  const next = { ...draft, ...fields };
  if (fields.verdict !== undefined && fields.verdict !== null) next.skipped = false;
  if (next.skipped) next.verdict = null;
  return next;
}

// The reviewer's draft of a row: the server's, with the changes not confirmed yet applied in
// the order they were given (an undo or redo leaves the state it names).
export function mine(item) {
  let draft = saved(item);
  let pending = false;
  for (const op of state.queue.pending(state.batch.id, state.reviewer)) {
    if (op.material !== item.material) continue;
    draft = op.kind === 'put' ? withFields(draft, op.fields) : { ...op.state };
    pending = true;
  }
  return { ...draft, pending };
}

// The score an answer stands for: ok is the score drawn.
function scoreOf(item, verdict) {
  return verdict === 'ok' ? item.drawn_score : Number(verdict);
}

// Every reviewer's answer to a row, the reviewer's own as given on this page.
export function answers(item) {
  const all = { ...item.drafts };
  const own = mine(item).verdict;
  if (own === null) delete all[state.reviewer];
  else all[state.reviewer] = own;
  return all;
}

// Whether the answers to a row stand for different scores.
export function disagrees(item) {
  const said = new Set(Object.values(answers(item)).map((v) => scoreOf(item, v)));
  return said.size > 1;
}

export function answeredBy(name) {
  if (name === state.reviewer) return state.batch.items.filter((i) => mine(i).verdict !== null).length;
  return state.batch.items.filter((i) => i.drafts[name] !== undefined).length;
}

// The lines the last submit refused, as its message names them.
function refusedLines() {
  const r = state.result;
  if (!r || !r.error) return new Set();
  return new Set([...String(r.error).matchAll(/\bline (\d+)\b/g)].map((m) => Number(m[1])));
}

// The rows assigned to the reviewer (serve --assign); every row when rows are not assigned.
export const assignedToMe = (item) => !state.batch.overlap || (item.assigned || []).includes(state.reviewer);

// Whether the lead's submit would settle a row: the lead answered it, or the others who answered
// it agree.
export function settled(item) {
  if (answers(item)[state.batch.lead] !== undefined) return true;
  return Object.keys(answers(item)).length > 0 && !disagrees(item);
}

export const FILTERS = {
  all: ['every row', () => true],
  assigned: ['assigned to you', (item) => assignedToMe(item)],
  unsettled: ['not settled yet (the lead)', (item) => !settled(item)],
  skipped: ['skipped by you', (item) => mine(item).skipped],
  unanswered: ['not answered by you', (item) => mine(item).verdict === null],
  flagged: ['flagged by you', (item) => mine(item).flagged],
  disagree: ['answered differently', (item) => disagrees(item)],
  notes: ['with a note', (item) => mine(item).note !== '' || Object.keys(item.notes || {}).length > 0],
  changed: ['changed since drawn', (item) => Boolean(item.now) && item.now.score !== item.drawn_score],
  refused: ['refused by the last submit', (item) => refusedLines().has(item.line)],
};

// Filters by the batch's own values: `score:N` (the score now), `source:NAME` (the provenance).
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
export function inFilter(item) {
  if (state.search && !item.material.includes(state.search)) return false;
  const [kind, arg] = state.filter.split(':');
  if (kind === 'score') return Boolean(item.now) && String(item.now.score) === arg;
  if (kind === 'source') return Boolean(item.now) && item.now.source === arg;
  return (FILTERS[state.filter] || FILTERS.all)[1](item);
}

export function status(text, error) {
  const s = document.getElementById('status');
  s.textContent = text;
  s.className = error ? 'error' : '';
}
