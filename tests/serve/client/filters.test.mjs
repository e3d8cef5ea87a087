// Which rows the page shows and where the keys move, against a batch worked by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { myDraft } from '../../../serve/assets/drafts.js';
import {
  FILTERS, assignedTo, batchFilters, filterLabel, inFilter, mayAnswer, nextWhere, openingRow,
  listed, partialByDefault, refusedLines, searchText, step, timeLeft,
} from '../../../serve/assets/filters.js';
import { row, rows } from './batch.mjs';

const viewOf = (filter, more = {}) => ({
  reviewer: 'alice', filter, search: '', refused: new Set(),
  mine: (item) => myDraft(item, 'alice', more.queued || []), ...more,
});
const shown = (items, view) => items.filter((i) => inFilter(i, view)).map((i) => i.line);

test('each filter shows the rows it names', () => {
  const items = rows();
  assert.deepEqual(shown(items, viewOf('all')), [2, 3, 4, 5]);
  assert.deepEqual(shown(items, viewOf('unanswered')), [3, 5]);
  assert.deepEqual(shown(items, viewOf('flagged')), [5]);
  assert.deepEqual(shown(items, viewOf('disagree')), [4], 'as the server says');
  assert.deepEqual(shown(items, viewOf('unsettled')), [3, 4, 5]);
  assert.deepEqual(shown(items, viewOf('notes')), [3]);
  assert.deepEqual(shown(items, viewOf('changed')), [3]);
  assert.deepEqual(shown(items, viewOf('score:3')), [2, 4]);
  assert.deepEqual(shown(items, viewOf('source:expert')), [3]);
  assert.deepEqual(shown(items, viewOf('refused', { refused: new Set([4, 9]) })), [4]);
  items[1].evidence_disagrees = true;
  assert.deepEqual(shown(items, viewOf('evidence')), [3], 'as the server says');
  assert.deepEqual(shown(items, viewOf('nonsense')), [2, 3, 4, 5], 'an unknown filter shows every row');
});

test('a change not saved yet moves its row between filters at once', () => {
  const queued = [{ kind: 'put', material: 'KNK', fields: { verdict: '2', skipped: false } }];
  assert.deepEqual(shown(rows(), viewOf('unanswered', { queued })), [5]);
});

test('the list holds the rows the filter and the search hold, and no other', () => {
  const items = [...rows(), row(6, 'KNCCKM')];
  assert.deepEqual(listed(items, viewOf('all', { search: 'KRK' })), [0], 'KRK lists KRK alone');
  assert.deepEqual(listed(items, viewOf('all', { search: searchText('ncc') })), [4]);
  assert.deepEqual(listed(items, viewOf('flagged')), [3], 'the row shown is not listed for being shown');
  assert.deepEqual(listed(items, viewOf('disagree', { search: 'KR' })), []);
});

test('the search keeps the rows holding its text, as materials spell it', () => {
  assert.equal(searchText(' krpvkr '), 'KRPvKR');
  assert.deepEqual(shown(rows(), viewOf('all', { search: 'KC' })), [4]);
  assert.deepEqual(shown(rows(), viewOf('unanswered', { search: 'KC' })), []);
});

test('rows assigned: a reviewer\'s own, and who may change each', () => {
  const assigned = row(2, 'KRK', { assigned: ['ann', 'ben'], answerers: ['ann', 'ben', 'lea'] });
  assert.equal(assignedTo(assigned, 'ann'), true);
  assert.equal(assignedTo(assigned, 'lea'), false, 'the lead settles, it is not assigned');
  assert.equal(mayAnswer(assigned, 'lea'), true);
  assert.equal(mayAnswer(assigned, 'cat'), false);
  assert.equal(mayAnswer(row(2, 'KRK'), 'cat'), true, 'nothing assigned: anyone');
  assert.deepEqual(shown([assigned, row(3, 'KNK')], viewOf('assigned', { reviewer: 'ann' })), [2, 3]);
});

test('the batch\'s own values give filters, with labels', () => {
  assert.deepEqual(batchFilters({ items: rows() }), {
    scores: [['score:3', 'scored 3 now'], ['score:5', 'scored 5 now']],
    sources: [['source:expert', 'expert rows'], ['source:manual', 'manual rows']],
  });
  assert.equal(filterLabel('score:5'), 'scored 5 now');
  assert.equal(filterLabel('flagged'), FILTERS.flagged[0]);
});

test('the keys move among the rows shown', () => {
  const items = rows();
  const unanswered = viewOf('unanswered');
  assert.equal(openingRow(items, unanswered), 1, 'the first shown not answered');
  assert.equal(openingRow(items, viewOf('disagree')), 2, 'else the first shown');
  assert.equal(openingRow(items, viewOf('score:7')), -1);
  assert.equal(step(items, 1, 1, unanswered), 3);
  assert.equal(step(items, 3, 1, unanswered), -1, 'no coming round');
  assert.equal(step(items, 3, -1, unanswered), 1);
  assert.equal(nextWhere(items, 3, viewOf('all'), (i) => i.disagree), 2, 'coming round');
  assert.equal(nextWhere(items, 2, viewOf('all'), (i) => i.disagree), -1, 'never the row itself');
});

test('the refused rows are the lines the refusal lists', () => {
  assert.deepEqual(refusedLines({ error: 'line 7 is named only in text', lines: [3, 5] }), new Set([3, 5]));
  assert.deepEqual(refusedLines({ error: 'no lines' }), new Set());
  assert.deepEqual(refusedLines({ run: 4, lines: [3] }), new Set(), 'an outcome refuses nothing');
  assert.deepEqual(refusedLines(null), new Set());
});

test('partial is ticked while a row is unanswered, for the lead while one is not settled', () => {
  const items = rows();
  assert.equal(partialByDefault(items, viewOf('all'), false), true, 'alice left KNK and KPK');
  const answered = items.map((i) => ({ ...i, drafts: { alice: '3' } }));
  assert.equal(partialByDefault(answered, viewOf('all'), false), false);
  assert.equal(partialByDefault(items, viewOf('all'), true), true, 'KNK is not settled');
  assert.equal(partialByDefault(items.map((i) => ({ ...i, settled: true })), viewOf('all'), true), false);
});

test('the time left is the rows left times the reviewer\'s median', () => {
  const items = rows();
  assert.deepEqual(timeLeft(items, viewOf('all'), 30, false), [2, 60], 'alice left KNK and KPK');
  assert.deepEqual(timeLeft(items, viewOf('all'), undefined, false), [2, null], 'no median yet');
  assert.deepEqual(timeLeft(items, viewOf('all'), 10, true), [3, 30], 'the lead: rows not settled');
});
