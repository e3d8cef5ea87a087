// A reviewer's draft as the page holds it: the server's, with the changes not confirmed applied.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  NO_DRAFT, answerFields, answersWith, applyChange, myDraft, savedDraft, skipFields,
} from '../../../serve/assets/drafts.js';
import { row } from './batch.mjs';

const item = row(2, 'KRK', { drafts: { alice: 'ok', bob: '4' }, notes: { alice: 'a note' }, skipped: ['bob'] });

test('the saved draft is the reviewer\'s part of the row', () => {
  assert.deepEqual(savedDraft(item, 'alice'), { verdict: 'ok', note: 'a note', flagged: false, skipped: false });
  assert.deepEqual(savedDraft(item, 'carol'), NO_DRAFT);
});

test('an answer ends a skip and a skip clears the answer, by the fields each names', () => {
  const skipped = applyChange({ ...NO_DRAFT, verdict: '5' }, { kind: 'put', fields: skipFields(true) });
  assert.deepEqual(skipped, { ...NO_DRAFT, skipped: true });
  const answered = applyChange(skipped, { kind: 'put', fields: answerFields('2') });
  assert.deepEqual(answered, { ...NO_DRAFT, verdict: '2' });
  assert.deepEqual(applyChange(answered, { kind: 'put', fields: skipFields(false) }), answered);
  assert.deepEqual(applyChange(answered, { kind: 'put', fields: { flagged: true } }), { ...answered, flagged: true });
});

test('queued changes of the row apply in order; an undo leaves the state it names', () => {
  const queued = [
    { kind: 'put', material: 'KRK', fields: answerFields('7') },
    { kind: 'put', material: 'KNK', fields: answerFields('1') },
    { kind: 'undo', material: 'KRK', state: { ...NO_DRAFT, note: 'kept' } },
    { kind: 'put', material: 'KRK', fields: { flagged: true } },
  ];
  assert.deepEqual(myDraft(item, 'alice', queued), { ...NO_DRAFT, note: 'kept', flagged: true, pending: true });
  assert.deepEqual(myDraft(item, 'alice', []), { ...savedDraft(item, 'alice'), pending: false });
});

test('the answers shown hold the reviewer\'s own as given on the page', () => {
  assert.deepEqual(answersWith(item, 'alice', '6'), { alice: '6', bob: '4' });
  assert.deepEqual(answersWith(item, 'alice', null), { bob: '4' });
  assert.deepEqual(item.drafts, { alice: 'ok', bob: '4' }, 'the row is left as it was');
});
