// The Submit box: what a submit applies and who may submit, the outcome or the refusal with its
// rows linked, and the confirmation asked when answers differ from another reviewer's.
import { api } from './api.js';
import { el, fill, keepingFocus, messageWithLinks } from './dom.js';
import { readOnly } from './changes.js';
import { loadNode } from './node_panels.js';
import { fetchBatch, refreshAll } from './review.js';
import { renderNode } from './row_card.js';
import { submittedBy } from './rows.js';
import { partialByDefault } from './filters.js';
import { answeredBy, isLead, mine, state, status, view } from './state.js';

// In the Submit box, where a reviewer who just submitted looks: beside the outcome.
function readOnlyNotice() {
  const b = state.batch;
  return el('div', { class: 'notice', id: 'read-only', role: 'note' },
    el('strong', {}, `${submittedBy()}: `),
    'this batch is read-only; its verdicts are invariable expert rows now. To answer again, the ',
    'import must be taken back first: ', el('code', {}, `egkb review undo ${state.store || 'STORE'} ${b.id}`), '.');
}


// The boxes the reviewer ticked or cleared, by batch and name.
const chosen = new Map();

export function renderSubmit() {
  const b = state.batch;
  const box = document.getElementById('submit');
  if (!b || !box) return;
  const me = answeredBy(state.reviewer);
  const pending = state.queue.pending(b.id, state.reviewer).length;
  // A box the reviewer ticked or cleared keeps their choice; until then it follows the rows.
  const checked = (name, fallback) => chosen.get(`${b.id}/${name}`) ?? fallback;
  // A submitted batch takes no further submit, `replace` included: it is read-only for everyone.
  const done = Boolean(b.imported);
  const option = (name, text, on) => el('label', {},
    el('input', {
      type: 'checkbox', id: `opt-${name}`, checked: on, disabled: done, onchange: (e) => chosen.set(`${b.id}/${name}`, e.target.checked),
    }), ` ${text}`);
  const r = state.result;
  let outcome = null;
  if (r && r.error) {
    outcome = el('div', { class: 'refusal', id: 'outcome', role: 'alert' },
      el('strong', {}, 'Nothing was applied.'), messageWithLinks(r.error, b, r.lines),
      choiceAdvice(r.choice));
  } else if (r) {
    outcome = el('div', { class: 'done', id: 'outcome', role: 'status' },
      el('strong', {}, `Applied as run ${r.run}: ${r.verdicts} verdicts by ${r.reviewer}, ${r.rescored} scores changed, ${r.confirmed} confirmed.`),
      r.notes.map((n) => el('p', {}, n)));
  }
  // Under a lead, only the lead submits, the rows settled from every reviewer's answers.
  const leadOnly = Boolean(b.lead) && !isLead();
  const unsettled = isLead() ? b.items.filter((i) => i.disagree && !i.settled).length : 0;
  const explain = () => {
    if (leadOnly) {
      return el('p', { id: 'lead-note' }, `${b.lead}, the lead reviewer, settles and submits this batch; your answers, skips, notes and time go with it.`);
    }
    if (isLead()) {
      return el('p', { id: 'lead-note' }, 'As the lead you submit the batch settled: your answer where you gave one, else the answer the reviewers agree on. ',
        unsettled ? el('strong', {}, `${unsettled} row${unsettled > 1 ? 's' : ''} answered differently still need${unsettled > 1 ? '' : 's'} your answer (d). `) : null,
        'Every reviewer\'s answer is kept with the verdicts, through the rules of ', el('code', {}, 'egkb review import'), '.');
    }
    return el('p', {}, `Submitting applies your ${me} answers to the knowledge base through the rules of `,
      el('code', {}, 'egkb review import'), ': all of them or none. Afterwards the batch is read-only.');
  };
  keepingFocus(box, () => fill(box,
    el('h2', { id: 'submit-title' }, 'Submit'),
    done ? readOnlyNotice() : explain(),
    pending ? el('p', { class: 'warn' }, `${pending} of your changes are not saved yet: submit once they are.`) : null,
    el('p', { class: 'submit-options' },
      option('partial', 'partial (only the answered rows)', checked('partial', partialByDefault(b.items, view(), isLead()))),
      option('accept_stale', 'accept stale (rows changed since drawn)', checked('accept_stale', false)),
      option('replace', 'replace (a batch submitted already)', checked('replace', false))),
    el('button', { type: 'button', class: 'primary', id: 'submit-button', disabled: done || leadOnly, onclick: () => submit(false) },
      done ? `Batch ${b.id} is submitted` : leadOnly ? `${b.lead} submits batch ${b.id}` : `Submit batch ${b.id} as ${state.reviewer} (s)`),
    outcome));
}

