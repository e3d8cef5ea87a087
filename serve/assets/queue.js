// The answer queue: every change a reviewer makes (an answer, a flag, a note, an undo, a redo) is
// an operation bound to the row that was on screen when it was given, and to the revision of that
// row it was made on. The operations go to the server in the order given, as many as are waiting
// in one request (POST /api/batches/{id}/changes), whatever the latency; each stays in
// localStorage until the server answers it, so neither a server that is gone nor a reload loses
// one. The server applies a change only on the revision it was made on: one made on an older
// state comes back as a conflict the reviewer resolves, never applied over a newer answer. A
// refusal that no retry can change (a submitted batch, a refused name) is kept apart and shown.
import { api } from './api.js';

const RETRY_MS = [500, 1000, 2000, 4000, 8000];
const ADOPT_MS = 1000;   // how often the queues of closed tabs are looked for
const ALIVE_MS = 2000;   // without Web Locks: how often a tab says it is open
const ORPHAN_MS = 10000; // without Web Locks: a queue whose tab has not said so for this long is taken over
const MOST_CHANGES = 50; // in one request: the server takes 100, and 16 KB
const MOST_BYTES = 12000;

// Each tab keeps its own queue (sessionStorage survives the tab's reloads), so two tabs never
// send the same operation; a closed tab's queue is taken over by the next page of the same
// reviewer. A tab holds a Web Lock named after it for its life, so its queue is known to be left
// the moment it closes or the browser quits; where the page has no Web Locks (plain HTTP beyond
// this machine), a tab's time stamp says it is open, and a tab that closes clears it.
const newTab = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const queueKey = (tab) => `egkb.queue.${tab}`;

function load(key) {
  try {
    const saved = JSON.parse(localStorage.getItem(key) || 'null');
    if (saved && Array.isArray(saved.ops)) return { ops: saved.ops, refused: saved.refused || [], conflicts: saved.conflicts || [] };
  } catch {
    // a damaged queue is an empty one
  }
  return { ops: [], refused: [], conflicts: [] };
}

const sameState = (a, b) => Boolean(a && b) && a.verdict === b.verdict && a.note === b.note
  && a.flagged === b.flagged && a.skipped === b.skipped;

export class AnswerQueue {
  // `onChange()` after any change; `onConfirmed(op, draft, error)` when the server answered an
  // operation: `draft` the row as it stands, `error` a refusal or (error.conflict) a conflict.
  constructor(onChange, onConfirmed) {
    this.onChange = onChange;
    this.onConfirmed = onConfirmed;
    this.tab = sessionStorage.getItem('egkb.tab') || newTab();
    this.reviewer = '';
    this.ops = [];
    this.refused = [];
    this.conflicts = [];  // {op, draft, error}: changes the server refused as made on an older row
    this.adopted = new Set();  // the ids of operations taken over from closed tabs, not yet saved
    this.adoptedSaved = 0;     // how many of them the server has taken since the last were adopted
    this.inFlight = [];
    this.failure = null;  // the last failure of the operations at the head, until they go
    this.tries = 0;
    this.timer = null;
    window.addEventListener('online', () => this.retryNow());
  }

  // Claims this tab's queue, then takes over those closed tabs of `reviewer` left, now and every
  // second; sends what waits.
  async start(reviewer) {
    this.reviewer = reviewer;
    await this.claimTab();
    const saved = load(queueKey(this.tab));
    this.ops = saved.ops;
    this.refused = saved.refused;
    this.conflicts = saved.conflicts;
    await this.adopt();
    setInterval(() => this.adopt(), ADOPT_MS);
    this.pump();
  }

  // The tab's name for its queue, held by a Web Lock (or a time stamp) while the page is open. A
  // tab duplicated by the browser copies sessionStorage, and so the name: it takes a new one.
  async claimTab() {
    if (!navigator.locks) {
      const stamp = () => localStorage.setItem(`egkb.alive.${this.tab}`, String(Date.now()));
      stamp();
      setInterval(stamp, ALIVE_MS);
      window.addEventListener('pagehide', () => localStorage.setItem(`egkb.alive.${this.tab}`, '0'));
      window.addEventListener('pageshow', stamp);
      sessionStorage.setItem('egkb.tab', this.tab);
      return;
    }
    const hold = (tab, options) => new Promise((granted) => {
      navigator.locks.request(`egkb.tab.${tab}`, options, (lock) => {
        granted(Boolean(lock));
        return lock ? new Promise(() => {}) : undefined;
      });
    });
    if (!await hold(this.tab, { ifAvailable: true })) {
      this.tab = newTab();
      await hold(this.tab, {});
    }
    sessionStorage.setItem('egkb.tab', this.tab);
  }

