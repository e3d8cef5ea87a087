// The store's batches with everyone's progress: each row a link into its batch.
import { api } from './api.js';
import { bar, el, fill } from './dom.js';
import { state, status } from './state.js';

export async function showBatches() {
  state.batch = null;
  document.title = 'Batches · egkb review';
  const data = await api('GET', '/api/batches');
  state.store = data.store;
  document.getElementById('store').textContent = `${data.store} (${data.pieces})`;
  const rows = data.batches.map((b) => {
    const mine = b.answered[state.reviewer] || 0;
    const others = Object.entries(b.answered).filter(([name]) => name !== state.reviewer)
      .map(([name, n]) => `${name} ${n}`).join(', ');
    return el('tr', { 'data-batch': b.id },
      el('th', { scope: 'row' }, el('a', { href: `#/batch/${b.id}` }, `Batch ${b.id}`)),
      el('td', {}, b.design),
      el('td', {}, b.created),
      el('td', {}, b.drawn),
      el('td', {}, bar(mine, b.drawn, `rows of batch ${b.id} answered by ${state.reviewer || 'you'}`),
        ` ${mine} / ${b.drawn}`),
      el('td', {}, others || '—'),
      el('td', {}, b.imported
        ? `submitted by ${b.imported.reviewer} (run ${b.imported.run}): read-only` : 'open'));
  });
  fill(document.getElementById('app'),
    el('h1', { tabindex: '-1' }, 'Review batches'),
    rows.length === 0
      ? el('p', { class: 'muted' }, 'No batches yet. Draw one with ',
        el('code', {}, 'egkb sample STORE --out batch.csv'), '.')
      : el('div', { class: 'table-wrap' }, el('table', { id: 'batches' },
        el('caption', { class: 'visually-hidden' }, 'The batches of this store'),
        el('thead', {}, el('tr', {}, ['Batch', 'Design', 'Drawn on', 'Rows',
          `Answered by ${state.reviewer || 'you'}`, 'Other reviewers', 'Status']
          .map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, rows))));
  status('');
  document.querySelector('#app h1').focus({ preventScroll: true });
}
