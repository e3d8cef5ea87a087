// A refusal's message as the page shows it: its first line, and a list of the lines under it,
// each cut into text and links to the rows the refusal names. The rows come from the server
// (the refusal's `lines`); the message is only searched for where they are named, by their sheet
// line ("line 5") or their material. Pure.

const escaped = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// `text` cut into parts: {text} and {text, line} where a row of `rows` ({line, material}) is named.
export function linkedParts(text, rows) {
  const target = new Map();
  for (const r of rows) {
    target.set(`line ${r.line}`, r.line);
    target.set(r.material, r.line);
  }
  if (!target.size) return [{ text }];
  const names = [...target.keys()].sort((a, b) => b.length - a.length).map(escaped);
  const parts = [];
  let at = 0;
  for (const m of text.matchAll(new RegExp(`\\b(?:${names.join('|')})\\b`, 'g'))) {
    if (m.index > at) parts.push({ text: text.slice(at, m.index) });
    parts.push({ text: m[0], line: target.get(m[0]) });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

// A message of the review rules ("3 row(s) …:\n  line 5 verdict: …") as {first, rest}: the
// first line's parts and each further line's, the rows `lines` names linked.
export function messageParts(text, items, lines) {
  const wanted = new Set(lines || []);
  const rows = items.filter((i) => wanted.has(i.line));
  const [first, ...rest] = String(text).split('\n');
  return { first: linkedParts(first, rows), rest: rest.map((l) => linkedParts(l.trim(), rows)) };
}
