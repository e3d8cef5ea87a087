// The egkb review app: one node at a time, answered by click or key, each answer saved at once
// as the reviewer's draft through the JSON API (docs/formats.md). Every text from the store is
// placed with textContent, never parsed as HTML.
'use strict';

const SYMBOLS = {
  xiangqi: {
    first: { K: '帥', R: '俥', N: '傌', C: '炮', P: '兵', G: '仕', M: '相' },
    second: { K: '將', R: '車', N: '馬', C: '砲', P: '卒', G: '士', M: '象' },
  },
  chess: {
    first: { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙' },
    second: { K: '♚', Q: '♛', R: '♜', B: '♝', N: '♞', P: '♟' },
  },
};

const state = {
  token: '',
  reviewer: localStorage.getItem('egkb.reviewer') || '',
  batch: null,   // the batch as /api/batches/{id} gives it
  index: 0,      // the item shown
  node: null,    // the item's node as /api/nodes/{material} gives it
  undo: [],      // {index, previous verdict or null}, newest last
  result: null,  // the last submit's answer or refusal
};

{
  const params = new URLSearchParams(location.search);
  if (params.get('token')) {
    sessionStorage.setItem('egkb.token', params.get('token'));
    history.replaceState(null, '', location.pathname + location.hash);
  }
  state.token = sessionStorage.getItem('egkb.token') || '';
}

async function api(method, path, body) {
  const headers = {};
  if (state.token) headers['X-Egkb-Token'] = state.token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  if (!res.ok) {
    const e = new Error(data.error || `HTTP ${res.status}`);
    e.status = res.status;
    e.data = data;
    throw e;
  }
  return data;
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    e.append(c instanceof Node ? c : String(c));
  }
  return e;
}

function svg(tag, attrs, ...children) {
  const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  for (const c of children) e.append(c instanceof Node ? c : String(c));
  return e;
}

function status(text, error) {
  const s = document.getElementById('status');
  s.textContent = text;
  s.className = error ? 'error' : '';
}

// The two sides of a material text: "KRPvKR" (chess) or "KRPKGGMM" (xiangqi: black's part
// starts at the second king).
function sides(material) {
  const v = material.indexOf('v');
  if (v >= 0) return [material.slice(0, v), material.slice(v + 1)];
  const k = material.indexOf('K', 1);
  return k < 0 ? [material, ''] : [material.slice(0, k), material.slice(k)];
}

function symbols(material, pieces) {
  const set = SYMBOLS[pieces];
  const [first, second] = sides(material);
  const part = (text, map, cls) =>
    el('span', { class: cls }, [...text].map((c) => map[c] || c).join(''));
  if (!set) return el('span');
  return el('span', { class: 'symbols', 'aria-label': 'pieces' },
    part(first, set.first, 'red'), ' · ', part(second, set.second, 'black'));
}

// A progress bar. Its width is set through the style object: the page's Content-Security-Policy
// refuses style attributes.
function bar(done, all) {
  const fill = el('span');
  fill.style.width = `${all ? (100 * done) / all : 0}%`;
  return el('span', { class: 'bar', role: 'progressbar', 'aria-valuenow': done, 'aria-valuemax': all }, fill);
}

function verdictText(v) {
  return v === 'ok' ? 'ok' : v;
}

// ---------------------------------------------------------------------------------- batches

