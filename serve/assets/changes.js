// The reviewer's changes of the batch: answers, skips, flags and notes queued at once on the row
// shown, undo and redo shown before the server has them, and the server's answers taken in.
import { api } from './api.js';
import { answerFields, applyChange, skipFields } from './drafts.js';
import { mayAnswer } from './filters.js';
import { History } from './history.js';
import { fetchBatch, go, refreshAll, step } from './review.js';
import { updateAnswer } from './row_card.js';
import { renderSummary, updateRow } from './rows.js';
import { renderSubmit } from './submit.js';
import { mine, state, status } from './state.js';

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

export function readOnly(outcome = 'nothing was changed') {
  if (!state.batch.imported) return false;
  status(`Batch ${state.batch.id} is submitted and read-only: ${outcome}.`, true);
  return true;
}

// Whether a change of `item` is refused: the batch is submitted, or the row is other reviewers'.
function refused(item) {
  if (readOnly()) return true;
  if (mayAnswer(item, state.reviewer)) return false;
  status(`line ${item.line} is assigned to ${item.assigned.join(' and ')}: you answer only the rows assigned to you`, true);
  return true;
}

// The revision of the reviewer's draft of a row as the server last gave it: a change is made on it.
const revisionOf = (item) => (item.revisions || {})[state.reviewer] || 0;

const itemOf = (material) => state.batch.items.find((i) => i.material === material);

function change(item, fields) {
  const { pending, ...before } = mine(item);
  const after = applyChange(before, { kind: 'put', fields });
  const onScreen = state.batch.items[state.index] === item;
  const op = state.queue.add({
    kind: 'put', batch: state.batch.id, material: item.material, line: item.line,
    reviewer: state.reviewer, fields, state: after, revision: revisionOf(item), seconds: onScreen ? secondsOnRow() : 0,
  });
  state.history.record({ material: item.material, line: item.line, before, after, op: op.id });
}

// A conflict resolved with the reviewer's own change: made again on the row as it stands now.
export function changeAgain(conflict) {
  const { op } = conflict;
  state.queue.dismissConflict(op.id);
  const item = state.batch && state.batch.id === op.batch && itemOf(op.material);
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
  state.history = History.of(h, state.queue.pending(b.id, state.reviewer));
}

// An answer to the row on screen now; the page moves on at once, before the server confirms.
export function answerHere(verdict) {
  const index = state.index;
  const item = state.batch.items[index];
  if (refused(item)) return;
  change(item, answerFields(verdict));
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
    change(item, skipFields(false));
    status(`${item.material} (line ${item.line}) no longer skipped`);
    updateRow(index);
    updateAnswer();
    renderSummary();
    return;
  }
  change(item, skipFields(true));
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

export function saveNote(item, text) {
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
  const c = state.history.takeBack((op) => state.queue.cancel(op));
  if (!c) {
    status('nothing left to undo');
    return;
  }
  if (!c.cancelled) stepOnServer('undo', c, c.before);
  showStep(c, `undone: ${describe(c, c.before)}`);
}

// Puts back the change the latest undo took back, and shows its row at once.
export function redo() {
  if (readOnly()) return;
  const c = state.history.putBack();
  if (!c) {
    status('nothing left to redo');
    return;
  }
  if (c.cancelled) {
    c.op = state.queue.add({
      kind: 'put', batch: state.batch.id, material: c.material, line: c.line, reviewer: state.reviewer, fields: c.after,
      state: c.after, revision: revisionOf(itemOf(c.material)),
    }).id;
    c.cancelled = false;
  } else stepOnServer('redo', c, c.after);
  showStep(c, `redone: ${describe(c, c.after)}`);
}

function stepOnServer(kind, c, after) {
  state.queue.add({
    kind, batch: state.batch.id, material: c.material, line: c.line, reviewer: state.reviewer, state: after,
    revision: revisionOf(itemOf(c.material)),
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

// The server's answer to a change (queue_model.js, settle): the batch takes the row as the server
// holds it now, what the rules decide of it included. A change made on an older row
// (error.conflict) comes back with the row as it stands, which the page shows.
export function confirmed(op, { draft, item, error }) {
  state.confirmations += 1;
  const b = state.batch;
  if (error) {
    status(error.conflict ? `line ${op.line} changed since your change: the banner asks what stands` : `not saved: ${error.message}`, true);
    if (error.conflict && b && b.id === op.batch) loadHistory().then(refreshAll, () => {});
    if (!draft && b && b.id === op.batch && document.getElementById('rows')) refreshAll();
  }
  if (!b || b.id !== op.batch || !draft) return;
  const index = b.items.findIndex((i) => i.material === draft.material);
  if (index < 0) return;
  if (!item) {
    // The server could not read the row after the change: the batch is read again.
    fetchBatch(b.id).then((again) => {
      if (state.batch !== b) return;
      state.batch = again;
      refreshAll();
    }, () => {});
    return;
  }
  Object.assign(b.items[index], item);
  for (const name of Object.keys(item.drafts)) {
    if (!b.reviewers.includes(name)) b.reviewers.push(name);
  }
  if (!document.getElementById('rows')) return;
  updateRow(index);
  renderSummary();
  renderSubmit();
  if (index === state.index) updateAnswer();
  if (op.reviewer === state.reviewer && op.kind !== 'put' && op.material !== draft.material) {
    // Another tab of this reviewer changed the history: the server's is the one that stands.
    status(`the server's ${op.kind} changed ${draft.material} (line ${draft.line}), not ${op.material}: your changes were also made elsewhere`, true);
    loadHistory().catch(() => {});
  }
}
