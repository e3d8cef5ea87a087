// A solved row's exact value on the board: the shown position's value for the side to move, its
// moves with theirs, best first, and a line to step through (a move clicked, or the best one with
// `]`; `[` steps back). Every value and the position each move reaches are the server's, read
// from the solved tables (GET /api/positions/{material}/value); where there is none, the server
// says why and so does the board.
import { api } from './api.js';
import { el, fill, keepingFocus } from './dom.js';
import { Line, moveText, positionText } from './solved_line.js';

// The row's own board's line, for the keys; a neighbour's board is stepped through by clicks.
let rowLine = null;

// Fills `box` with `p.exact` (or why there is none) and keeps it and the board in step with the
// line: `redraw(position, played)` draws the position the line reached.
export function showExact(box, material, p, prefix, redraw) {
  if (!prefix) rowLine = null;
  if (!p.exact) {
    fill(box, el('p', { class: 'muted small', id: `${prefix}exact-value` }, `Exact value: none. ${p.exact_missing}`));
    return;
  }
  const line = new Line(p.exact);
  const show = () => {
    const c = line.current;
    redraw(c, line.played);
    const hadFocus = box.contains(document.activeElement);
    keepingFocus(box, () => fill(box,
      el('p', { id: `${prefix}exact-value`, class: 'exact-value' }, el('strong', {}, 'Exact value'), ` (rules: `,
        el('span', { class: 'rules', title: c.rules_meaning }, c.rules), `): ${positionText(c)}.`),
      el('div', { class: 'line-tools' },
        el('button', { type: 'button', id: `${prefix}line-back`, disabled: !line.played.length, onclick: back }, prefix ? '◀ back' : '◀ back ([)'),
        el('button', { type: 'button', id: `${prefix}line-best`, disabled: !line.best, onclick: () => play(line.best) }, prefix ? 'best move ▶' : 'best move ▶ (])'),
        line.played.length ? el('span', { class: 'muted small', id: `${prefix}line-played` }, `played: ${line.played.join(' ')}`) : null),
      c.moves.length ? el('ol', { class: 'moves', id: `${prefix}moves`, 'aria-label': 'the moves, best first' },
        c.moves.map((m) => el('li', {}, el('button', { type: 'button', 'data-move': m.move, onclick: () => play(m) }, moveText(m))))) : null));
    // A move's button pressed is gone with its position: the focus goes to the next best move.
    if (hadFocus && !box.contains(document.activeElement)) document.getElementById(`${prefix}line-best`)?.focus({ preventScroll: true });
  };
  const play = async (m) => {
    if (!m) return;
    try {
      const next = await api('GET', `/api/positions/${material}/value?fen=${encodeURIComponent(m.fen)}`);
      if (!box.isConnected || line.current.moves.indexOf(m) < 0) return;
      line.play(m.move, next);
      show();
    } catch (e) {
      fill(box, el('p', { class: 'warn', id: `${prefix}exact-value` }, `No exact value after ${m.move}: ${e.message}`));
    }
  };
  const back = () => {
    if (line.back()) show();
  };
  if (!prefix) rowLine = { best: () => play(line.best), back };
  show();
}

// `]`: the best move on the row's board; `[`: a move back. False when the row shows no line.
export function stepLine(forth) {
  if (!rowLine || !document.getElementById('exact-value')) return false;
  if (forth) rowLine.best();
  else rowLine.back();
  return true;
}
