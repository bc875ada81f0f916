// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/sqlite_connection.hpp"

#include "common/error.hpp"

#include <filesystem>
#include <sqlite3.h>

namespace iolens::core {

Statement::Statement(SqliteConnection& connection, std::string_view sql)
    : m_connection(connection)
    , m_sql(sql)
{
    connection.check(sqlite3_prepare_v2(connection.handle(), m_sql.c_str(),
                         static_cast<int>(m_sql.size()), &m_stmt, nullptr),
        m_sql);
}

Statement::~Statement()
{
    sqlite3_finalize(m_stmt);
}

Statement& Statement::bind(int index, std::int64_t value)
{
    m_connection.check(sqlite3_bind_int64(m_stmt, index, value), m_sql);
    return *this;
}

Statement& Statement::bind(int index, double value)
{
    m_connection.check(sqlite3_bind_double(m_stmt, index, value), m_sql);
    return *this;
}

Statement& Statement::bind(int index, std::string_view value)
{
    m_connection.check(sqlite3_bind_text(m_stmt, index, value.data(),
                           static_cast<int>(value.size()), SQLITE_TRANSIENT),
        m_sql);
    return *this;
}

Statement& Statement::bind(int index, std::optional<double> value)
{
    return value ? bind(index, *value) : bindNull(index);
}

Statement& Statement::bindNull(int index)
{
    m_connection.check(sqlite3_bind_null(m_stmt, index), m_sql);
    return *this;
}

bool Statement::step()
{
    const int rc = sqlite3_step(m_stmt);
    m_connection.check(rc, m_sql);
    return rc == SQLITE_ROW;
}

void Statement::run()
{
    while (step()) { }
}

void Statement::reset()
{
    m_connection.check(sqlite3_reset(m_stmt), m_sql);
    m_connection.check(sqlite3_clear_bindings(m_stmt), m_sql);
}

bool Statement::isNull(int column) const
{
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

std::int64_t Statement::int64(int column) const
{
    return sqlite3_column_int64(m_stmt, column);
}
double Statement::real(int column) const
{
    return sqlite3_column_double(m_stmt, column);
}

std::optional<double> Statement::optionalReal(int column) const
{
    if (isNull(column))
        return std::nullopt;
    return real(column);
}

std::string Statement::text(int column) const
{
    const auto* bytes = sqlite3_column_text(m_stmt, column);
    if (!bytes)
        return {};
    return std::string(reinterpret_cast<const char*>(bytes),
        static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, column)));
}

namespace {

// A process killed in the middle of a transaction leaves a hot rollback journal beside the
// database. SQLite rolls it back on the next read, but only from a connection that may write: a
// read-only open (`info`, the window's viewer mode) would fail with "attempt to write a readonly
// database". Roll it back first where the file is writable; where it is not, the read-only open
// reports the problem.
void rollBackHotJournal(const std::string& path)
{
    if (!std::filesystem::exists(path + "-journal"))
        return;
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK)
        sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr);
    sqlite3_close(db);
}

} // namespace

SqliteConnection::SqliteConnection(const std::string& path, Mode mode)
    : m_path(path)
    , m_readOnly(mode == Mode::ReadOnly)
{
    if (mode == Mode::ReadOnly)
        rollBackHotJournal(path);
    int flags = SQLITE_OPEN_READONLY;
    if (mode == Mode::ReadWrite)
        flags = SQLITE_OPEN_READWRITE;
    if (mode == Mode::Create)
        flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    const int rc = sqlite3_open_v2(path.c_str(), &m_db, flags, nullptr);
    if (rc != SQLITE_OK) {
        const std::string message = m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc);
        sqlite3_close(m_db);
        m_db = nullptr;
        if (rc == SQLITE_CANTOPEN)
            throw DatabaseFormatError(path + ": cannot open database: " + message);
        throw StoreError(path + ": " + message);
    }
    sqlite3_extended_result_codes(m_db, 1);
    // The window reads a database while `measure` (or its dialog) commits runs into it from
    // another connection: wait for the other's short transaction instead of failing with BUSY.
    sqlite3_busy_timeout(m_db, 10000);
    try {
        // Opening is lazy in SQLite: reading the schema here turns "not a database" into an
        // error at open time rather than at the first query.
        exec("PRAGMA foreign_keys = ON");
        exec("SELECT count(*) FROM sqlite_master");
    } catch (...) {
        sqlite3_close(m_db);
        m_db = nullptr;
        throw;
    }
}

SqliteConnection::~SqliteConnection()
{
    sqlite3_close(m_db);
}

void SqliteConnection::check(int rc, std::string_view context)
{
    if (rc == SQLITE_OK || rc == SQLITE_ROW || rc == SQLITE_DONE)
        return;
    const std::string message
        = m_path + ": " + sqlite3_errmsg(m_db) + " (in: " + std::string(context) + ")";
    if ((rc & 0xff) == SQLITE_NOTADB)
        throw DatabaseFormatError(m_path + ": not an SQLite database");
    throw StoreError(message);
}

void SqliteConnection::exec(std::string_view sql)
{
    const std::string text(sql);
    char* error = nullptr;
    const int rc = sqlite3_exec(m_db, text.c_str(), nullptr, nullptr, &error);
    if (error)
        sqlite3_free(error);
    check(rc, text);
}

std::int64_t SqliteConnection::lastInsertId() const
{
    return sqlite3_last_insert_rowid(m_db);
}

int SqliteConnection::changes() const
{
    return sqlite3_changes(m_db);
}

int SqliteConnection::userVersion()
{
    Statement stmt(*this, "PRAGMA user_version");
    stmt.step();
    return static_cast<int>(stmt.int64(0));
}

void SqliteConnection::setUserVersion(int version)
{
    exec("PRAGMA user_version = " + std::to_string(version));
}

void SqliteConnection::backupTo(const std::string& path)
{
    sqlite3* target = nullptr;
    int rc = sqlite3_open_v2(
        path.c_str(), &target, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    if (rc != SQLITE_OK) {
        const std::string message = target ? sqlite3_errmsg(target) : sqlite3_errstr(rc);
        sqlite3_close(target);
        throw StoreError(path + ": cannot create database: " + message);
    }
    sqlite3_backup* backup = sqlite3_backup_init(target, "main", m_db, "main");
    if (!backup) {
        const std::string message = sqlite3_errmsg(target);
        sqlite3_close(target);
        throw StoreError(path + ": cannot start backup: " + message);
    }
    rc = sqlite3_backup_step(backup, -1);
    sqlite3_backup_finish(backup);
    const std::string message = sqlite3_errmsg(target);
    sqlite3_close(target);
    if (rc != SQLITE_DONE)
        throw StoreError(path + ": backup failed: " + message);
}

Transaction::Transaction(SqliteConnection& connection)
    : m_connection(connection)
{
    m_connection.exec("BEGIN IMMEDIATE");
}

Transaction::~Transaction()
{
    if (!m_done) {
        try {
            m_connection.exec("ROLLBACK");
        } catch (...) {
            // A failed rollback leaves SQLite to roll back when the connection closes.
        }
    }
}

void Transaction::commit()
{
    m_connection.exec("COMMIT");
    m_done = true;
}

} // namespace iolens::core
