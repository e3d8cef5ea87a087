// A solved material's exact values as the board shows them, and the line the expert steps
// through: pure, no page and no requests (tests/serve/client/solved_line.test.mjs). Every value,
// every move's and its order (best first) are the server's (GET /api/positions/{material}/value);
// this module only words them and keeps the positions played.

const capital = (s) => `${s[0].toUpperCase()}${s.slice(1)}`;

// A side as its game writes it: White and Black in chess, red and black in xiangqi.
export const sideWord = (p, side) => {
  const name = p.sides[side === 'red' ? 0 : 1];
  return p.pieces === 'chess' ? capital(name) : name;
};

// "win in 13 plies, ends in mate", as `egkb solve --position` prints a value.
export function valueText(v) {
  if (v.value === 'draw') return 'draw';
  return `${v.value} in ${v.distance} ${v.distance === 1 ? 'ply' : 'plies'}, ends in ${v.ends_in}`;
}

// "Red to move: win in 13 plies, ends in mate"; a position without a move says so.
export function positionText(p) {
  const mover = capital(sideWord(p, p.to_move));
  if (!p.moves.length) return `${mover} to move has no legal move: ${valueText(p)}`;
  return `${mover} to move: ${valueText(p)}`;
}

// "e2e3: win in 11, mate", short for a list under the position's value; a capture marked ×.
export const moveText = (m) => `${m.move}${m.capture ? ' ×' : ''}: ${m.value === 'draw' ? 'draw' : `${m.value} in ${m.distance}, ${m.ends_in}`}`;

// The positions of a line from the one the board showed first, each with the move that reached
// it: play() adds one, back() takes the last away (never the first).
export class Line {
  constructor(start) {
    this.steps = [{ move: null, position: start }];
  }

  get current() {
    return this.steps.at(-1).position;
  }

  // The moves played so far, in order.
  get played() {
    return this.steps.slice(1).map((s) => s.move);
  }

  // The server's best move from the current position (its first), or null when there is none.
  get best() {
    return this.current.moves[0] || null;
  }

  play(move, position) {
    this.steps.push({ move, position });
  }

  // Whether there was a move to take back.
  back() {
    if (this.steps.length === 1) return false;
    this.steps.pop();
    return true;
  }
}
