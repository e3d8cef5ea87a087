// Undo and redo as the page keeps them ahead of the server.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NO_DRAFT, answerFields } from '../../../serve/assets/drafts.js';
import { History } from '../../../serve/assets/history.js';

const answered = (v) => ({ ...NO_DRAFT, verdict: v });

test('the server\'s lists with the queued operations played on them', () => {
  const server = {
    undo: [{ material: 'KRK', line: 2, before: NO_DRAFT, after: answered('1') }],
    redo: [{ material: 'KCK', line: 4, before: NO_DRAFT, after: answered('3') },
      { material: 'KPK', line: 5, before: NO_DRAFT, after: answered('4') }],
  };
  const h = History.of(server, []);
  assert.deepEqual(h.redo.map((c) => c.material), ['KPK', 'KCK'], 'the next redo last');
  const queued = [
    { kind: 'put', id: 'a', material: 'KRK', line: 2, fields: answerFields('5') },
    { kind: 'undo', id: 'b', material: 'KRK', line: 2 },
    { kind: 'put', id: 'c', material: 'KNK', line: 3, fields: { flagged: true } },
  ];
  const played = History.of(server, queued);
  assert.deepEqual(played.undo.map((c) => [c.material, c.after, c.op]), [
    ['KRK', answered('1'), null],
    ['KNK', { ...NO_DRAFT, flagged: true }, 'c'],
  ]);
  assert.deepEqual(played.redo, [], 'a new change ends redo');
});

test('a put queued after another of the same row starts where that one left it', () => {
  const played = History.of({ undo: [], redo: [] }, [
    { kind: 'put', id: 'a', material: 'KRK', line: 2, fields: answerFields('5') },
    { kind: 'put', id: 'b', material: 'KRK', line: 2, fields: { note: 'n' } },
  ]);
  assert.deepEqual(played.undo[1].before, answered('5'));
  assert.deepEqual(played.undo[1].after, { ...answered('5'), note: 'n' });
});

test('undo cancels a change not sent yet and redo sends it again; one sent goes to the server', () => {
  const h = new History();
  h.record({ material: 'KRK', line: 2, before: NO_DRAFT, after: answered('1'), op: 'sent' });
  h.record({ material: 'KNK', line: 3, before: NO_DRAFT, after: answered('2'), op: 'waiting' });
  const cancelled = [];
  const cancel = (op) => { cancelled.push(op); return op === 'waiting'; };
  const first = h.takeBack(cancel);
  assert.equal(first.material, 'KNK');
  assert.equal(first.cancelled, true);
  const second = h.takeBack(cancel);
  assert.equal(second.cancelled, false, 'the server undoes a change it has');
  assert.deepEqual(cancelled, ['waiting', 'sent']);
  assert.equal(h.takeBack(cancel), null);
  assert.equal(h.putBack().material, 'KRK');
  assert.equal(h.putBack().material, 'KNK');
  assert.equal(h.putBack(), null);
  h.takeBack(() => false);
  h.record({ material: 'KCK', line: 4, before: NO_DRAFT, after: answered('3'), op: 'x' });
  assert.equal(h.putBack(), null, 'a new change ends redo');
});
