// A solved position's value worded as `egkb solve --position` prints it, and the line stepped
// through: moves played in order, taken back down to the first position, never past it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Line, moveText, positionText, sideWord, valueText } from '../../../serve/assets/solved_line.js';

const xiangqi = { pieces: 'xiangqi', sides: ['red', 'black'] };
const position = (to_move, value, distance, ends_in, moves) => ({ ...xiangqi, to_move, value, distance, ends_in, moves });
const move = (m, value, distance, ends_in, capture = false) => ({ move: m, value, distance, ends_in, capture, fen: `after ${m}` });

test('a value reads as the command line prints it', () => {
  assert.equal(valueText({ value: 'win', distance: 13, ends_in: 'mate' }), 'win in 13 plies, ends in mate');
  assert.equal(valueText({ value: 'loss', distance: 1, ends_in: 'capture' }), 'loss in 1 ply, ends in capture');
  assert.equal(valueText({ value: 'draw', distance: null, ends_in: null }), 'draw');
});

test('the side to move is named as its game names it', () => {
  const p = position('black', 'loss', 12, 'mate', [move('e9e8', 'loss', 12, 'mate')]);
  assert.equal(positionText(p), 'Black to move: loss in 12 plies, ends in mate');
  assert.equal(sideWord({ pieces: 'chess', sides: ['white', 'black'] }, 'red'), 'White');
  const mated = position('red', 'loss', 0, 'mate', []);
  assert.equal(positionText(mated), 'Red to move has no legal move: loss in 0 plies, ends in mate');
});

test('a capture is marked', () => {
  assert.equal(moveText(move('a1a10', 'draw', null, null, true)), 'a1a10 ×: draw');
  assert.equal(moveText(move('b2b3', 'win', 7, 'capture')), 'b2b3: win in 7, capture');
});

test('a line plays the moves in order and steps back to its first position, no further', () => {
  const start = position('red', 'win', 3, 'mate', [move('a1a2', 'win', 3, 'mate'), move('a1b1', 'draw', null, null)]);
  const second = position('black', 'loss', 2, 'mate', [move('e10e9', 'loss', 2, 'mate')]);
  const third = position('red', 'win', 1, 'mate', [move('a2a10', 'win', 1, 'mate')]);
  const line = new Line(start);
  assert.equal(line.best.move, 'a1a2', 'the best move is the server\'s first');
  line.play('a1a2', second);
  line.play('e10e9', third);
  assert.deepEqual(line.played, ['a1a2', 'e10e9']);
  assert.equal(line.current, third);
  assert.equal(line.back(), true);
  assert.equal(line.current, second);
  assert.equal(line.back(), true);
  assert.equal(line.back(), false, 'the first position is never taken back');
  assert.equal(line.current, start);
  assert.deepEqual(line.played, []);
  assert.equal(new Line(position('red', 'loss', 0, 'mate', [])).best, null);
});
