// The egkb review app (docs/guide-expert.md): the shell around the views, the routes, the keys
// and the banner that says what is not saved yet.
import { ApiError, api } from './api.js';
import { showAgreement } from './agreement.js';
import { showBatches } from './batches.js';
import { stepLine } from './exact.js';
import { el, fill, keepingFocus } from './dom.js';
import { History } from './history.js';
import {
  answerHere, changeAgain, confirmed, loadHistory, redo, toggleFlag, toggleSkip, undo,
} from './changes.js';
import { backToRow, redrawHood } from './node_panels.js';
import { AnswerQueue } from './queue.js';
import {
  enterReview, fetchBatch, go, nextWhere, openingRow, refreshAll, step,
} from './review.js';
import { anotherPosition } from './row_card.js';
import { focusSubmit, renderSubmit } from './submit.js';
import { mine, state, status } from './state.js';

// ------------------------------------------------------------------------------ the banner

let savedAfterFailure = false;

// A change as the reviewer made it, and a row as the server holds it, in words. An answer's
// `skipped: false` and a skip's `verdict: null` go without saying.
function changeText(op) {
  if (op.kind !== 'put') return `your ${op.kind}`;
  const f = op.fields;
  return Object.entries(f).filter(([k, v]) => !(k === 'skipped' && !v && f.verdict) && !(k === 'verdict' && v === null && f.skipped))
    .map(([k, v]) => ({
      verdict: v === null ? 'no answer' : `your answer ${v}`, note: `your note “${v}”`,
      flagged: v ? 'your flag' : 'no flag', skipped: v ? 'your skip' : 'no skip',
    })[k] || k).join(', ');
}
const rowText = (d) => (d.skipped ? 'skipped' : d.verdict === null ? 'unanswered' : `answered ${d.verdict}`)
  + (d.flagged ? ', flagged' : '') + (d.note ? `, note “${d.note}”` : '');

// The changes the server refused as made on an older row: each with the row as it stands, and the
// choice between the two.
function conflictList(q) {
  const many = q.conflicts.length > 1;
  return el('div', { id: 'conflicts' },
    el('p', {}, el('strong', {}, `${q.conflicts.length} change${many ? 's were' : ' was'} not applied: ${many ? 'their rows' : 'its row'} changed after ${many ? 'they were' : 'it was'} made`),
      ` (in this tab, or in one closed before ${many ? 'they were' : 'it was'} saved). Choose what stands:`),
    el('ul', {}, q.conflicts.slice(-10).map((c) => el('li', {},
      el('a', { href: `#/batch/${c.op.batch}/${c.op.line}` }, `line ${c.op.line} ${c.op.material}`),
      `: ${changeText(c.op)}; saved since: ${rowText(c.draft)}. `,
      el('span', { class: 'choices' },
        el('button', { type: 'button', class: 'keep', onclick: () => q.dismissConflict(c.op.id) }, `Keep the saved ${c.draft.verdict ?? 'row'}`),
        c.op.kind === 'put' ? el('button', { type: 'button', class: 'mine', onclick: () => changeAgain(c) }, `Use your ${c.op.fields.verdict ?? 'change'}`) : null)))));
}

function renderBanner() {
  const banner = document.getElementById('banner');
  const q = state.queue;
  const parts = [];
  const adopted = q.adoptedWaiting();
  if (adopted) {
    parts.push(el('p', { id: 'adopted' }, el('strong', {}, `${adopted} change${adopted > 1 ? 's' : ''} a closed tab left unsaved`),
      ' now go to the server, in the order they were made.'));
  } else if (q.adoptedSaved) {
    parts.push(el('p', { class: 'ok', id: 'adopted' }, `The ${q.adoptedSaved} change${q.adoptedSaved > 1 ? 's' : ''} a closed tab left are saved.`));
    setTimeout(() => { if (!q.adoptedWaiting()) { q.adoptedSaved = 0; renderBanner(); } }, 5000);
  }
  if (q.conflicts.length) parts.push(conflictList(q));
  if (q.ops.length && q.failure) {
    savedAfterFailure = true;
    parts.push(el('p', {},
      el('strong', {}, `${q.ops.length} change${q.ops.length > 1 ? 's' : ''} not saved yet`),
      `: ${q.failure}. They are kept in this browser, also across a reload, and sent again, in order, `,
      'every few seconds until the server takes them; none is dropped. ',
      el('button', { type: 'button', id: 'retry', onclick: () => q.retryNow() }, 'Try now')));
  } else if (!q.ops.length && savedAfterFailure) {
    savedAfterFailure = false;
    parts.push(el('p', { class: 'ok' }, 'The server is back: every change is saved.'));
    setTimeout(() => { if (!state.queue.ops.length) renderBanner(); }, 4000);
  }
  if (q.refused.length) {
    parts.push(el('div', {},
      el('p', {}, el('strong', {}, `${q.refused.length} change${q.refused.length > 1 ? 's were' : ' was'} refused and not saved:`)),
      el('ul', {}, q.refused.slice(-10).map((op) => el('li', {},
        op.kind !== 'put' ? `${op.kind} ${op.material || ''}` : `${op.material} (line ${op.line}) ${changeText(op)}`,
        `: ${op.error}`))),
      el('button', { type: 'button', id: 'dismiss', onclick: () => q.dismissRefused() }, 'Dismiss')));
  }
  keepingFocus(banner, () => fill(banner, ...parts));
  banner.hidden = parts.length === 0;
  banner.className = q.ops.length && q.failure ? 'offline' : q.refused.length || q.conflicts.length ? 'refused' : 'saved';
  const pending = q.ops.length;
  const saving = document.getElementById('saving');
  saving.textContent = pending ? `${pending} not saved yet` : '';
}

