// The row shown: its material and facts, the answers to give, the reviewer's flag, skip and note,
// the other reviewers' answers; and beside them an example position on the board, with the
// engine's evidence under the row's card.
import { el, fill } from './dom.js';
import { showBoard } from './board.js';
import { answerHere, saveNote, toggleFlag, toggleSkip } from './changes.js';
import { mayAnswer } from './filters.js';
import { answers, isLead, mine, state, status } from './state.js';

// The material in the pieces' symbols, the first side's (red, or White in chess) and the
// second's, as the server gives them, each in its side's colour.
function symbols(item, sides) {
  const [first, second] = item.symbols || [];
  if (!first) return null;
  return el('span', { class: 'symbols', 'aria-hidden': 'true' },
    el('span', { class: sides[0] }, first), ' · ', el('span', { class: sides[1] }, second));
}

// A side as its game writes it in a sentence: White and Black in chess, red and black in xiangqi.
const sideName = (b, i) => (b.pieces === 'chess' ? `${b.sides[i][0].toUpperCase()}${b.sides[i].slice(1)}` : b.sides[i]);

// An answer as the row's answers list it: ok with the score it stands for, as the server says;
// the reviewer's own not saved yet, as its button says (the score drawn is right).
function verdictText(item, name, v) {
  if (v !== 'ok') return v;
  return `ok (${item.drafts[name] === v ? item.scores[name] : item.drawn_score})`;
}

export function renderNode() {
  const b = state.batch;
  const item = b.items[state.index];
  const card = document.getElementById('node');
  if (!item) {
    fill(card, el('p', {}, 'This batch has no rows.'));
    return;
  }
  const now = item.now;
  const why = item.probability >= 1 ? 'always drawn (the census part of the design)'
    : `drawn with probability ${item.probability.toPrecision(3)}`;
  const readOnly = Boolean(b.imported) || !mayAnswer(item, state.reviewer);
  const buttons = [];
  for (let s = 0; s <= 9; ++s) {
    buttons.push(el('button', {
      type: 'button', 'data-verdict': String(s), disabled: readOnly, onclick: () => answerHere(String(s)),
    }, el('span', { class: 'digit' }, s), ' ', el('span', { class: 'meaning' }, b.meanings[s])));
  }
  buttons.push(el('button', {
    type: 'button', class: 'ok', 'data-verdict': 'ok', disabled: readOnly, onclick: () => answerHere('ok'),
  }, el('span', { class: 'digit' }, 'ok'), ' ', el('span', { class: 'meaning' }, `${item.drawn_score} is right (Enter)`)));
  const note = el('textarea', {
    id: 'note', rows: 2, maxlength: 2000, readonly: readOnly,
    placeholder: 'Why? Kept with your verdict and shown to the other reviewers.',
    onchange: (e) => saveNote(item, e.target.value),
  });
  fill(card,
    el('h2', { id: 'node-title', class: 'material', tabindex: '-1' },
      el('span', { class: 'visually-hidden' }, `Line ${item.line}: `), item.material, ' ', symbols(item, b.sides)),
    el('p', {}, item.words),
    el('div', { class: 'node-main' },
    el('dl', { class: 'facts' },
      el('dt', {}, 'score now'),
      el('dd', { id: 'score' }, now ? `${now.score} — ${now.meaning} (${now.source}${now.invariable ? ', invariable' : ''})` : 'no longer stored'),
      el('dt', {}, 'when drawn'),
      el('dd', {}, `${item.drawn_score} — ${item.drawn_meaning}`,
        now && now.score !== item.drawn_score ? el('strong', {}, ' (changed since drawn)') : null),
      el('dt', {}, 'evidence'),
      el('dd', { id: 'evidence-score' }, item.evidence_score === null || item.evidence_score === undefined ? 'none from play'
        : `bins to ${item.evidence_score} — ${b.meanings[item.evidence_score]}`,
      item.evidence_disagrees ? el('strong', { class: 'warn' }, ' ≠ disagrees with the score drawn') : null),
      el('dt', {}, 'first score'),
      el('dd', {}, item.original === null ? '—' : item.original),
      el('dt', {}, 'why drawn'),
      el('dd', {}, `${b.design} design, ${item.stratum} row, ${why}`),
      el('dt', {}, 'sheet line'),
      el('dd', {}, `${item.line} of ${b.items.length + 1}`)),
    el('fieldset', { class: 'answers' },
      el('legend', {}, `Your answer: the score from ${sideName(b, 0)}'s side, 0 ${sideName(b, 0)} wins … 9 ${sideName(b, 1)} wins`),
      !mayAnswer(item, state.reviewer) ? el('p', { class: 'notice', id: 'not-yours' }, `Assigned to ${item.assigned.join(' and ')}, not to you: you may read this row but not answer it.`) : null,
      el('div', { class: 'scale' }, buttons)),
    el('div', { class: 'row-tools' },
      el('div', { class: 'row-buttons' },
        el('button', { type: 'button', id: 'flag', 'aria-pressed': 'false', disabled: readOnly, onclick: () => toggleFlag() }, '⚑ flag for later (f)'),
        el('button', { type: 'button', id: 'skip', 'aria-pressed': 'false', disabled: readOnly, onclick: () => toggleSkip() }, '↷ skip (x)')),
      el('label', { for: 'note' }, 'Your note (c)'), note),
    el('div', { id: 'others', 'aria-live': 'polite' })));
  updateAnswer();
  loadBoard();
}