async function showBatches() {
  state.batch = null;
  const data = await api('GET', '/api/batches');
  document.getElementById('store').textContent = `${data.store} (${data.pieces})`;
  const app = document.getElementById('app');
  const rows = data.batches.map((b) => {
    const mine = b.answered[state.reviewer] || 0;
    const others = Object.entries(b.answered).filter(([name]) => name !== state.reviewer)
      .map(([name, n]) => `${name} ${n}`).join(', ');
    const open = () => { location.hash = `#/batch/${b.id}`; };
    return el('tr', { class: 'batch-row', onclick: open, 'data-batch': b.id },
      el('td', {}, el('a', { href: `#/batch/${b.id}` }, `Batch ${b.id}`)),
      el('td', {}, b.design),
      el('td', {}, b.created),
      el('td', {}, b.drawn),
      el('td', {}, bar(mine, b.drawn), ` ${mine} / ${b.drawn}`),
      el('td', {}, others || '—'),
      el('td', {}, b.imported
        ? `submitted by ${b.imported.reviewer} (run ${b.imported.run})` : 'open'));
  });
  app.replaceChildren(
    el('h1', {}, 'Review batches'),
    rows.length === 0
      ? el('p', { class: 'muted' }, 'No batches yet. Draw one with ',
        el('code', {}, 'egkb sample STORE --out batch.csv'), '.')
      : el('table', { id: 'batches' },
        el('thead', {}, el('tr', {}, ['Batch', 'Design', 'Drawn on', 'Rows',
          `Answered by ${state.reviewer || 'you'}`, 'Other reviewers', 'Status']
          .map((h) => el('th', {}, h)))),
        el('tbody', {}, rows)));
  status('');
}

// ----------------------------------------------------------------------------------- review

async function loadBatch(id) {
  state.batch = await api('GET', `/api/batches/${id}`);
}

async function showItem(index) {
  const items = state.batch.items;
  state.index = Math.max(0, Math.min(index, items.length - 1));
  const wanted = `#/batch/${state.batch.id}/${state.index + 1}`;
  if (location.hash !== wanted) history.replaceState(null, '', wanted);
  const item = items[state.index];
  state.node = item ? await api('GET', `/api/nodes/${item.material}`).catch(() => null) : null;
  renderReview();
  const card = document.getElementById('node');
  if (card && card.getBoundingClientRect().top < 0) window.scrollTo(0, 0);
}

function answeredBy(name) {
  return state.batch.items.filter((i) => i.drafts[name] !== undefined).length;
}

function renderReview() {
  const b = state.batch;
  const app = document.getElementById('app');
  const item = b.items[state.index];
  const mine = answeredBy(state.reviewer);
  const list = el('ol', {}, b.items.map((it, i) => {
    const my = it.drafts[state.reviewer];
    return el('li', {
      class: [i === state.index ? 'current' : '', it.disagree ? 'disagree' : ''].join(' '),
      onclick: () => showItem(i), 'data-index': i,
    }, el('span', { class: 'muted' }, it.line), el('span', {}, it.material),
    el('span', { class: 'mark' }, it.disagree ? '⚠' : '', my !== undefined ? verdictText(my) : ''));
  }));
  const others = b.reviewers.filter((r) => r !== state.reviewer)
    .map((r) => `${r}: ${answeredBy(r)}`).join(', ');
  app.replaceChildren(
    el('p', {}, el('a', { href: '#/' }, '← all batches')),
    el('div', { class: 'review' },
      el('nav', { class: 'items', 'aria-label': 'rows of the batch' }, list),
      el('section', {},
        el('div', { class: 'card' },
          el('div', { class: 'progress' },
            el('strong', {}, `Batch ${b.id}`),
            bar(mine, b.items.length),
            el('span', { id: 'progress' }, `${state.reviewer} answered ${mine} of ${b.items.length}`),
            others ? el('span', { class: 'muted' }, `others: ${others}`) : null),
          b.imported ? el('p', { class: 'muted' },
            `Submitted by ${b.imported.reviewer} (run ${b.imported.run}, ${b.imported.time}); a new submit must replace it.`) : null),
        item ? nodeCard(item) : el('p', {}, 'This batch has no rows.'),
        item && state.node ? hoodCard(state.node) : null,
        item && state.node ? historyCard(state.node) : null,
        submitCard())));
  // Keep the current row in the list's view without scrolling the page.
  const current = list.querySelector('li.current');
  const nav = list.parentElement;
  if (current && (current.offsetTop < nav.scrollTop
      || current.offsetTop + current.offsetHeight > nav.scrollTop + nav.clientHeight)) {
    nav.scrollTop = current.offsetTop - nav.clientHeight / 2;
  }
}

