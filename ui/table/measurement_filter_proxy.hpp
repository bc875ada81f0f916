// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSortFilterProxyModel>
#include <QStringList>

namespace iolens::ui {

/// Filters the measurement table by words: "bfq random 4 KiB" keeps the rows in which every
/// word occurs (case-insensitively) in some cell's text. One word per factor is how people narrow
/// a factorial grid, which a single substring over one column cannot express. Sorts by
/// MeasurementTableModel::kSortRole, so numbers sort as numbers.
class MeasurementFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit MeasurementFilterProxy(QObject* parent = nullptr);

    /// Words separated by white space; empty text shows every row.
    void setFilterText(const QString& text);
    QStringList filterWords() const { return m_words; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    QStringList m_words;
};

} // namespace iolens::ui