// The row's example position: the one last shown for its material, the first at the start.
function loadBoard() {
  const item = state.batch.items[state.index];
  const slot = document.getElementById('board-slot');
  const evidence = document.getElementById('evidence-slot');
  if (!item || !slot) return;
  // Another row's board and evidence go at once, not when this row's position arrives.
  if (slot.dataset.material !== item.material) {
    slot.dataset.material = item.material;
    fill(slot, el('p', { class: 'muted', id: 'board-title' }, 'Loading the example position…'));
    fill(evidence);
  }
  showBoard(slot, item.material, state.boards.get(item.material) || 0, state.batch.meanings, () => anotherPosition(1), '', evidence);
}

// Another example position of the row's material (p; P goes back).
export function anotherPosition(delta) {
  const item = state.batch.items[state.index];
  if (!item) return;
  const index = Math.max(0, (state.boards.get(item.material) || 0) + delta);
  state.boards.set(item.material, index);
  loadBoard();
  status(`${item.material}: example position ${index + 1}`);
}

// The parts of the row's card that follow its drafts; the note is left alone while it is edited.
export function updateAnswer() {
  const item = state.batch && state.batch.items[state.index];
  if (!item || !document.getElementById('node-title')) return;
  const d = mine(item);
  for (const button of document.querySelectorAll('#node .scale button')) {
    button.setAttribute('aria-pressed', String(button.dataset.verdict === d.verdict));
  }
  const flag = document.getElementById('flag');
  flag.setAttribute('aria-pressed', String(d.flagged));
  flag.firstChild.textContent = d.flagged ? '⚑ flagged (f to clear)' : '⚑ flag for later (f)';
  const skip = document.getElementById('skip');
  skip.setAttribute('aria-pressed', String(d.skipped));
  skip.firstChild.textContent = d.skipped ? '↷ skipped (x to take back)' : '↷ skip (x)';
  const note = document.getElementById('note');
  if (document.activeElement !== note) note.value = d.note;
  const all = answers(item);
  const notes = { ...(item.notes || {}) };
  delete notes[state.reviewer];
  const others = document.getElementById('others');
  const skippers = (item.skipped || []).filter((n) => n !== state.reviewer).concat(d.skipped ? [state.reviewer] : []);
  const said = Object.entries(all).map(([name, v]) => `${name}: ${verdictText(item, name, v)}`)
    .concat(skippers.map((name) => `${name}: skipped`));
  const b = state.batch;
  fill(others,
    b.overlap && item.assigned ? el('p', { class: 'muted', id: 'assigned' }, `Assigned to ${item.assigned.join(' and ')}.`) : null,
    el('p', { id: 'answers' }, said.length ? `Answers: ${said.join(', ')}` : 'No answers yet.',
      d.pending ? el('span', { class: 'pending' }, ' (yours not saved yet)') : null),
    b.blind && !isLead() && d.verdict === null
      ? el('p', { class: 'muted', id: 'blind-note' }, 'A blind review: the others\' answers and notes show once you have answered.') : null,
    Object.keys(notes).length ? el('ul', { class: 'notes' }, Object.entries(notes).map(([name, text]) =>
      el('li', {}, el('strong', {}, `${name}: `), text))) : null,
    item.disagree ? el('p', { class: 'warn', id: 'disagreement' }, b.lead
      ? (isLead() ? '⚠ The reviewers disagree on this row: your answer settles it.'
        : `⚠ The reviewers disagree on this row: ${b.lead}, the lead, settles it.`)
      : '⚠ The reviewers disagree on this row: compare your reasons before one of you submits.') : null);
}

