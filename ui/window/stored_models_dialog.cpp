// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/stored_models_dialog.hpp"

#include "document/document.hpp"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace iolens::ui {

namespace {

// A cubist's or forest's parameter list is wider than the dialog: the column stops here and
// its tooltip holds the whole list.
constexpr int kParametersMaxWidth = 320;
// The dialog is as wide as its columns, so that no cell is cut off, but no wider than a small
// laptop's screen (1366 pixels); beyond that the table scrolls.
constexpr int kMinWidth = 640;
constexpr int kMaxWidth = 1280;

} // namespace

StoredModelsDialog::StoredModelsDialog(std::vector<core::StoredModel> models,
    const StoredModelChoice& choice, const QString& databaseName, QWidget* parent)
    : QDialog(parent)
    , m_table(new StoredModelTable(std::move(models), choice, this))
    , m_view(new QTableView(this))
{
    setWindowTitle(tr("Stored models — %1").arg(databaseName));
    auto* intro = new QLabel(m_table->rowCount() > 0
            ? tr("Ticked models are shown beside the window's own models in every view. The "
                 "choice is kept for this database file; the file itself is not changed.")
            : tr("%1 holds no stored model. Models come from iolens-cli train or optimize, from "
                 "File > Import model…, or from the Parameter search tab.")
                  .arg(databaseName),
        this);
    intro->setWordWrap(true);

    m_view->setModel(m_table);
    m_view->verticalHeader()->hide();
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->resizeColumnsToContents();
    m_view->setColumnWidth(StoredModelTable::ParametersColumn,
        std::min(m_view->columnWidth(StoredModelTable::ParametersColumn), kParametersMaxWidth));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    QPushButton* all = buttons->addButton(tr("Show &all"), QDialogButtonBox::ActionRole);
    QPushButton* none = buttons->addButton(tr("Show &none"), QDialogButtonBox::ActionRole);
    connect(all, &QPushButton::clicked, m_table, [this] { m_table->setAllShown(true); });
    connect(none, &QPushButton::clicked, m_table, [this] { m_table->setAllShown(false); });
    all->setEnabled(m_table->rowCount() > 0);
    none->setEnabled(m_table->rowCount() > 0);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_view, 1);
    layout->addWidget(buttons);
    int width = 2 * m_view->frameWidth() + m_view->verticalScrollBar()->sizeHint().width()
        + layout->contentsMargins().left() + layout->contentsMargins().right();
    for (int column = 0; column < m_table->columnCount(); ++column)
        width += m_view->columnWidth(column);
    resize(std::clamp(width, kMinWidth, kMaxWidth), 380);
}

StoredModelsDialog* openStoredModelsDialog(
    QWidget* parent, const Document& document, const StoredModelChoice& choice)
{
    std::vector<core::StoredModel> models;
    try {
        models = document.database->models();
    } catch (const std::exception& e) {
        QMessageBox::warning(parent, StoredModelsDialog::tr("Stored models"),
            StoredModelsDialog::tr("The stored models of %1 cannot be read: %2")
                .arg(document.name, QString::fromUtf8(e.what())));
        return nullptr;
    }
    auto* dialog = new StoredModelsDialog(std::move(models), choice, document.name, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

} // namespace iolens::ui

#include "moc_stored_models_dialog.cpp"