function nodeCard(item) {
  const b = state.batch;
  const my = item.drafts[state.reviewer];
  const buttons = [];
  for (let s = 0; s <= 9; ++s) {
    buttons.push(el('button', {
      type: 'button', class: my === String(s) ? 'chosen' : '', title: b.meanings[s],
      'data-verdict': s, onclick: () => answer(String(s)),
    }, s));
  }
  buttons.push(el('button', {
    type: 'button', class: `ok ${my === 'ok' ? 'chosen' : ''}`, 'data-verdict': 'ok',
    onclick: () => answer('ok'),
  }, '✓ score is right (Enter)'));
  const answers = Object.entries(item.drafts).map(([name, v]) =>
    `${name}: ${v === 'ok' ? `ok (${item.drawn_score})` : v}`).join(', ');
  const now = item.now;
  const why = item.probability >= 1 ? 'always drawn (the census part of the design)'
    : `drawn with probability ${item.probability.toPrecision(3)}`;
  return el('div', { class: 'card', id: 'node' },
    el('p', { class: 'material' }, item.material, ' ', symbols(item.material, b.pieces)),
    el('p', {}, item.words),
    el('dl', { class: 'facts' },
      el('dt', {}, 'score now'),
      el('dd', { id: 'score' }, now ? `${now.score} — ${now.meaning} (${now.source}${now.invariable ? ', invariable' : ''})` : 'no longer stored'),
      el('dt', {}, 'when drawn'),
      el('dd', {}, `${item.drawn_score} — ${item.drawn_meaning}`,
        now && now.score !== item.drawn_score ? el('strong', {}, ' (changed since drawn)') : null),
      el('dt', {}, 'first score'),
      el('dd', {}, item.original === null ? '—' : item.original),
      el('dt', {}, 'why drawn'),
      el('dd', {}, `${b.design} design, ${item.stratum} row, ${why}`),
      el('dt', {}, 'sheet line'),
      el('dd', {}, item.line)),
    el('div', { class: 'answers', role: 'group', 'aria-label': 'your answer' }, buttons),
    el('p', { class: 'others', id: 'answers' }, answers ? `Answers: ${answers}` : 'No answers yet.'),
    item.disagree ? el('p', { class: 'disagreement', id: 'disagreement' },
      '⚠ The reviewers disagree on this node: compare your reasons before one of you submits.') : null);
}

// The node and its neighbours as the paper's Fig. 2 draws them: materials with one piece more
// above, one piece less below, the mirror beside; edges that break the additive rule in red.
function hoodCard(node) {
  const up = node.neighbours.filter((n) => n.link.startsWith('+'));
  const down = node.neighbours.filter((n) => n.link.startsWith('-'));
  const mirror = node.mirror;
  const boxW = 128; const boxH = 40; const gapX = 12; const rowGap = 80;
  const perRow = Math.max(up.length, down.length, 3);
  const width = perRow * (boxW + gapX) + gapX + (mirror ? boxW + 40 : 0);
  const height = boxH * 3 + rowGap * 2 + 20;
  const root = svg('svg', { class: 'hood', viewBox: `0 0 ${width} ${height}`, role: 'img',
    'aria-label': `neighbourhood of ${node.material}` });
  const mainW = perRow * (boxW + gapX) + gapX;
  const centre = { x: mainW / 2 - boxW / 2, y: boxH + rowGap + 10 };
  const box = (x, y, material, score, cls) => svg('g', { class: `node ${cls}` },
    svg('rect', { x, y, width: boxW, height: boxH, rx: 6 }),
    svg('text', { x: x + 8, y: y + 16 }, material),
    svg('text', { x: x + 8, y: y + 32 }, `score ${score}`));
  const row = (list, y, below) => list.forEach((n, i) => {
    const x = (mainW - list.length * (boxW + gapX) + gapX) / 2 + i * (boxW + gapX);
    const from = { x: centre.x + boxW / 2, y: below ? centre.y + boxH : centre.y };
    const to = { x: x + boxW / 2, y: below ? y : y + boxH };
    const cls = n.inconsistent ? 'edge bad' : 'edge';
    root.append(svg('line', { x1: from.x, y1: from.y, x2: to.x, y2: to.y, class: cls }));
    // The label sits by the neighbour's box, where labels of neighbours never overlap.
    root.append(svg('text', {
      x: x + 4, y: below ? y - 6 : y + boxH + 14,
      class: n.inconsistent ? 'label bad' : 'label',
    }, `${n.inconsistent ? '✗ ' : ''}${n.link}`));
    root.append(box(x, y, n.material, n.score, n.inconsistent ? 'bad' : ''));
  });
  row(up, 10, false);
  row(down, centre.y + boxH + rowGap, true);
  root.append(box(centre.x, centre.y, node.material, node.score, 'center'));
  if (mirror) {
    const x = mainW + 30;
    root.append(svg('line', { x1: centre.x + boxW, y1: centre.y + boxH / 2, x2: x, y2: centre.y + boxH / 2, class: 'edge' }));
    root.append(svg('text', { x: centre.x + boxW + 8, y: centre.y + boxH / 2 - 4, class: 'label' }, 'mirror'));
    root.append(box(x, centre.y, mirror.material, mirror.score, ''));
  }
  const bad = node.neighbours.filter((n) => n.inconsistent).length;
  return el('div', { class: 'card', id: 'neighbourhood' },
    el('h2', {}, 'Neighbourhood'),
    el('p', { class: 'muted' }, `${node.neighbours.length} neighbours, ${bad} inconsistent `,
      '(one piece more above, one less below; a red dashed edge breaks the rule that a piece more never makes its side worse)'),
    root);
}

