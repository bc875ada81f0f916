// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace iolens::core {

class SqliteConnection;

/// A prepared statement (RAII). Bind indices are 1-based, column indices 0-based, as in SQLite.
/// Every SQLite return code is checked; failures throw StoreError with the SQL text.
class Statement {
public:
    Statement(SqliteConnection& connection, std::string_view sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view value);
    Statement& bind(int index, std::optional<double> value);
    Statement& bindNull(int index);

    /// Steps once: true while a row is available, false when done.
    bool step();
    /// Steps to completion, for statements that return no rows.
    void run();
    void reset();

    bool isNull(int column) const;
    std::int64_t int64(int column) const;
    double real(int column) const;
    std::optional<double> optionalReal(int column) const;
    std::string text(int column) const;

private:
    SqliteConnection& m_connection;
    sqlite3_stmt* m_stmt = nullptr;
    std::string m_sql;
};

/// An open SQLite database (RAII). Foreign keys are on.
class SqliteConnection {
public:
    enum class Mode { ReadOnly, ReadWrite, Create };
    /// Opens `path` (":memory:" for a private in-memory database). Throws DatabaseFormatError if
    /// the file is not an SQLite database, StoreError if it cannot be opened.
    SqliteConnection(const std::string& path, Mode mode);
    ~SqliteConnection();
    SqliteConnection(const SqliteConnection&) = delete;
    SqliteConnection& operator=(const SqliteConnection&) = delete;

    void exec(std::string_view sql);
    std::int64_t lastInsertId() const;
    /// Rows changed by the last INSERT, UPDATE or DELETE.
    int changes() const;
    int userVersion();
    void setUserVersion(int version);
    /// Writes a consistent copy of the whole database to `path` (SQLite backup API).
    void backupTo(const std::string& path);
    const std::string& path() const { return m_path; }
    bool isReadOnly() const { return m_readOnly; }

    sqlite3* handle() { return m_db; }
    /// Throws StoreError (or DatabaseFormatError for SQLITE_NOTADB) unless rc is OK/ROW/DONE.
    void check(int rc, std::string_view context);

private:
    sqlite3* m_db = nullptr;
    std::string m_path;
    bool m_readOnly = false;
};

/// BEGIN IMMEDIATE ... COMMIT; rolls back in the destructor unless commit() was called, so an
/// exception anywhere inside leaves the database unchanged.
class Transaction {
public:
    explicit Transaction(SqliteConnection& connection);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

private:
    SqliteConnection& m_connection;
    bool m_done = false;
};

} // namespace iolens::core
