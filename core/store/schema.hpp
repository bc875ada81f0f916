// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace iolens::core {

class SqliteConnection;

/// Schema version written by this build (PRAGMA user_version).
inline constexpr int kSchemaVersion = 5;

/// Brings the database to kSchemaVersion with forward-only migrations, in one transaction.
/// An empty database is initialised. Throws DatabaseFormatError if the schema is newer than this
/// build, or if the file holds tables but was not written by iolens; throws DatabaseFormatError
/// if an older schema would need migrating on a read-only connection.
void migrateSchema(SqliteConnection& connection);

} // namespace iolens::core