  // Whether the tab that kept the queue `tab` is gone.
  async closedTabs() {
    if (navigator.locks) {
      const held = new Set((await navigator.locks.query()).held.map((l) => l.name));
      return (tab) => !held.has(`egkb.tab.${tab}`);
    }
    const now = Date.now();
    return (tab) => now - Number(localStorage.getItem(`egkb.alive.${tab}`) || 0) >= ORPHAN_MS;
  }

  // Takes over the operations of this reviewer that closed tabs left; another reviewer's wait for
  // a page of theirs. One page at a time takes them (a Web Lock), so two never both do.
  async adopt() {
    if (!this.reviewer) return;
    const take = async () => {
      const closed = await this.closedTabs();
      let taken = 0;
      for (let i = localStorage.length - 1; i >= 0; --i) {
        const key = localStorage.key(i);
        if (!key || !key.startsWith('egkb.queue.') || key === queueKey(this.tab)) continue;
        const other = key.slice('egkb.queue.'.length);
        if (!closed(other)) continue;
        const saved = load(key);
        const ours = (op) => op.reviewer === this.reviewer;
        const left = { ops: saved.ops.filter((op) => !ours(op)), refused: saved.refused.filter((op) => !ours(op)), conflicts: saved.conflicts.filter((c) => !ours(c.op)) };
        const ops = saved.ops.filter(ours);
        this.ops.push(...ops);
        this.refused.push(...saved.refused.filter(ours));
        this.conflicts.push(...saved.conflicts.filter((c) => ours(c.op)));
        for (const op of ops) this.adopted.add(op.id);
        taken += ops.length;
        if (left.ops.length || left.refused.length || left.conflicts.length) localStorage.setItem(key, JSON.stringify(left));
        else {
          localStorage.removeItem(key);
          localStorage.removeItem(`egkb.alive.${other}`);
        }
      }
      if (!taken) return;
      this.adoptedSaved = 0;
      this.ops.sort((a, b) => a.time - b.time);
      this.save();
      this.onChange();
      this.retryNow();
    };
    if (navigator.locks) await navigator.locks.request('egkb.adopt', take);
    else await take();
  }

  save() {
    localStorage.setItem(queueKey(this.tab), JSON.stringify({ ops: this.ops, refused: this.refused, conflicts: this.conflicts }));
  }

  // `op`: {kind: 'put', batch, material, line, reviewer, fields, state, revision, seconds (on the
  // row before this change)}, or {kind: 'undo' or 'redo', batch, material, line, reviewer, state,
  // revision}: the row the server will change, the state it will leave, and the revision of the
  // row the change was made on. A change made on another not yet sent takes its revision from
  // that one's answer (`after`). Each is given an id the server applies once, however often it is
  // sent. Returns the operation as queued.
  add(op) {
    const before = this.ops.findLast((o) => o.batch === op.batch && o.reviewer === op.reviewer && o.material === op.material);
    const queued = {
      ...op,
      id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
      time: Date.now(),
      revision: before ? before.revision : op.revision,
      after: before ? before.id : null,
    };
    this.ops.push(queued);
    this.save();
    this.onChange();
    this.pump();
    return queued;
  }

  // Takes back the operation of id `id` if it is not sent yet; false when it is sent or gone.
  cancel(id) {
    const i = this.ops.findIndex((op) => op.id === id);
    if (i < 0 || this.inFlight.includes(this.ops[i])) return false;
    const [op] = this.ops.splice(i, 1);
    this.rebase(op, op.revision, op.after);
    this.save();
    this.onChange();
    return true;
  }

