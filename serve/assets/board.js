// An example position of the row's material on a board (GET /api/positions/{material}): drawn
// as SVG with a text alternative that names every piece on its square, a button for another
// position, and where the store holds evidence from play, what the engine said of the material
// and of this position (its score and the line it printed). Evidence is shown as evidence: it
// never chooses an answer. The pieces' symbols come with the position (`glyphs`, by the board's
// letters).
import { api } from './api.js';
import { el, fill, svg } from './dom.js';
import { showExact } from './exact.js';

const NAMES = {
  xiangqi: { K: 'king', R: 'rook', N: 'knight', C: 'cannon', P: 'pawn', G: 'guard', M: 'minister' },
  chess: { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' },
};

const square = (file, rank) => `${String.fromCharCode(97 + file)}${rank + 1}`;

// "Red: king e1, rook a10. Black: king e10, guards d10 and f10. Black to move."
function boardText(p) {
  const names = NAMES[p.pieces] || {};
  // Each side's pieces in the piece set's order, the king first.
  const bySide = [0, 1].map(() => new Map(Object.values(names).map((name) => [name, []])));
  p.board.forEach((row, r) => [...row].forEach((c, file) => {
    if (c === '.') return;
    const side = c === c.toUpperCase() ? 0 : 1;
    const name = names[c.toUpperCase()] || c.toUpperCase();
    if (!bySide[side].has(name)) bySide[side].set(name, []);
    bySide[side].get(name).push(square(file, p.ranks - 1 - r));
  }));
  const sideText = (i) => {
    const parts = [...bySide[i]].filter(([, at]) => at.length).map(([name, at]) => (at.length > 1
      ? `${name}s ${at.slice(0, -1).join(', ')} and ${at.at(-1)}` : `${name} ${at[0]}`));
    const who = p.sides[i];
    return `${who[0].toUpperCase()}${who.slice(1)}: ${parts.join(', ')}.`;
  };
  const mover = p.sides[p.to_move === 'red' ? 0 : 1];
  return `${sideText(0)} ${sideText(1)} ${mover[0].toUpperCase()}${mover.slice(1)} to move.`;
}

// The board, red's side at the bottom. Xiangqi's pieces stand on the points of the lines, with
// the river and the palaces; chess's on the squares.
function boardSvg(p, label) {
  const xiangqi = p.pieces === 'xiangqi';
  const cell = 40;
  const margin = xiangqi ? 30 : 22;
  const width = xiangqi ? (p.files - 1) * cell + 2 * margin : p.files * cell + 2 * margin;
  // Xiangqi's file letters get a strip of their own under the last line's pieces, which would
  // otherwise cover them (a piece on f1 hid the "f").
  const below = xiangqi ? 12 : 0;
  const height = (xiangqi ? (p.ranks - 1) * cell + 2 * margin : p.ranks * cell + 2 * margin) + below;
  const at = (file, row) => (xiangqi
    ? [margin + file * cell, margin + row * cell]
    : [margin + file * cell + cell / 2, margin + row * cell + cell / 2]);
  const parts = [];
  if (xiangqi) {
    const right = margin + (p.files - 1) * cell;
    const bottom = margin + (p.ranks - 1) * cell;
    for (let r = 0; r < p.ranks; ++r) parts.push(svg('line', { x1: margin, y1: margin + r * cell, x2: right, y2: margin + r * cell }));
    for (let f = 0; f < p.files; ++f) {
      const x = margin + f * cell;
      if (f === 0 || f === p.files - 1) parts.push(svg('line', { x1: x, y1: margin, x2: x, y2: bottom }));
      else {
        parts.push(svg('line', { x1: x, y1: margin, x2: x, y2: margin + 4 * cell }));
        parts.push(svg('line', { x1: x, y1: margin + 5 * cell, x2: x, y2: bottom }));
      }
    }
    for (const top of [0, 7]) {
      const [x0, y0] = at(3, top);
      const [x1, y1] = at(5, top + 2);
      parts.push(svg('line', { x1: x0, y1: y0, x2: x1, y2: y1 }), svg('line', { x1, y1: y0, x2: x0, y2: y1 }));
    }
    parts.push(svg('text', { x: width / 2, y: margin + 4.5 * cell + 5, class: 'river', 'text-anchor': 'middle' }, 'river'));
  } else {
    for (let r = 0; r < p.ranks; ++r) {
      for (let f = 0; f < p.files; ++f) {
        parts.push(svg('rect', {
          x: margin + f * cell, y: margin + r * cell, width: cell, height: cell,
          class: (f + r) % 2 === 0 ? 'light' : 'dark',
        }));
      }
    }
  }
  for (let f = 0; f < p.files; ++f) {
    const [x] = at(f, 0);
    parts.push(svg('text', { x, y: height - 6, class: 'coord', 'text-anchor': 'middle' }, String.fromCharCode(97 + f)));
  }
  for (let r = 0; r < p.ranks; ++r) {
    const [, y] = at(0, r);
    parts.push(svg('text', { x: 4, y: y + 4, class: 'coord' }, String(p.ranks - r)));
  }
  const glyphs = p.glyphs || {};
  p.board.forEach((row, r) => [...row].forEach((c, f) => {
    if (c === '.') return;
    const [x, y] = at(f, r);
    // Chess's sides are white and black, each on a disc of its own colour in either theme, so a
    // black king never reads as a white one on a dark page.
    const side = c === c.toUpperCase() ? (xiangqi ? 'red' : 'white') : 'black';
    const glyph = svg('text', { x, y: y + (xiangqi ? 7 : 10), 'text-anchor': 'middle' }, glyphs[c] || c);
    parts.push(svg('g', { class: `piece ${side}` }, svg('circle', { cx: x, cy: y, r: cell * (xiangqi ? 0.44 : 0.46) }), glyph));
  }));
  return svg('svg', {
    class: `board ${xiangqi ? 'xiangqi' : 'chess'}`, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label,
  }, ...parts);
}

const signed = (x) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(2)}`;

// The moves the engine printed with its score of this position (at most 16, as it wrote them, on
// this board), or why there are none.
function engineLine(searched, prefix) {
  const id = `${prefix}engine-line`;
  if (!searched) return null;
  if (!searched.pv.length) {
    return el('p', { class: 'muted small', id }, 'No engine line kept for this position (searched before egkb kept lines, or the engine printed none).');
  }
  return el('p', { class: 'small', id }, 'The engine\'s line: ', el('code', { class: 'pv' }, searched.pv.join(' ')));
}

function evidenceFigures(p, material, meanings, prefix) {
  const e = p.evidence;
  if (!e) return el('p', { class: 'muted', id: `${prefix}evidence` }, 'No evidence from play for this material in the store (egkb evidence).');
  const [first, second] = p.pieces === 'chess' ? p.sides.map((n) => `${n[0].toUpperCase()}${n.slice(1)}`) : p.sides;
  const searched = e.searched === material ? '' : ` (searched as its mirror ${e.searched})`;
  return el('div', { id: `${prefix}evidence`, class: 'evidence' },
    el('p', {},
      el('strong', {}, 'Engine evidence'), ` — ${e.engine}, ${e.budget}, ${e.positions} positions${searched}: `,
      el('span', { class: 'wdl' }, `${first} wins ${e.wins} · draws ${e.draws} · ${second} wins ${e.losses}`), '.'),
    el('p', {}, `Expected result ${signed(e.expected)} for ${first} (95%: ${signed(e.low)} to ${signed(e.high)}), `,
      `which bins to score ${e.score}${meanings ? ` (${meanings[e.score]})` : ''}.`),
    e.position ? el('p', { id: `${prefix}position-verdict` }, `On this position: ${e.position.score}, ${e.position.outcome} at ±${e.threshold} cp.`)
      : el('p', { class: 'muted', id: `${prefix}position-verdict` }, 'The engine did not search this position.'),
    engineLine(e.position, prefix),
    el('p', { class: 'muted small' }, 'Evidence only: the engine can be wrong (fortresses, slow wins). Your answer is yours.'));
}

// Every position the engine searched, small, each with the engine's score and what it counted it
// as; read when opened (one request a position, at most kGridMost).
const kGridMost = 16;
function positionsGrid(material, count, prefix) {
  const grid = el('div', { class: 'positions-grid', id: `${prefix}positions-grid` });
  const shown = Math.min(count, kGridMost);
  const box = el('details', { class: 'positions' },
    el('summary', {}, `All ${shown === count ? count : `${shown} of ${count}`} positions searched, at once`), grid);
  box.addEventListener('toggle', async () => {
    if (!box.open || grid.childElementCount) return;
    for (let i = 0; i < shown; ++i) {
      const cell = el('figure', { class: 'grid-cell' }, el('figcaption', {}, `${i + 1}: …`));
      grid.append(cell);
      position(material, i).then((p) => {
        const verdict = p.evidence && p.evidence.position
          ? `${p.evidence.position.score}; ${p.evidence.position.outcome}` : 'not searched';
        fill(cell, boardSvg(p, `Position ${i + 1} of ${material}: ${boardText(p)} ${verdict}.`),
          el('figcaption', {}, `${i + 1}: ${verdict}`));
      }, (e) => fill(cell, el('figcaption', { class: 'warn' }, `${i + 1}: ${e.message}`)));
    }
  });
  return box;
}

const cache = new Map();

async function position(material, index) {
  const key = `${material}/${index}`;
  if (!cache.has(key)) cache.set(key, api('GET', `/api/positions/${material}?index=${index}`));
  try {
    return await cache.get(key);
  } catch (e) {
    cache.delete(key);
    throw e;
  }
}

// Fills `slot` with position `index` of `material`, and `evidenceSlot` (or `slot` after it) with
// the engine's evidence; `onAnother` asks for the next one. `prefix` starts each element's id: a
// neighbour's board shown beside the row's has ids of its own. A solved material's position
// shows its exact value and a line to step through (exact.js), the board following the line.
export async function showBoard(slot, material, index, meanings, onAnother, prefix = '', evidenceSlot = slot) {
  slot.dataset.index = String(index);
  const current = () => slot.dataset.material === material && slot.dataset.index === String(index);
  let p;
  try {
    p = await position(material, index);
  } catch (e) {
    if (current()) {
      fill(slot, el('p', { class: 'warn' }, `No position to show: ${e.message}`));
      if (evidenceSlot !== slot) fill(evidenceSlot);
    }
    return;
  }
  if (!current()) return;
  const title = el('h3', { id: `${prefix}board-title` });
  let picture = el('span');
  const words = el('p', { class: 'board-text', id: `${prefix}board-text` });
  const exact = el('div', { class: 'exact', id: `${prefix}exact` });
  const fen = el('code', { class: 'fen' });
  // The position the line reached (the example position before any move) on the board.
  const redraw = (view, played) => {
    const sides = view.sides.map((side) => `${side[0].toUpperCase()}${side.slice(1)}`);
    const after = played.length ? `, after ${played.join(' ')}` : '';
    fill(title, `Example position ${index + 1}${prefix ? ` of ${material}` : ''}${after}`,
      el('span', { class: 'muted' }, ` · ${sides[view.to_move === 'red' ? 0 : 1]} to move`));
    const text = boardText(view);
    const drawn = boardSvg(view, `Example position ${index + 1} of ${material}${after}: ${text}`);
    picture.replaceWith(drawn);
    picture = drawn;
    words.textContent = text;
    fen.textContent = view.fen;
  };
  fill(slot, title, picture, exact, words,
    el('div', { class: 'board-tools' },
      el('button', { type: 'button', id: `${prefix}another-position`, onclick: onAnother }, prefix ? 'Another position' : 'Another position (p)'),
      el('details', {}, el('summary', {}, 'FEN'), fen)));
  redraw(p, []);
  const evidence = [evidenceFigures(p, material, meanings, prefix),
    p.evidence ? positionsGrid(material, p.evidence.positions, prefix) : null];
  if (evidenceSlot === slot) slot.append(...evidence.filter(Boolean));
  else fill(evidenceSlot, ...evidence);
  showExact(exact, material, p, prefix, redraw);
}