function queueChanged() {
  renderBanner();
  if (state.batch) renderSubmit();
}

function queueConfirmed(op, answer) {
  if (state.view === 'error') route();
  confirmed(op, answer);
  if (answer.error && answer.error.data.choice === 'submitted' && state.batch && state.batch.id === op.batch) reloadBatch();
}

// ------------------------------------------------------------------------------ routes

async function reloadBatch() {
  if (!state.batch) return;
  state.batch = await fetchBatch(state.batch.id);
  await loadHistory();
  refreshAll();
}

async function route() {
  state.result = null;
  const m = location.hash.match(/^#\/batch\/(\d+)(?:\/(\d+|agreement))?$/);
  try {
    if (!state.store) {
      const list = await api('GET', '/api/batches');
      state.store = list.store;
      document.getElementById('store').textContent = `${list.store} (${list.pieces})`;
    }
    if (m && m[2] === 'agreement') {
      state.view = 'agreement';
      await showAgreement(m[1]);
      return;
    }
    if (m) {
      if (!state.batch || String(state.batch.id) !== m[1]) {
        state.batch = await fetchBatch(m[1]);
        state.nodes.clear();
        state.history = new History();
        await loadHistory().catch((e) => status(`undo is not loaded: ${e.message}`, true));
      }
      if (state.view !== 'review') enterReview();
      state.view = 'review';
      const line = m[2] ? Number(m[2]) : null;
      const index = line === null ? openingRow() : state.batch.items.findIndex((i) => i.line === line);
      refreshAll();
      go(index < 0 ? 0 : index);
      return;
    }
    state.view = 'batches';
    await showBatches();
  } catch (e) {
    state.view = 'error';
    fill(document.getElementById('app'),
      el('div', { class: 'card refusal', role: 'alert' }, el('p', {}, e.message),
        e instanceof ApiError && e.retry ? el('p', {}, el('button', { type: 'button', onclick: route }, 'Try again')) : null),
      el('p', {}, el('a', { href: '#/' }, '← all batches')));
  }
}

// ------------------------------------------------------------------------------ keys

// Elements that take Enter and Space themselves: the key is theirs, never an answer.
const CONTROLS = 'button, a[href], input, select, textarea, summary, [contenteditable], [role="button"]';
const TYPING = 'input, select, textarea, [contenteditable]';

function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const help = document.getElementById('help-dialog');
  if (document.querySelector('dialog[open]:not(#help-dialog)')) return;
  const target = e.target instanceof Element ? e.target : null;
  if (target && target.closest(TYPING)) {
    if (e.key === 'Escape' && target.id === 'note') {
      target.blur();
      document.getElementById('node-title')?.focus({ preventScroll: true });
      e.preventDefault();
    }
    return;
  }
  if (e.key === '?') {
    if (help.open) help.close(); else openHelp();
    e.preventDefault();
    return;
  }
  if (help.open || state.view !== 'review' || !state.batch) return;
  if ((e.key === 'Enter' || e.key === ' ') && target && target.closest(CONTROLS)) return;
  const item = state.batch.items[state.index];
  const moveTo = (i, none) => (i >= 0 ? go(i) : status(none));
  if (/^[0-9]$/.test(e.key)) answerHere(e.key);
  else if (e.key === 'Enter') answerHere('ok');
  else if (e.key === 'ArrowRight') moveTo(step(1), 'no row after this one');
  else if (e.key === 'ArrowLeft') moveTo(step(-1), 'no row before this one');
  else if (e.key === 'n') moveTo(nextWhere((i) => mine(i).verdict === null), 'every row shown is answered');
  else if (e.key === 'd') moveTo(nextWhere((i) => i.disagree), 'no other row shown is answered differently');
  else if (e.key === 'f' && item) toggleFlag();
  else if (e.key === 'x' && item) toggleSkip();
  else if (e.key === 'c' && item) document.getElementById('note').focus();
  else if (e.key === 'g') openGoto();
  else if (e.key === 'u') undo();
  else if (e.key === 'U') redo();
  else if (e.key === 'p' && item) anotherPosition(1);
  else if (e.key === 'P' && item) anotherPosition(-1);
  else if ((e.key === ']' || e.key === '[') && item) {
    if (!stepLine(e.key === ']')) status('this row\'s position has no exact value to step through');
  }
  else if (e.key === 's') focusSubmit();
  else if (e.key === 'a') location.hash = `#/batch/${state.batch.id}/agreement`;
  else if (e.key === '/') document.getElementById('search')?.focus();
  else if (e.key === 'b') backToRow();
  else return;
  e.preventDefault();
}

