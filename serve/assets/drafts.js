// A reviewer's draft of a row (its verdict, note, flag and skip), as the server holds it and as
// the changes not confirmed yet leave it. Pure: no page, no storage, no clock.
//
// Each change the page makes names every field it means (an answer is "this verdict, not
// skipped"; a skip is "skipped, no verdict"), so a change's fields replace those of the draft
// and the page needs none of the server's rules to know what a change leaves.

export const NO_DRAFT = Object.freeze({ verdict: null, note: '', flagged: false, skipped: false });

// The fields of an answer, and of a skip given or taken back.
export const answerFields = (verdict) => ({ verdict, skipped: false });
export const skipFields = (skipped) => (skipped ? { skipped: true, verdict: null } : { skipped: false });

// `reviewer`'s draft of a batch's row (an item of GET /api/batches/{id}) as the server holds it.
export function savedDraft(item, reviewer) {
  return {
    verdict: item.drafts[reviewer] ?? null,
    note: (item.notes && item.notes[reviewer]) || '',
    flagged: (item.flagged || []).includes(reviewer),
    skipped: (item.skipped || []).includes(reviewer),
  };
}

// A draft after a queued change: a put's fields replace those it names; an undo or a redo leaves
// the state it names.
export function applyChange(draft, op) {
  return op.kind === 'put' ? { ...draft, ...op.fields } : { ...op.state };
}

// `reviewer`'s draft of a row with `queued` (the reviewer's changes of the batch not confirmed
// yet, oldest first) applied, and whether any of them is on this row (`pending`).
export function myDraft(item, reviewer, queued) {
  let draft = savedDraft(item, reviewer);
  let pending = false;
  for (const op of queued) {
    if (op.material !== item.material) continue;
    draft = applyChange(draft, op);
    pending = true;
  }
  return { ...draft, pending };
}

// Every reviewer's answer to a row, by name, `reviewer`'s as `own` says (null: none).
export function answersWith(item, reviewer, own) {
  const all = { ...item.drafts };
  if (own === null) delete all[reviewer];
  else all[reviewer] = own;
  return all;
}
