// The answer queue in the browser: every change a reviewer makes (an answer, a flag, a note, an
// undo, a redo) is an operation bound to the row that was on screen when it was given, and to the
// revision of that row it was made on (queue_model.js keeps that bookkeeping). The operations go
// to the server in the order given, as many as are waiting in one request (POST
// /api/batches/{id}/changes), whatever the latency; each stays in localStorage until the server
// answers it, so neither a server that is gone nor a reload loses one. The server applies a
// change only on the revision it was made on: one made on an older state comes back as a
// conflict the reviewer resolves, never applied over a newer answer. A refusal that no retry can
// change (a submitted batch, a refused name) is kept apart and shown.
import { api } from './api.js';
import { OpQueue, isEmptyQueue, splitQueue, wireChange } from './queue_model.js';

const RETRY_MS = [500, 1000, 2000, 4000, 8000];
const ADOPT_MS = 1000;   // how often the queues of closed tabs are looked for
const ALIVE_MS = 2000;   // without Web Locks: how often a tab says it is open
const ORPHAN_MS = 10000; // without Web Locks: a queue whose tab has not said so for this long is taken over

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

export class AnswerQueue extends OpQueue {
  // `onChange()` after any change; `onConfirmed(op, answer)` when the server answered an
  // operation, `answer` as OpQueue.settle gives it.
  constructor(onChange, onConfirmed) {
    super();
    this.onChange = onChange;
    this.onConfirmed = onConfirmed;
    this.tab = sessionStorage.getItem('egkb.tab') || newTab();
    this.reviewer = '';
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
        const { ours, left } = splitQueue(load(key), this.reviewer);
        taken += this.take(ours);
        if (!isEmptyQueue(left)) localStorage.setItem(key, JSON.stringify(left));
        else {
          localStorage.removeItem(key);
          localStorage.removeItem(`egkb.alive.${other}`);
        }
      }
      if (!taken) return;
      this.changed();
      this.retryNow();
    };
    if (navigator.locks) await navigator.locks.request('egkb.adopt', take);
    else await take();
  }

  // Keeps the queue for a reload, and tells the page.
  changed() {
    localStorage.setItem(queueKey(this.tab), JSON.stringify({ ops: this.ops, refused: this.refused, conflicts: this.conflicts }));
    this.onChange();
  }

  add(op) {
    const queued = super.add(op);
    this.changed();
    this.pump();
    return queued;
  }

  cancel(id) {
    const cancelled = super.cancel(id);
    if (cancelled) this.changed();
    return cancelled;
  }

  dismissRefused() {
    super.dismissRefused();
    this.changed();
  }

  dismissConflict(id) {
    super.dismissConflict(id);
    this.changed();
  }

  retryNow() {
    clearTimeout(this.timer);
    this.timer = null;
    this.pump();
  }

  async pump() {
    if (this.inFlight.length || this.timer || this.ops.length === 0) return;
    const group = this.nextRequest();
    const head = group[0];
    this.inFlight = group;
    let retry = null;
    const settle = (op, status, body) => this.onConfirmed(op, this.settle(op, status, body));
    try {
      const answer = await api('POST', `/api/batches/${head.batch}/changes`, { reviewer: head.reviewer, changes: group.map(wireChange) });
      for (const [i, result] of answer.results.entries()) {
        const { status, ...body } = result;
        if (status === 409 || status >= 500) retry = body.error || `HTTP ${status}`;
        else settle(group[i], status, body);
      }
      if (!retry && answer.results.length < group.length) retry = 'the server answered part of the changes';
    } catch (e) {
      if (e.retry) retry = e.message;
      else for (const op of group) settle(op, e.status, e.data.error ? e.data : { error: e.message });
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
    this.changed();
    this.pump();
  }
}