function historyCard(node) {
  const rows = node.history.map((h) => el('tr', {},
    el('td', {}, h.time), el('td', {}, `run ${h.run}`), el('td', {}, h.command),
    el('td', {}, h.from === null ? `set ${h.to}` : `${h.from} → ${h.to}`),
    el('td', {}, h.reason), el('td', {}, h.reviewer || '')));
  return el('div', { class: 'card', id: 'history' },
    el('h2', {}, 'History'),
    rows.length ? el('table', { class: 'history' },
      el('thead', {}, el('tr', {}, ['when', 'run', 'command', 'score', 'reason', 'reviewer']
        .map((h) => el('th', {}, h)))),
      el('tbody', {}, rows)) : el('p', { class: 'muted' }, 'No recorded change.'));
}

function submitCard() {
  const b = state.batch;
  const mine = answeredBy(state.reviewer);
  const option = (name, text, checked) => el('label', {},
    el('input', { type: 'checkbox', id: `opt-${name}`, checked }), ` ${text}`);
  const r = state.result;
  let outcome = null;
  if (r && r.error) {
    outcome = el('div', { class: 'card refusal', id: 'outcome' },
      el('strong', {}, 'Nothing was applied:'), el('pre', {}, r.error),
      r.choice ? el('p', {}, `If that is what you mean, tick “${r.choice}” and submit again.`) : null);
  } else if (r) {
    outcome = el('div', { class: 'card done', id: 'outcome' },
      el('strong', {}, `Applied as run ${r.run}: ${r.verdicts} verdicts by ${r.reviewer}, ${r.rescored} scores changed, ${r.confirmed} confirmed.`),
      r.notes.map((n) => el('p', {}, n)));
  }
  return el('div', { class: 'card', id: 'submit' },
    el('h2', {}, 'Submit'),
    el('p', {}, `Submitting applies your ${mine} answers to the knowledge base through the rules of `,
      el('code', {}, 'egkb review import'), ': all of them or none.'),
    el('p', { class: 'submit-options' },
      option('partial', 'partial (only the answered rows)', mine < b.items.length),
      option('accept_stale', 'accept stale (rows changed since drawn)', false),
      option('replace', 'replace (a batch submitted already)', false)),
    el('button', { type: 'button', class: 'primary', id: 'submit-button', onclick: submit },
      `Submit batch ${b.id} as ${state.reviewer}`),
    outcome);
}

async function answer(verdict) {
  const b = state.batch;
  const index = state.index;
  const item = b.items[index];
  const previous = item.drafts[state.reviewer] ?? null;
  status('saving…');
  try {
    await api('PUT', `/api/batches/${b.id}/drafts/${item.material}`,
      { verdict, reviewer: state.reviewer });
  } catch (e) {
    status(`not saved: ${e.message}`, true);
    return;
  }
  state.undo.push({ index, previous });
  status(`saved ${item.material} = ${verdict}`);
  await loadBatch(b.id);
  await showItem(index + 1 < b.items.length ? index + 1 : index);
}

