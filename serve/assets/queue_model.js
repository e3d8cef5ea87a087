// The answer queue's bookkeeping, without the browser: which operations wait, what each was made
// on, which go together in one request, and what the server's answer to each means. Pure: the
// browser's part (storage, tabs, timers, the network) is queue.js.
//
// An operation: {kind: 'put', batch, material, line, reviewer, fields, state, revision, seconds
// (on the row before this change)}, or {kind: 'undo' or 'redo', batch, material, line, reviewer,
// state, revision}: the row the server will change, the state it will leave, and the revision of
// the row the change was made on. Queued, it gains `id` (the server applies an id once, however
// often it is sent), `time`, and `after`: the id of the queued operation on the same row it was
// made after, whose answer gives its revision.

// How much one request carries: the server takes 100 changes, and 16 KB.
export const MOST_CHANGES = 50;
export const MOST_BYTES = 12000;

export const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export const sameState = (a, b) => Boolean(a && b) && a.verdict === b.verdict && a.note === b.note
  && a.flagged === b.flagged && a.skipped === b.skipped;

// An operation as the server takes it among a request's changes.
export function wireChange(op) {
  const c = { kind: op.kind, request: op.id, material: op.material };
  if (op.revision !== undefined && op.revision !== null) c.revision = op.revision;
  if (op.kind === 'put') Object.assign(c, op.fields, op.seconds ? { seconds: op.seconds } : {});
  return c;
}

// A saved queue ({ops, refused, conflicts}) split into what belongs to `reviewer` and what is left.
export function splitQueue(saved, reviewer) {
  const ours = (op) => op.reviewer === reviewer;
  return {
    ours: { ops: saved.ops.filter(ours), refused: saved.refused.filter(ours), conflicts: saved.conflicts.filter((c) => ours(c.op)) },
    left: { ops: saved.ops.filter((op) => !ours(op)), refused: saved.refused.filter((op) => !ours(op)), conflicts: saved.conflicts.filter((c) => !ours(c.op)) },
  };
}

export const isEmptyQueue = (q) => !q.ops.length && !q.refused.length && !q.conflicts.length;

export class OpQueue {
  constructor() {
    this.ops = [];        // waiting, oldest first
    this.refused = [];    // refused for good: each operation with its `error` and `choice`
    this.conflicts = [];  // {op, draft, error}: changes the server refused as made on an older row
    this.adopted = new Set();  // the ids of operations taken over from closed tabs, not yet saved
    this.adoptedSaved = 0;     // how many of them the server has taken since the last were adopted
    this.inFlight = [];        // the operations of the request on its way
  }

  // Queues `op`; returns it as queued. A change made on another not yet answered takes its
  // revision from that one's answer.
  add(op, id = newId(), time = Date.now()) {
    const before = this.ops.findLast((o) => o.batch === op.batch && o.reviewer === op.reviewer && o.material === op.material);
    const queued = { ...op, id, time, revision: before ? before.revision : op.revision, after: before ? before.id : null };
    this.ops.push(queued);
    return queued;
  }

  // Takes back the operation of id `id` if it is not sent yet; false when it is sent or gone.
  cancel(id) {
    const i = this.ops.findIndex((op) => op.id === id);
    if (i < 0 || this.inFlight.includes(this.ops[i])) return false;
    const [op] = this.ops.splice(i, 1);
    this.rebase(op, op.revision, op.after);
    return true;
  }

  // The operations made on `op` now wait on `revision`, or on the operation `after`.
  rebase(op, revision, after = null) {
    for (const o of this.ops) {
      if (o.after === op.id) Object.assign(o, { revision, after });
    }
  }

  // The operations not confirmed yet of a batch and reviewer, oldest first.
  pending(batch, reviewer) {
    return this.ops.filter((op) => op.batch === batch && op.reviewer === reviewer);
  }

  // Takes over what a closed tab left (splitQueue's `ours`), in the order it was made among ours.
  take(left) {
    this.ops.push(...left.ops);
    this.refused.push(...left.refused);
    this.conflicts.push(...left.conflicts);
    for (const op of left.ops) this.adopted.add(op.id);
    if (left.ops.length) this.adoptedSaved = 0;
    this.ops.sort((a, b) => a.time - b.time);
    return left.ops.length;
  }

  // How many operations taken over from closed tabs wait to be sent.
  adoptedWaiting() {
    return this.ops.filter((op) => this.adopted.has(op.id)).length;
  }

  // The operations sent next: from the head, of one batch and reviewer, up to one made on an
  // operation among them (its revision comes from that one's answer), within the request's bounds.
  nextRequest() {
    const head = this.ops[0];
    const group = [];
    let bytes = 0;
    for (const op of this.ops) {
      if (op.batch !== head.batch || op.reviewer !== head.reviewer) break;
      if (op.after && group.length) break;
      bytes += 3 * JSON.stringify(wireChange(op)).length;
      if (group.length && (group.length === MOST_CHANGES || bytes > MOST_BYTES)) break;
      group.push(op);
    }
    return group;
  }

  // Takes the server's answer to one operation off the queue: applied (200), made on an older
  // row (412), or refused for good. Returns what the page is told: {draft, item, error}: the
  // reviewer's draft and the batch's row as they stand (null when the answer names no row), and
  // null, a conflict ({message, conflict: true, data}) or a refusal ({message, data}).
  settle(op, status, body) {
    this.ops.splice(this.ops.indexOf(op), 1);
    if (this.adopted.delete(op.id) && status === 200) this.adoptedSaved += 1;
    if (status === 200) {
      // Sent again after an answer was lost, a change answers the row as it stands now: the
      // changes made on it follow only if the row is as that change left it.
      const applied = !body.repeated || sameState(body, op.state);
      this.rebase(op, applied ? body.revision : op.revision);
      return { draft: body, item: body.item || null, error: null };
    }
    // The changes made on a change not applied were made on a row that never was: they are not
    // applied either.
    this.rebase(op, op.revision);
    if (status === 412) {
      this.conflicts.push({ op, draft: body.draft, error: body.error });
      return { draft: body.draft, item: body.item || null, error: { message: body.error, conflict: true, data: body } };
    }
    this.refused.push({ ...op, error: body.error, choice: body.choice || '' });
    return { draft: null, item: null, error: { message: body.error, data: body } };
  }

  dismissRefused() {
    this.refused = [];
  }

  // Forgets a conflict: the row stays as the server holds it, or the reviewer sent theirs again.
  dismissConflict(id) {
    this.conflicts = this.conflicts.filter((c) => c.op.id !== id);
  }
}
