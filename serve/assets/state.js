// What the page knows: the reviewer, the batch as the server last gave it, the row shown, and
// the answer queue whose changes the server has not confirmed yet. The rules of review live in
// the server, which says of each row what they decide; the logic on this data is in the pure
// modules (drafts.js, filters.js, history.js, queue_model.js), which take it as arguments.
import { answersWith, myDraft } from './drafts.js';
import { History } from './history.js';
import { refusedLines } from './filters.js';

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
  history: new History(),  // the reviewer's undo and redo in this batch
};

// The reviewer's draft of a row: the server's, with the changes not confirmed yet applied.
export const mine = (item) => myDraft(item, state.reviewer, state.queue.pending(state.batch.id, state.reviewer));

// Every reviewer's answer to a row, the reviewer's own as given on this page.
export const answers = (item) => answersWith(item, state.reviewer, mine(item).verdict);

// What the row list shows, as filters.js takes it.
export const view = () => ({
  reviewer: state.reviewer, filter: state.filter, search: state.search, refused: refusedLines(state.result), mine,
});

export const isLead = () => Boolean(state.batch) && state.batch.lead === state.reviewer;

export function answeredBy(name) {
  if (name === state.reviewer) return state.batch.items.filter((i) => mine(i).verdict !== null).length;
  return state.batch.items.filter((i) => i.drafts[name] !== undefined).length;
}

export function status(text, error) {
  const s = document.getElementById('status');
  s.textContent = text;
  s.className = error ? 'error' : '';
}
