// The answer queue: every change a reviewer makes (an answer, a flag, a note, an undo, a redo) is
// an operation bound to the row that was on screen when it was given. Operations are sent one at a
// time, in the order given, whatever the latency; each stays in localStorage until the server
// confirms it, so neither a server that is gone nor a reload of the page loses one. A refusal
// that no retry can change (a submitted batch, a refused name) is kept apart and shown.
import { api } from './api.js';

const RETRY_MS = [500, 1000, 2000, 4000, 8000];
const ALIVE_MS = 2000;   // how often a tab says it is open
const ORPHAN_MS = 10000; // a queue whose tab has not said so for this long is taken over

// Each tab keeps its own queue (sessionStorage survives the tab's reloads), so two tabs never
// send the same operation; a closed tab's queue is taken over by the next tab that opens.
const tab = sessionStorage.getItem('egkb.tab') || `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
sessionStorage.setItem('egkb.tab', tab);
const KEY = `egkb.queue.${tab}`;

function load(key) {
  try {
    const saved = JSON.parse(localStorage.getItem(key) || 'null');
    return saved && Array.isArray(saved.ops) ? saved : { ops: [], refused: [] };
  } catch {
    return { ops: [], refused: [] };
  }
}

export class AnswerQueue {
  // `onChange()` after any change; `onConfirmed(op, answer)` when the server took an operation.
  constructor(onChange, onConfirmed) {
    this.onChange = onChange;
    this.onConfirmed = onConfirmed;
    const saved = load(KEY);
    this.ops = saved.ops;
    this.refused = saved.refused || [];
    this.adoptOrphans();
    this.inFlight = null;
    this.failure = null;  // the last failure of the operation at the head, until it goes
    this.tries = 0;
    this.timer = null;
    setInterval(() => localStorage.setItem(`egkb.alive.${tab}`, String(Date.now())), ALIVE_MS);
    localStorage.setItem(`egkb.alive.${tab}`, String(Date.now()));
    window.addEventListener('online', () => this.retryNow());
  }

  adoptOrphans() {
    const now = Date.now();
    for (let i = localStorage.length - 1; i >= 0; --i) {
      const key = localStorage.key(i);
      if (!key || !key.startsWith('egkb.queue.') || key === KEY) continue;
      const other = key.slice('egkb.queue.'.length);
      const alive = Number(localStorage.getItem(`egkb.alive.${other}`) || 0);
      if (now - alive < ORPHAN_MS) continue;
      const saved = load(key);
      this.ops.push(...saved.ops);
      this.refused.push(...(saved.refused || []));
      localStorage.removeItem(key);
      localStorage.removeItem(`egkb.alive.${other}`);
    }
    this.ops.sort((a, b) => a.time - b.time);
    this.save();
  }

  save() {
    localStorage.setItem(KEY, JSON.stringify({ ops: this.ops, refused: this.refused }));
  }

  // `op`: {kind: 'put', batch, material, line, reviewer, fields, seconds (on the row before
  // this change)}, or {kind: 'undo' or 'redo',
  // batch, material, line, reviewer, state}: the row the server will change and the state it
  // will leave. Each is given an id the server applies once, however often it is sent. Returns
  // the operation as queued.
  add(op) {
    const queued = { ...op, id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`, time: Date.now() };
    this.ops.push(queued);
    this.save();
    this.onChange();
    this.pump();
    return queued;
  }

  // Takes back the operation of id `id` if it is not sent yet; false when it is sent or gone.
  cancel(id) {
    const i = this.ops.findIndex((op) => op.id === id);
    if (i < 0 || this.ops[i] === this.inFlight) return false;
    this.ops.splice(i, 1);
    this.save();
    this.onChange();
    return true;
  }

  // The operations not confirmed yet, oldest first.
  pending(batch, reviewer) {
    return this.ops.filter((op) => op.batch === batch && op.reviewer === reviewer);
  }

  dismissRefused() {
    this.refused = [];
    this.save();
    this.onChange();
  }

  retryNow() {
    clearTimeout(this.timer);
    this.timer = null;
    this.pump();
  }

  async pump() {
    if (this.inFlight || this.timer || this.ops.length === 0) return;
    const op = this.ops[0];
    this.inFlight = op;
    try {
      const answer = await send(op);
      this.ops.shift();
      this.failure = null;
      this.tries = 0;
      this.save();
      this.inFlight = null;
      this.onConfirmed(op, answer);
    } catch (e) {
      this.inFlight = null;
      if (e.retry) {
        this.failure = e.message;
        const wait = RETRY_MS[Math.min(this.tries, RETRY_MS.length - 1)];
        this.tries += 1;
        this.timer = setTimeout(() => { this.timer = null; this.pump(); }, wait);
      } else {
        this.ops.shift();
        this.refused.push({ ...op, error: e.message, choice: e.data.choice || '' });
        this.save();
        this.onConfirmed(op, null, e);
      }
    }
    this.onChange();
    this.pump();
  }
}

function send(op) {
  const body = { reviewer: op.reviewer, request: op.id };
  if (op.kind === 'undo' || op.kind === 'redo') {
    return api('POST', `/api/batches/${op.batch}/${op.kind}`, body);
  }
  const time = op.seconds ? { seconds: op.seconds } : {};
  return api('PUT', `/api/batches/${op.batch}/drafts/${op.material}`, { ...body, ...op.fields, ...time });
}