  // The operations made on `op` now wait on `revision`, or on the operation `after`.
  rebase(op, revision, after = null) {
    for (const o of this.ops) {
      if (o.after === op.id) Object.assign(o, { revision, after });
    }
  }

  // The operations not confirmed yet, oldest first.
  pending(batch, reviewer) {
    return this.ops.filter((op) => op.batch === batch && op.reviewer === reviewer);
  }

  // How many operations taken over from closed tabs wait to be sent.
  adoptedWaiting() {
    return this.ops.filter((op) => this.adopted.has(op.id)).length;
  }

  dismissRefused() {
    this.refused = [];
    this.save();
    this.onChange();
  }

  // Forgets a conflict: the row stays as the server holds it, or the reviewer sent theirs again.
  dismissConflict(id) {
    this.conflicts = this.conflicts.filter((c) => c.op.id !== id);
    this.save();
    this.onChange();
  }

  retryNow() {
    clearTimeout(this.timer);
    this.timer = null;
    this.pump();
  }

  // The operations sent next: from the head, of one batch and reviewer, up to one made on an
  // operation among them (its revision comes from that one's answer).
  nextRequest() {
    const head = this.ops[0];
    const group = [];
    let bytes = 0;
    for (const op of this.ops) {
      if (op.batch !== head.batch || op.reviewer !== head.reviewer) break;
      if (op.after && group.length) break;
      bytes += 3 * JSON.stringify(change(op)).length;
      if (group.length && (group.length === MOST_CHANGES || bytes > MOST_BYTES)) break;
      group.push(op);
    }
    return group;
  }

  async pump() {
    if (this.inFlight.length || this.timer || this.ops.length === 0) return;
    const group = this.nextRequest();
    const head = group[0];
    this.inFlight = group;
    let retry = null;
    try {
      const answer = await api('POST', `/api/batches/${head.batch}/changes`, { reviewer: head.reviewer, changes: group.map(change) });
      for (const [i, result] of answer.results.entries()) {
        const { status, ...body } = result;
        if (status === 409 || status >= 500) retry = body.error || `HTTP ${status}`;
        else this.settle(group[i], status, body);
      }
      if (!retry && answer.results.length < group.length) retry = 'the server answered part of the changes';
    } catch (e) {
      if (e.retry) retry = e.message;
      else for (const op of group) this.settle(op, e.status, e.data.error ? e.data : { error: e.message });
    }
    this.inFlight = [];
    if (retry) {
      this.failure = retry;
      const wait = RETRY_MS[Math.min(this.tries, RETRY_MS.length - 1)];
      this.tries += 1;
      this.timer = setTimeout(() => { this.timer = null; this.pump(); }, wait);
    } else {
      this.failure = null;
      this.tries = 0;
    }
    this.save();
    this.onChange();
    this.pump();
  }

  // The server's answer to one operation: applied (200), made on an older row (412), or refused.
  settle(op, status, body) {
    this.ops.splice(this.ops.indexOf(op), 1);
    if (this.adopted.delete(op.id) && status === 200) this.adoptedSaved += 1;
    if (status === 200) {
      // Sent again after an answer was lost, a change answers the row as it stands now: the
      // changes made on it follow only if the row is as that change left it.
      const applied = !body.repeated || sameState(body, op.state);
      this.rebase(op, applied ? body.revision : op.revision);
      this.onConfirmed(op, body);
      return;
    }
    // The changes made on a change not applied were made on a row that never was: they are not
    // applied either.
    this.rebase(op, op.revision);
    if (status === 412) {
      this.conflicts.push({ op, draft: body.draft, error: body.error });
      this.onConfirmed(op, body.draft, { message: body.error, conflict: true, data: body });
    } else {
      this.refused.push({ ...op, error: body.error, choice: body.choice || '' });
      this.onConfirmed(op, null, { message: body.error, data: body });
    }
  }
}

// An operation as the server takes it among a request's changes.
function change(op) {
  const c = { kind: op.kind, request: op.id, material: op.material };
  if (op.revision !== undefined && op.revision !== null) c.revision = op.revision;
  if (op.kind === 'put') Object.assign(c, op.fields, op.seconds ? { seconds: op.seconds } : {});
  return c;
}
