// A refusal's message with the rows it names linked: by the lines the server lists, not by
// numbers read out of the text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { linkedParts, messageParts } from '../../../serve/assets/message.js';
import { rows } from './batch.mjs';

test('the rows listed are linked where the message names them', () => {
  const text = '2 row(s) answered otherwise, nothing was changed:\n  line 4 verdict: KCK: alice 3, bob 4\n'
    + '  line 12 verdict: KK: alice 1\n  settle them';
  const { first, rest } = messageParts(text, rows(), [4]);
  assert.deepEqual(first, [{ text: '2 row(s) answered otherwise, nothing was changed:' }]);
  assert.deepEqual(rest[0], [{ text: 'line 4', line: 4 }, { text: ' verdict: ' }, { text: 'KCK', line: 4 },
    { text: ': alice 3, bob 4' }]);
  assert.deepEqual(rest[1], [{ text: 'line 12 verdict: KK: alice 1' }], 'a line the refusal does not list');
  assert.deepEqual(rest[2], [{ text: 'settle them' }]);
});

test('a material is linked whole, never inside a longer one', () => {
  const items = [{ line: 2, material: 'KRK' }, { line: 3, material: 'KRRK' }];
  assert.deepEqual(linkedParts('lacks KRRK, KRK', items), [{ text: 'lacks ' }, { text: 'KRRK', line: 3 },
    { text: ', ' }, { text: 'KRK', line: 2 }]);
  assert.deepEqual(linkedParts('line 20 and line 2', items), [{ text: 'line 20 and ' }, { text: 'line 2', line: 2 }]);
  assert.deepEqual(linkedParts('nothing', []), [{ text: 'nothing' }]);
});
