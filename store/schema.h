// The store's tables, one migration per schema version (PRAGMA user_version).
#pragma once

#include <SQLiteCpp/Database.h>

#include "store/query.h"

namespace egkb {

// Brings a store at `version` (0 for a new file) to kStoreVersion inside the caller's write
// transaction; values it reads are checked as `origin`'s.
void migrate(SQLite::Database& db, int version, StoreOrigin origin);

}  // namespace egkb
