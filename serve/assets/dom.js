// Building the page from data: every text is placed as text (textContent), never parsed as HTML,
// so nothing from the store or a reviewer can become markup.
import { messageParts } from './message.js';

export function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    e.append(c instanceof Node ? c : String(c));
  }
  return e;
}

export function svg(tag, attrs, ...children) {
  const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  for (const c of children) e.append(c instanceof Node ? c : String(c));
  return e;
}

// A progress bar with a name for assistive technology. Its width is set through the style
// object: the page's Content-Security-Policy refuses style attributes.
export function bar(done, all, name) {
  const share = el('span');
  share.style.width = `${all ? (100 * done) / all : 0}%`;
  return el('span', {
    class: 'bar', role: 'progressbar', 'aria-label': name, 'aria-valuemin': 0,
    'aria-valuenow': done, 'aria-valuemax': all,
  }, share);
}

// A message of the review rules as a paragraph and a list whose rows link to the batch's rows
// the refusal names (`lines`, their sheet lines: message.js).
export function messageWithLinks(text, batch, lines) {
  const { first, rest } = messageParts(text, batch ? batch.items : [], lines);
  const shown = (parts) => parts.map((p) => (p.line ? el('a', { href: `#/batch/${batch.id}/${p.line}` }, p.text) : p.text));
  return el('div', { class: 'message' },
    el('p', {}, shown(first)),
    rest.length ? el('ul', {}, rest.map((l) => el('li', {}, shown(l)))) : null);
}

// Replaces the children of `parent`, leaving out those that are not there (null, false).
export function fill(parent, ...children) {
  parent.replaceChildren(...children.flat().filter((c) => c !== undefined && c !== null && c !== false));
  return parent;
}

// Runs `redraw` over `container` and gives the focus back to the control that had it there,
// found again by its id or its row, so a redraw never takes the focus from under the keyboard:
// the next Enter would then answer the row instead of pressing that control.
export function keepingFocus(container, redraw) {
  const active = document.activeElement;
  let again = null;
  if (container && active && active !== container && container.contains(active)) {
    const row = active.closest('[data-index]');
    if (active.id) again = `#${CSS.escape(active.id)}`;
    else if (row) again = `[data-index="${row.dataset.index}"] a`;
  }
  redraw();
  if (again) document.querySelector(again)?.focus({ preventScroll: true });
}
