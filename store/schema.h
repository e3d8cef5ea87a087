// The store's tables, one migration per schema version (PRAGMA user_version).
#pragma once

#include <SQLiteCpp/Database.h>

namespace egkb {

// Brings a store at `version` (0 for a new file) to kStoreVersion inside the caller's write
// transaction.
void migrate(SQLite::Database& db, int version);

}  // namespace egkb
