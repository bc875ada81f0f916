// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"

#include <QObject>
#include <QString>

#include <string>
#include <vector>

namespace iolens::ui {

/// A scenario the user named to come back to or to compare with another.
struct SavedScenario {
    QString name;
    core::Configuration config;
};

/// The named scenarios of one database, kept in QSettings under the database's key (its path,
/// or "example:<name>"), so each database has its own list across sessions.
class SavedScenarios : public QObject {
    Q_OBJECT
public:
    explicit SavedScenarios(QObject* parent = nullptr);

    /// Switches to the list of `documentKey` (loaded from QSettings); empty: no database, no list.
    void setDocumentKey(const QString& documentKey);
    const QString& documentKey() const { return m_key; }

    const std::vector<SavedScenario>& all() const { return m_scenarios; }
    /// Index of the scenario named `name`, or -1.
    int indexOf(const QString& name) const;
    /// Saves `config` as `name` (trimmed, non-empty), replacing a scenario of the same name in
    /// place. Returns its index, or -1 for an empty name or no database.
    int save(const QString& name, const core::Configuration& config);
    bool remove(int index);

    /// Moves the list stored for `fromKey` to `toKey` (a renamed dataset), replacing what `toKey`
    /// had; an empty `toKey` forgets it (a deleted dataset). Only QSettings changes: an open
    /// list reloads with setDocumentKey().
    static void moveStored(const QString& fromKey, const QString& toKey);

    /// The list as CSV: a `name` column, then the configuration columns that
    /// `iolens-cli predict --configs` reads, so the same scenarios can be predicted headless.
    std::string toConfigsCsv() const;

signals:
    void changed();

private:
    void store() const;

    QString m_key;
    std::vector<SavedScenario> m_scenarios;
};

} // namespace iolens::ui
