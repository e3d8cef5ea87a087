// The store's tables, one migration per schema version (PRAGMA user_version).
#pragma once

#include <SQLiteCpp/Database.h>

#include <string>
#include <vector>

#include "store/query.h"

namespace egkb {

// Brings a store at `version` (0 for a new file) to kStoreVersion inside the caller's write
// transaction; values it reads are checked as `origin`'s.
void migrate(SQLite::Database& db, int version, StoreOrigin origin);

// The tables a store at `version` (1 to kStoreVersion) should hold and `db` lacks, by name.
std::vector<std::string> missing_tables(SQLite::Database& db, int version);

}  // namespace egkb
