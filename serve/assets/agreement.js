// Agreement between the reviewers of a batch: for each pair the share of rows given the same
// score, Cohen's kappa weighted by rank distance and the scores side by side; Fleiss' kappa of
// all of them; and the rows to settle.
import { api } from './api.js';
import { el, fill } from './dom.js';
import { status } from './state.js';

const percent = (p) => (p === null ? '—' : `${p.toFixed(1)} %`);
const duration = (s) => (s < 90 ? `${s.toFixed(1)} s` : `${(s / 60).toFixed(1)} min`);
const kappa = (k) => (k === null ? '— (undefined)' : k.toFixed(3));
// A kappa with its 95% interval (the server's bootstrap over rows).
const withInterval = (k, range) => (range === null ? kappa(k)
  : `${kappa(k)} (95%: ${range[0].toFixed(2)} to ${range[1].toFixed(2)})`);

export async function showAgreement(id) {
  const a = await api('GET', `/api/batches/${id}/agreement`);
  document.title = `Agreement, batch ${id} · egkb review`;
  const pairs = a.pairs.map((p) => el('tr', {},
    el('th', { scope: 'row' }, `${p.reviewers[0]} and ${p.reviewers[1]}`),
    el('td', {}, p.rows), el('td', {}, percent(p.percent)), el('td', {}, withInterval(p.kappa, p.kappa_interval))));
  // Each pair's scores side by side: the first reviewer's down, the second's across.
  const confusion = (p) => {
    const used = [...Array(10).keys()].filter((i) => p.confusion[i].some((c) => c) || p.confusion.some((r) => r[i]));
    return el('details', { class: 'confusion' },
      el('summary', {}, `${p.reviewers[0]} (down) against ${p.reviewers[1]} (across): the scores each gave`),
      el('div', { class: 'table-wrap' }, el('table', {},
        el('caption', { class: 'visually-hidden' }, `Rows ${p.reviewers[0]} scored as the row says and ${p.reviewers[1]} as the column says`),
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, '↓ \\ →'), used.map((j) => el('th', { scope: 'col' }, j)))),
        el('tbody', {}, used.map((i) => el('tr', {}, el('th', { scope: 'row' }, i),
          used.map((j) => el('td', { class: i === j ? 'same' : p.confusion[i][j] ? 'differ' : '' }, p.confusion[i][j] || '·'))))))));
  };
  const fleiss = withInterval(a.fleiss_kappa, a.fleiss_kappa_interval);
  const rows = a.disagreements.map((d) => el('li', {},
    el('a', { href: `#/batch/${id}/${d.line}` }, `line ${d.line} ${d.material}`),
    ` (drawn ${d.drawn_score}): `,
    Object.entries(d.answers).map(([name, v]) => `${name} ${v === 'ok' ? `ok (${d.scores[name]})` : v}`).join(', ')));
  fill(document.getElementById('app'),
    el('p', { class: 'crumbs' }, el('a', { href: '#/' }, '← all batches'), ' · ',
      el('a', { href: `#/batch/${id}` }, `back to batch ${id}`)),
    el('h1', { tabindex: '-1' }, `Agreement on batch ${id}`),
    el('p', { id: 'blind' }, a.blind
      ? 'A blind review: each reviewer saw the others\' answers to a row only after answering it.'
      : 'Not blind: each reviewer could see the others\' answers before giving theirs, which may make them agree more.'),
    el('section', { class: 'card' },
      el('h2', {}, 'Each pair of reviewers'),
      a.pairs.length === 0 ? el('p', { class: 'muted' }, 'Fewer than two reviewers answered this batch.')
        : el('div', { class: 'table-wrap' }, el('table', { id: 'pairs' },
          el('thead', {}, el('tr', {}, ['reviewers', 'rows both answered', 'same score', 'weighted kappa']
            .map((h) => el('th', { scope: 'col' }, h)))),
          el('tbody', {}, pairs))),
      a.pairs.map(confusion),
      el('p', { class: 'muted' }, 'Same score: the share of the rows both answered that both gave the ',
        'same score (ok stands for the score drawn). Weighted kappa: Cohen\'s kappa with the weight ',
        '1 − |rank difference| / 8 over the nine ranks (scores 4 and 5 are one rank): 1 is full ',
        'agreement, 0 what chance alone gives; undefined when both gave a single rank throughout. ',
        `The interval: ${a.interval_method}; few shared rows give a wide one.`)),
    el('section', { class: 'card', id: 'fleiss' },
      el('h2', {}, 'All reviewers at once'),
      el('p', {}, `Fleiss' kappa over the ${a.rows_by_several} rows two or more reviewers answered: `,
        el('strong', {}, fleiss), ` (${a.reviewers.length} reviewers).`),
      el('p', { class: 'muted' }, 'Each row counts the share of its pairs of answers that agree on the score; ',
        'chance is what the scores\' overall shares alone give. 1 is full agreement, 0 chance; unweighted: ',
        'scores one apart disagree as much as scores nine apart.')),
    el('section', { class: 'card', id: 'times' },
      el('h2', {}, 'Time per row'),
      a.times.length === 0 ? el('p', { class: 'muted' }, 'No time recorded yet: the app counts it as each reviewer answers.')
        : el('div', { class: 'table-wrap' }, el('table', {},
          el('thead', {}, el('tr', {}, ['reviewer', 'rows', 'median per row', 'in all'].map((h) => el('th', { scope: 'col' }, h)))),
          el('tbody', {}, a.times.map((t) => el('tr', {},
            el('th', { scope: 'row' }, t.reviewer), el('td', {}, t.rows),
            el('td', {}, duration(t.median_seconds)), el('td', {}, duration(t.seconds))))))),
      el('p', { class: 'muted' }, 'From a row shown to each change of it, at most five minutes a visit; ',
        'kept with every answer in the verdicts and the exported sheet.')),
    el('section', { class: 'card', id: 'disagreements' },
      el('h2', {}, `Rows to settle (${a.disagreements.length})`),
      rows.length ? el('ul', {}, rows) : el('p', {}, 'The reviewers agree on every row they both answered.')));
  status('');
  document.querySelector('#app h1').focus({ preventScroll: true });
}
