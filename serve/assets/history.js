// The reviewer's undo and redo lists as the page keeps them, ahead of the server: each entry is a
// change {material, line, before, after, op, cancelled}, `op` the id of the queued operation that
// makes it (null once sent, or for a change the server already had), `cancelled` when undo took
// it back before it was sent (redo then sends it again). Pure: the queue is reached through the
// functions given.
import { NO_DRAFT, applyChange } from './drafts.js';

export class History {
  constructor(undo = [], redo = []) {
    this.undo = undo;  // the latest last
    this.redo = redo;  // the next last
  }

  // The lists the server keeps (GET …/changes: `undo` oldest first, `redo` next first) with the
  // reviewer's queued operations of the batch (`queued`, oldest first) played on them.
  static of(server, queued) {
    const h = new History(server.undo.map((c) => ({ ...c, op: null })),
      server.redo.map((c) => ({ ...c, op: null })).reverse());
    for (const op of queued) {
      if (op.kind === 'put') {
        const last = h.undo.findLast((c) => c.material === op.material);
        const before = last ? last.after : { ...NO_DRAFT };
        h.record({ material: op.material, line: op.line, before, after: applyChange(before, op), op: op.id });
      } else if (op.kind === 'undo' && h.undo.length) h.redo.push(h.undo.pop());
      else if (op.kind === 'redo' && h.redo.length) h.undo.push(h.redo.pop());
    }
    return h;
  }

  // A new change: what redo would have put back is gone, as in editors.
  record(change) {
    this.undo.push(change);
    this.redo = [];
  }

  // Takes back the latest change, or returns null when none is left. `cancel(op)` takes its
  // queued operation back if it was not sent yet (true); otherwise the server must undo it.
  takeBack(cancel) {
    const c = this.undo.pop();
    if (!c) return null;
    c.cancelled = Boolean(c.op) && cancel(c.op);
    c.op = null;
    this.redo.push(c);
    return c;
  }

  // Puts back the change the latest undo took back, or returns null when none is left; the
  // caller sends it again when it was cancelled, else asks the server to redo it.
  putBack() {
    const c = this.redo.pop();
    if (!c) return null;
    this.undo.push(c);
    return c;
  }
}
