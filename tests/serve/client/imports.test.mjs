// The page's modules fit together: every name a module of serve/assets imports from another is
// one that module exports, and every module the page loads is one the server serves. A browser
// finds either fault only when it loads the page; ESLint checks each file alone.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';

const dir = new URL('../../../serve/assets/', import.meta.url);
const modules = readdirSync(dir).filter((f) => f.endsWith('.js'));
const source = (name) => readFileSync(new URL(name, dir), 'utf8');

function exported(text) {
  const names = new Set();
  for (const m of text.matchAll(/^export (?:async )?(?:function|const|class|let) (\w+)/gm)) names.add(m[1]);
  return names;
}

function imported(text) {
  return [...text.matchAll(/^import \{([^}]*)\} from '\.\/([\w.]+)';/gm)].map((m) => ({
    from: m[2],
    names: m[1].split(',').map((n) => n.trim().split(/\s+as\s+/)[0]).filter(Boolean),
  }));
}

test('every name imported is exported by its module', () => {
  let checked = 0;
  for (const name of modules) {
    for (const { from, names } of imported(source(name))) {
      assert.ok(modules.includes(from), `${name} imports ${from}, which serve/assets lacks`);
      const there = exported(source(from));
      for (const n of names) {
        assert.ok(there.has(n), `${name} imports ${n} from ${from}, which does not export it`);
        checked += 1;
      }
    }
  }
  assert.ok(checked > 50, `only ${checked} imported names found: the pattern misses the imports`);
});

test('every module is served and kept for a reload without the server', () => {
  const cmake = readFileSync(new URL('../CMakeLists.txt', dir), 'utf8');
  const served = cmake.match(/set\(asset_names([^)]*)\)/)[1].split(/\s+/).filter(Boolean);
  const kept = source('sw.js');
  for (const name of modules) {
    assert.ok(served.includes(name), `${name} is not in serve/CMakeLists.txt's asset_names`);
    if (name !== 'sw.js') assert.ok(kept.includes(`'/${name}'`), `sw.js does not keep /${name}`);
  }
});
