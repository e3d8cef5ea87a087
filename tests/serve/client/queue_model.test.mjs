// The answer queue's bookkeeping: what each change is made on, what goes in one request, and
// what the server's answer to each means.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  MOST_BYTES, MOST_CHANGES, OpQueue, isEmptyQueue, splitQueue, wireChange,
} from '../../../serve/assets/queue_model.js';

const put = (material, verdict, more = {}) => ({
  kind: 'put', batch: 1, reviewer: 'alice', material, line: 2, fields: { verdict, skipped: false },
  state: { verdict, note: '', flagged: false, skipped: false }, revision: 0, ...more,
});

// A queue whose ids and times count up from 1.
function queue() {
  const q = new OpQueue();
  let n = 0;
  const add = q.add.bind(q);
  q.add = (op) => { n += 1; return add(op, `op${n}`, n); };
  return q;
}

test('a change made on another not answered yet waits for that one\'s revision', () => {
  const q = queue();
  const a = q.add(put('KRK', '1', { revision: 4 }));
  const b = q.add(put('KNK', '2', { revision: 0 }));
  const c = q.add(put('KRK', '3', { revision: 4 }));
  assert.equal(a.after, null);
  assert.equal(c.after, 'op1');
  assert.deepEqual(q.nextRequest(), [a, b], 'the request ends before a change made on one in it');
  const told = q.settle(a, 200, { material: 'KRK', verdict: '1', note: '', flagged: false, skipped: false, revision: 9, item: { line: 2 } });
  assert.equal(told.error, null);
  assert.deepEqual(told.item, { line: 2 });
  assert.equal(c.revision, 9, 'made on the row the first change left');
  assert.equal(c.after, null);
  assert.deepEqual(q.pending(1, 'alice'), [b, c]);
  assert.deepEqual(q.pending(1, 'bob'), []);
});

test('a change answered as repeated on another state of its row leaves the changes after it on theirs', () => {
  const q = queue();
  const a = q.add(put('KRK', '1', { revision: 4 }));
  const b = q.add(put('KRK', '2'));
  q.settle(a, 200, { verdict: '7', note: '', flagged: false, skipped: false, revision: 11, repeated: true });
  assert.equal(b.revision, 4, 'the row is not as the change left it: the next is refused, not applied');
  const c = q.add(put('KNK', '1', { revision: 2 }));
  const d = q.add(put('KNK', '5'));
  q.settle(c, 200, { verdict: '1', note: '', flagged: false, skipped: false, revision: 12, repeated: true });
  assert.equal(d.revision, 12, 'the row is as the change left it');
});

test('a conflict and a refusal are kept apart, and what was made on them is not applied either', () => {
  const q = queue();
  const a = q.add(put('KRK', '1', { revision: 3 }));
  const b = q.add(put('KRK', '2'));
  const draft = { material: 'KRK', verdict: '0', revision: 8 };
  const told = q.settle(a, 412, { error: 'changed since', draft, item: { line: 2 } });
  assert.equal(told.error.conflict, true);
  assert.deepEqual(told.draft, draft);
  assert.deepEqual(q.conflicts, [{ op: a, draft, error: 'changed since' }]);
  assert.equal(b.revision, 3, 'b was made on a change never applied');
  const refused = q.settle(b, 422, { error: 'submitted', choice: 'submitted' });
  assert.equal(refused.draft, null);
  assert.equal(q.refused[0].choice, 'submitted');
  assert.equal(q.ops.length, 0);
  q.dismissConflict('op1');
  q.dismissRefused();
  assert.ok(isEmptyQueue(q));
});

test('a change not sent yet is cancelled, one on its way is not', () => {
  const q = queue();
  const a = q.add(put('KRK', '1', { revision: 3 }));
  const b = q.add(put('KRK', '2'));
  const c = q.add(put('KRK', '3'));
  assert.equal(q.cancel('op2'), true);
  assert.equal(c.after, 'op1', 'c now waits on a');
  q.inFlight = [a];
  assert.equal(q.cancel('op1'), false);
  assert.equal(q.cancel('nothing'), false);
  assert.deepEqual(q.ops, [a, c]);
  assert.notEqual(b, undefined);
});

test('one request holds one batch and reviewer, at most MOST_CHANGES and MOST_BYTES', () => {
  const q = queue();
  for (let i = 0; i < MOST_CHANGES + 5; ++i) q.add({ kind: 'undo', batch: 1, reviewer: 'alice', material: `K${i}` });
  assert.equal(q.nextRequest().length, MOST_CHANGES);
  const notes = queue();
  for (let i = 0; i < 10; ++i) notes.add({ ...put(`K${i}K`, '1'), fields: { note: 'n'.repeat(1000) } });
  const group = notes.nextRequest();
  assert.ok(group.length >= 1 && group.length < 10, `${group.length} notes of 1,000 characters in one request`);
  assert.ok(3 * JSON.stringify(group.map(wireChange)).length <= MOST_BYTES + 3 * 1100);
  const other = queue();
  other.add(put('KRK', '1'));
  other.add(put('KNK', '1', { reviewer: 'bob' }));
  assert.equal(other.nextRequest().length, 1);
});

test('a closed tab\'s queue: the reviewer\'s part taken over in the order made, the rest left', () => {
  const q = queue();
  const mine = q.add(put('KRK', '1'));
  const saved = {
    ops: [{ ...put('KNK', '2'), id: 'old', time: 0 }, { ...put('KCK', '3', { reviewer: 'bob' }), id: 'bobs', time: 0 }],
    refused: [], conflicts: [{ op: { ...put('KPK', '4'), id: 'c' }, draft: {}, error: '' }],
  };
  const { ours, left } = splitQueue(saved, 'alice');
  assert.deepEqual(left.ops.map((o) => o.id), ['bobs']);
  assert.equal(q.take(ours), 1);
  assert.deepEqual(q.ops.map((o) => o.id), ['old', mine.id], 'by the time each was made');
  assert.equal(q.adoptedWaiting(), 1);
  assert.equal(q.conflicts.length, 1);
  q.settle(q.ops[0], 200, { revision: 1 });
  assert.equal(q.adoptedSaved, 1);
  assert.equal(q.adoptedWaiting(), 0);
});

test('on the wire a put carries its fields, every change its id and revision', () => {
  const op = { ...put('KRK', '1', { revision: 5, seconds: 2.5 }), id: 'x' };
  assert.deepEqual(wireChange(op), { kind: 'put', request: 'x', material: 'KRK', revision: 5, verdict: '1', skipped: false, seconds: 2.5 });
  assert.deepEqual(wireChange({ kind: 'undo', id: 'y', material: 'KRK', revision: null }), { kind: 'undo', request: 'y', material: 'KRK' });
});