// What a refusal that a choice would lift asks of the reviewer: a box to tick, or for answers
// that differ from another reviewer's, the confirmation the next submit opens.
function choiceAdvice(choice) {
  if (!choice) return null;
  if (choice === 'accept disagreements') {
    return el('p', {}, 'Settle them with the other reviewers, or submit again: the list of them opens, with “Submit anyway”.');
  }
  if (!document.getElementById(`opt-${choice.replace(' ', '_')}`)) return null;
  return el('p', {}, `If that is what you mean, tick “${choice}” and submit again.`);
}

export async function submit(confirmedDisagreements) {
  const b = state.batch;
  const pending = state.queue.pending(b.id, state.reviewer).length;
  if (pending) {
    state.result = { error: `${pending} of your changes are not saved yet; nothing was submitted. Submit once the server has them all (the banner at the top says why they are waiting).` };
    renderSubmit();
    return;
  }
  const open = b.items.filter((i) => mine(i).verdict !== null && i.disagree);
  if (open.length && !confirmedDisagreements && !b.lead) {
    confirmDisagreements(open);
    return;
  }
  const checked = (name) => document.getElementById(`opt-${name}`).checked;
  status('submitting…');
  try {
    state.result = await api('POST', `/api/batches/${b.id}/submit`, {
      reviewer: state.reviewer, partial: checked('partial'), accept_stale: checked('accept_stale'),
      replace: checked('replace'), accept_disagreements: Boolean(confirmedDisagreements),
    });
    status(`batch ${b.id} submitted`);
  } catch (e) {
    state.result = e.data && e.data.error ? e.data : { error: e.message };
    status('submit refused', true);
  }
  try {
    state.batch = await fetchBatch(b.id);
  } catch {
    // the outcome is shown all the same; the batch is read again on the next visit
  }
  state.nodes.clear();
  refreshAll();
  renderNode();
  await loadNode();  // the node's history grows by the import: the page settles before it scrolls
  const outcome = document.getElementById('outcome');
  outcome.scrollIntoView({ block: 'center' });
  outcome.setAttribute('tabindex', '-1');
  outcome.focus({ preventScroll: true });
}

function confirmDisagreements(open) {
  const dialog = document.getElementById('confirm-dialog');
  const b = state.batch;
  const goBack = el('button', { type: 'button', id: 'confirm-back', onclick: () => dialog.close() }, 'Go back and settle them');
  fill(dialog,
    el('h2', {}, `Your answers differ from another reviewer's on ${open.length} row${open.length > 1 ? 's' : ''}`),
    el('p', {}, 'Once submitted they become invariable expert rows. Settle them with the other reviewers first, or submit your answers as they are.'),
    el('ul', { class: 'dialog-list' }, open.slice(0, 30).map((item) => el('li', {},
      el('a', { href: `#/batch/${b.id}/${item.line}`, onclick: () => dialog.close() }, `line ${item.line} ${item.material}`), ': ',
      Object.entries(item.drafts).map(([name, v]) => `${name} ${v === 'ok' ? `ok (${item.scores[name]})` : v}`).join(', ')))),
    open.length > 30 ? el('p', {}, `… and ${open.length - 30} more (the agreement page lists them all).`) : null,
    el('menu', {}, goBack,
      el('button', { type: 'button', class: 'primary', id: 'confirm-submit', onclick: () => { dialog.close(); submit(true); } }, 'Submit anyway')));
  dialog.showModal();
  goBack.focus();
}

export function focusSubmit() {
  if (readOnly('there is nothing left to submit')) {
    document.getElementById('read-only')?.scrollIntoView({ block: 'center' });
    return;
  }
  const button = document.getElementById('submit-button');
  button.scrollIntoView({ block: 'center' });
  button.focus({ preventScroll: true });
}

