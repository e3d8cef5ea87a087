// A node's neighbourhood as the paper's Fig. 2 draws it, each neighbour opening its own on a click: the materials with one piece more
// above, one piece less below, the mirror beside; a link that breaks the additive rule is red,
// dashed and marked ✗. The picture is drawn at its natural size, wrapping neighbours into as
// many rows as the width needs, so its labels keep their size however many neighbours there
// are; a list beside it says the same in words.
import { el, svg } from './dom.js';

const BOX_W = 140;
const BOX_H = 58;
const GAP = 12;
const MIRROR_GAP = 30; // between the node and its mirror
const ROW_GAP = 18;   // between two rows of the same level
const LEVEL_GAP = 60; // between a level and the node, where the links run

// `open(material)` opens a neighbour's own neighbourhood (a click on its box, or its button in
// the list); `back` (when the card shows a neighbour, not the row) returns to the row's.
export function hoodCard(node, width, open, back) {
  const up = node.neighbours.filter((n) => n.link.startsWith('+'));
  const down = node.neighbours.filter((n) => n.link.startsWith('-'));
  const mirrorLink = node.neighbours.find((n) => n.link === 'mirror');
  const bad = node.neighbours.filter((n) => n.inconsistent).length;
  const summary = `${node.material} scores ${node.score}; ${node.neighbours.length} neighbours, `
    + `${bad} breaking the rule`;
  return el('section', { class: 'card', id: 'neighbourhood', 'aria-labelledby': 'hood-title' },
    el('h2', { id: 'hood-title' }, back ? `Neighbourhood of ${node.material}` : 'Neighbourhood'),
    back ? el('p', { class: 'explore' }, `A neighbour, not the row: ${node.material} scores ${node.score}. `,
      el('button', { type: 'button', id: 'hood-back', onclick: back.go }, `Back to ${back.material} (b)`)) : null,
    el('p', { class: 'muted' }, `${node.neighbours.length} neighbours, ${bad} inconsistent: `,
      'one piece more above, one less below, the mirror beside. A red dashed link marked ✗ breaks ',
      'the rule that a piece more never makes its side worse.'),
    el('div', { class: 'hood-frame', onclick: (e) => {
      const box = e.target.closest('g.node[data-material]');
      if (box) open(box.dataset.material);
    } }, picture(node, up, down, mirrorLink, width, summary)),
    el('details', { id: 'hood-list' },
      el('summary', {}, 'The neighbours as a list'),
      el('div', { class: 'table-wrap' }, el('table', {},
        el('caption', { class: 'visually-hidden' }, summary),
        el('thead', {}, el('tr', {}, ['link', 'material', 'score', 'rule'].map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, node.neighbours.map((n) => el('tr', { class: n.inconsistent ? 'bad' : '' },
          el('td', {}, n.link),
          el('td', { class: 'mono' }, el('button', { type: 'button', class: 'link-button', onclick: () => open(n.material) }, n.material)),
          el('td', {}, n.score),
          el('td', {}, n.inconsistent ? '✗ breaks it' : 'holds'))))))));
}

function picture(node, up, down, mirrorLink, width, summary) {
  const mirror = node.mirror;
  const cols = Math.max(1, Math.floor((width - GAP) / (BOX_W + GAP)));
  // A level that needs several rows spreads its boxes evenly over them; an empty level (a
  // material with nothing stored above or below it) takes none.
  const perRowOf = (list) => (list.length ? Math.ceil(list.length / Math.ceil(list.length / cols)) : 1);
  const perRow = Math.max(perRowOf(up), perRowOf(down));
  const rowsOf = (list) => Math.ceil(list.length / perRowOf(list));
  const levelHeight = (list) => (list.length ? rowsOf(list) * (BOX_H + ROW_GAP) - ROW_GAP + LEVEL_GAP : 0);
  const w = Math.max(perRow * (BOX_W + GAP) + GAP, 2 * BOX_W + MIRROR_GAP + 2 * GAP);
  const centreY = GAP + levelHeight(up);
  const h = centreY + BOX_H + levelHeight(down) + GAP;
  const root = svg('svg', {
    class: 'hood', width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: 'img', 'aria-label': summary,
  });
  // With a mirror the node sits left of the middle and its mirror right of it.
  const centre = { x: mirror ? w / 2 - BOX_W - MIRROR_GAP / 2 : w / 2 - BOX_W / 2, y: centreY };
  const links = svg('g', {});
  const boxes = svg('g', {});
  root.append(links, boxes);
  const box = (x, y, material, score, cls, label) => {
    const g = svg('g', cls.includes('centre') ? { class: `node ${cls}` } : { class: `node ${cls}`, 'data-material': material },
      svg('rect', { x, y, width: BOX_W, height: BOX_H, rx: 6 }),
      svg('text', { x: x + 8, y: y + 18, class: 'material' }, material),
      svg('text', { x: x + 8, y: y + 35 }, `score ${score}`));
    if (label) g.append(svg('text', { x: x + 8, y: y + 51, class: `link${cls.includes('bad') ? ' bad' : ''}` }, label));
    boxes.append(g);
  };
  const level = (list, above) => list.forEach((n, i) => {
    const per = perRowOf(list);
    const row = Math.floor(i / per);
    const inRow = Math.min(per, list.length - row * per);
    const x = (w - inRow * (BOX_W + GAP) + GAP) / 2 + (i % per) * (BOX_W + GAP);
    const y = above ? centreY - LEVEL_GAP - BOX_H - row * (BOX_H + ROW_GAP)
      : centreY + BOX_H + LEVEL_GAP + row * (BOX_H + ROW_GAP);
    const from = { x: centre.x + BOX_W / 2, y: above ? centre.y : centre.y + BOX_H };
    const to = { x: x + BOX_W / 2, y: above ? y + BOX_H : y };
    links.append(svg('line', { x1: from.x, y1: from.y, x2: to.x, y2: to.y, class: n.inconsistent ? 'edge bad' : 'edge' }));
    box(x, y, n.material, n.score, n.inconsistent ? 'bad' : '', `${n.inconsistent ? '✗ ' : ''}${n.link}`);
  });
  level(up, true);
  level(down, false);
  const selfMirror = !mirror && mirrorLink;
  box(centre.x, centre.y, node.material, node.score,
    `centre${selfMirror && mirrorLink.inconsistent ? ' bad' : ''}`,
    selfMirror ? `${mirrorLink.inconsistent ? '✗ ' : ''}own mirror` : '');
  if (mirror) {
    const bad = mirrorLink && mirrorLink.inconsistent;
    const x = centre.x + BOX_W + MIRROR_GAP;
    links.append(svg('line', { x1: centre.x + BOX_W, y1: centre.y + BOX_H / 2, x2: x, y2: centre.y + BOX_H / 2, class: bad ? 'edge bad' : 'edge' }));
    box(x, centre.y, mirror.material, mirror.score, bad ? 'bad' : '',
      `${bad ? '✗ ' : ''}mirror${mirror.implied ? ' (implied)' : ''}`);
  }
  return root;
}
