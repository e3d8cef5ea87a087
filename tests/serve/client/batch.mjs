// Rows of a batch as GET /api/batches/{id} gives them, for the client's unit tests: only the keys
// the pure modules read, with what the server decides (disagree, settled, answerers) given.
export function row(line, material, more = {}) {
  return {
    line, material, drawn_score: 3, now: { score: 3, source: 'manual' }, drafts: {}, scores: {},
    notes: {}, flagged: [], skipped: [], revisions: {}, assigned: [], answerers: null,
    disagree: false, settled: false, ...more,
  };
}

// Four rows, lines 2 to 5.
export const rows = () => [
  row(2, 'KRK', { drafts: { alice: '1', bob: '1' }, settled: true }),
  row(3, 'KNK', { drafts: { bob: '2' }, notes: { bob: 'why' }, now: { score: 5, source: 'expert' } }),
  row(4, 'KCK', { drafts: { alice: '3', bob: '4' }, disagree: true }),
  row(5, 'KPK', { flagged: ['alice'], now: null }),
];