async function undo() {
  const last = state.undo.pop();
  if (!last) { status('nothing to undo'); return; }
  const b = state.batch;
  const item = b.items[last.index];
  try {
    if (last.previous === null) {
      await api('DELETE', `/api/batches/${b.id}/drafts/${item.material}?reviewer=${encodeURIComponent(state.reviewer)}`);
    } else {
      await api('PUT', `/api/batches/${b.id}/drafts/${item.material}`,
        { verdict: last.previous, reviewer: state.reviewer });
    }
  } catch (e) {
    state.undo.push(last);
    status(`undo failed: ${e.message}`, true);
    return;
  }
  status(`undone: ${item.material}`);
  await loadBatch(b.id);
  await showItem(last.index);
}

async function submit() {
  const b = state.batch;
  const checked = (name) => document.getElementById(`opt-${name}`).checked;
  status('submitting…');
  try {
    state.result = await api('POST', `/api/batches/${b.id}/submit`, {
      reviewer: state.reviewer, partial: checked('partial'),
      accept_stale: checked('accept_stale'), replace: checked('replace'),
    });
    status(`batch ${b.id} submitted`);
  } catch (e) {
    state.result = e.data && e.data.error ? e.data : { error: e.message };
    status('submit refused', true);
  }
  await loadBatch(b.id);
  await showItem(state.index);
  document.getElementById('outcome').scrollIntoView({ block: 'center' });
}

// ------------------------------------------------------------------------------------ shell

function askName() {
  const dialog = document.getElementById('name-dialog');
  document.getElementById('name-input').value = state.reviewer;
  dialog.showModal();
}

function showWho() {
  document.getElementById('who').textContent = state.reviewer ? `reviewer: ${state.reviewer}` : 'set your name';
}

async function route() {
  state.result = null;
  const m = location.hash.match(/^#\/batch\/(\d+)(?:\/(\d+))?$/);
  try {
    if (m) {
      if (!state.batch || String(state.batch.id) !== m[1]) {
        await loadBatch(m[1]);
        state.undo = [];
      }
      await showItem(m[2] ? Number(m[2]) - 1 : firstUnanswered());
    } else {
      await showBatches();
    }
  } catch (e) {
    document.getElementById('app').replaceChildren(
      el('div', { class: 'card refusal' }, el('pre', {}, e.message)),
      el('p', {}, el('a', { href: '#/' }, '← all batches')));
  }
}

function firstUnanswered() {
  const i = state.batch.items.findIndex((it) => it.drafts[state.reviewer] === undefined);
  return i < 0 ? 0 : i;
}

document.addEventListener('keydown', (e) => {
  if (document.querySelector('dialog[open]:not(#help-dialog)')) return;
  if (e.target instanceof HTMLInputElement || e.ctrlKey || e.metaKey || e.altKey) return;
  const help = document.getElementById('help-dialog');
  if (e.key === '?') {
    if (help.open) help.close(); else help.showModal();
    e.preventDefault();
    return;
  }
  if (help.open || !state.batch) return;
  if (/^[0-9]$/.test(e.key)) answer(e.key);
  else if (e.key === 'Enter') answer('ok');
  else if (e.key === 'ArrowRight') showItem(state.index + 1);
  else if (e.key === 'ArrowLeft') showItem(state.index - 1);
  else if (e.key === 'u') undo();
  else return;
  e.preventDefault();
});

document.getElementById('name-form').addEventListener('submit', () => {
  const name = document.getElementById('name-input').value.trim();
  if (!name) return;
  state.reviewer = name;
  localStorage.setItem('egkb.reviewer', name);
  showWho();
  route();
});
document.getElementById('name-dialog').addEventListener('cancel', (e) => {
  if (!state.reviewer) e.preventDefault();
});
document.getElementById('who').addEventListener('click', askName);
document.getElementById('keys').addEventListener('click', () => document.getElementById('help-dialog').showModal());
window.addEventListener('hashchange', route);

showWho();
if (!state.reviewer) askName();
route();
