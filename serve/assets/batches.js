// The store's batches with everyone's progress: each row a link into its batch.
import { api } from './api.js';
import { bar, el, fill } from './dom.js';
import { state, status } from './state.js';

const HEADS = ['Batch', 'Design', 'Drawn on', 'Rows', 'Answered', 'Other reviewers', 'Status'];
const answeredHead = () => `Answered by ${state.reviewer || 'you'}`;

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
    // Each cell names its column too: a phone shows a batch as a card of labelled lines.
    return el('tr', { 'data-batch': b.id },
      el('th', { scope: 'row' }, el('a', { href: `#/batch/${b.id}` }, `Batch ${b.id}`)),
      el('td', { 'data-label': HEADS[1] }, b.design),
      el('td', { 'data-label': HEADS[2] }, b.created),
      el('td', { 'data-label': HEADS[3] }, b.drawn),
      el('td', { 'data-label': answeredHead(), class: 'answered' }, bar(mine, b.drawn, `rows of batch ${b.id} answered by ${state.reviewer || 'you'}`),
        ` ${mine} / ${b.drawn}`),
      el('td', { 'data-label': HEADS[5] }, others || '—'),
      el('td', { 'data-label': HEADS[6], class: 'status' }, b.imported
        ? `submitted by ${b.imported.reviewer} (run ${b.imported.run}): read-only` : 'open'));
  });
  fill(document.getElementById('app'),
    el('h1', { tabindex: '-1' }, 'Review batches'),
    rows.length === 0
      ? el('p', { class: 'muted' }, 'No batches yet. Draw one with ',
        el('code', {}, 'egkb sample STORE --out batch.csv'), '.')
      : el('div', { class: 'table-wrap' }, el('table', { id: 'batches' },
        el('caption', { class: 'visually-hidden' }, 'The batches of this store'),
        el('thead', {}, el('tr', {}, HEADS.map((h, i) => el('th', { scope: 'col' }, i === 4 ? answeredHead() : h)))),
        el('tbody', {}, rows))));
  status('');
  document.querySelector('#app h1').focus({ preventScroll: true });
}
