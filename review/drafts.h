// A reviewer's drafts in the review app, read as the filled sheet they stand for: the app
// submits through exactly the rules `egkb review import` applies to a CSV sheet.
#pragma once

#include <string>
#include <vector>

#include "review/sheet_reader.h"
#include "store/batches.h"
#include "store/drafts.h"
#include "store/store.h"

namespace egkb {

// The line the batch's i-th drawn row has in its CSV sheet, under the header line. The app
// names rows by it too, so a refusal points at the same row in the app and in the sheet.
constexpr std::size_t sheet_line(std::size_t item) {
  return item + 2;
}

// `reviewer`'s drafts of `batch` in the batch's order; its origin names the batch and the
// reviewer, as a sheet's names its file.
FilledSheet sheet_of_drafts(const Batch& batch, const std::vector<Draft>& drafts,
                            const std::string& reviewer, const PieceSet& pieces);

}  // namespace egkb
