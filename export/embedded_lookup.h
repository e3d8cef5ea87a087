// The text of the C lookups (probe/table_lookup.h) and of the piece sets' data they read
// (probe/lookup_data_tool.cpp writes both at build time): every header egkb exports embeds them,
// so the header answers with the very code libegkb-probe runs.
#pragma once

namespace egkb {

extern const char* const kTableLookupSource;
extern const char* const kLookupDataSource;

}  // namespace egkb