// ------------------------------------------------------------------------------ dialogs

function openHelp() {
  const table = document.getElementById('scale-table');
  const meanings = state.batch ? state.batch.meanings : null;
  if (meanings) {
    fill(table, el('tbody', {}, meanings.map((m, s) => el('tr', {}, el('td', {}, s), el('td', {}, m)))));
  }
  document.getElementById('help-dialog').showModal();
  // The dialog would focus its first control, Close, at the end, and scroll the list away.
  document.getElementById('help-title').focus();
}

function openGoto() {
  const dialog = document.getElementById('goto-dialog');
  const input = document.getElementById('goto-input');
  input.min = 2;
  input.max = state.batch.items.length + 1;
  input.value = '';
  dialog.showModal();
}

function askName() {
  if (state.fixedReviewer) return;
  document.getElementById('name-input').value = state.reviewer;
  document.getElementById('name-dialog').showModal();
}

function showWho() {
  const who = document.getElementById('who');
  if (state.fixedReviewer) {
    who.replaceWith(el('span', { id: 'who', class: 'who' }, `reviewer: ${state.reviewer}`));
    return;
  }
  who.textContent = state.reviewer ? `reviewer: ${state.reviewer}` : 'set your name';
}

// ------------------------------------------------------------------------------ start

async function start() {
  document.getElementById('name-form').addEventListener('submit', () => {
    const name = document.getElementById('name-input').value.trim();
    if (!name) return;
    state.reviewer = name;
    localStorage.setItem('egkb.reviewer', name);
    state.queue.reviewer = name;
    state.queue.adopt();
    showWho();
    status('');
    state.view = null;
    route();
  });
  document.getElementById('name-dialog').addEventListener('cancel', (e) => {
    if (!state.reviewer) e.preventDefault();
  });
  document.getElementById('goto-form').addEventListener('submit', () => {
    const line = Number(document.getElementById('goto-input').value);
    const index = state.batch.items.findIndex((i) => i.line === line);
    if (index >= 0) go(index);
    else status(`batch ${state.batch.id} has no line ${line}: its rows are lines 2 to ${state.batch.items.length + 1}`, true);
  });
  document.getElementById('who').addEventListener('click', askName);
  document.getElementById('keys').addEventListener('click', openHelp);
  document.addEventListener('keydown', onKey);
  window.addEventListener('hashchange', route);
  let resize = null;
  window.addEventListener('resize', () => { clearTimeout(resize); resize = setTimeout(redrawHood, 150); });
  // Other reviewers' answers come in while nothing of one's own is waiting to be sent.
  setInterval(() => {
    if (document.visibilityState === 'visible' && state.view === 'review' && !state.queue.ops.length) {
      reloadBatch().catch(() => {});
    }
  }, 30000);

  // Keeps the page for a reload while the server is gone (sw.js); browsers allow it on this
  // machine's addresses and over HTTPS only, and the app works without it.
  navigator.serviceWorker?.register('/sw.js').catch(() => {});
  state.queue = new AnswerQueue(queueChanged, queueConfirmed);
  // The queue starts at once, under the name this browser last used, so that what a closed tab
  // left goes out without waiting on the session's answer; a link's own name follows it.
  const started = state.queue.start(state.reviewer);
  try {
    const session = await api('GET', '/api/session');
    if (session.reviewer) {
      state.reviewer = session.reviewer;
      state.fixedReviewer = true;
      localStorage.setItem('egkb.reviewer', session.reviewer);
    }
  } catch (e) {
    status(`not connected: ${e.message}`, true);
  }
  showWho();
  await started;
  if (state.queue.reviewer !== state.reviewer) {
    state.queue.reviewer = state.reviewer;
    await state.queue.adopt();
  }
  renderBanner();
  if (!state.reviewer) askName();
  else route();
}

start();
