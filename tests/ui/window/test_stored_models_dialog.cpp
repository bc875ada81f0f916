// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/stored_models_dialog.hpp"

#include "document/document.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace iolens::ui;
using iolens::core::MeasurementDatabase;

namespace {

QPushButton* dialogButton(const StoredModelsDialog& dialog, const QString& text)
{
    for (QPushButton* button : dialog.findChildren<QPushButton*>())
        if (button->text() == text)
            return button;
    return nullptr;
}

} // namespace

class TestStoredModelsDialog : public QObject {
    Q_OBJECT
private slots:
    // Opened from the window on the open database: its models in the table, ticks as chosen.
    void open_listsTheDatabasesModelsInTheTable()
    {
        QTemporaryDir dir;
        Document document;
        document.database = std::make_shared<MeasurementDatabase>(MeasurementDatabase::open(
            iolens::test::storedModelsDatabase(dir.path()).toStdString(), true));
        document.name = QStringLiteral("stored-models.sqlite");
        StoredModelChoice choice;
        choice.hidden = {QStringLiteral("cart-small")};
        QWidget parent;
        StoredModelsDialog* dialog = openStoredModelsDialog(&parent, document, choice);
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->testAttribute(Qt::WA_DeleteOnClose));
        QVERIFY(dialog->windowTitle().contains(QStringLiteral("stored-models.sqlite")));
        QCOMPARE(dialog->view()->model(), dialog->table());
        QCOMPARE(dialog->table()->rowCount(), 2);
        QCOMPARE(dialog->hiddenNames(), QStringList {QStringLiteral("cart-small")});
        // The parameters column is kept narrow enough for the rest to be seen.
        QVERIFY(dialog->view()->columnWidth(StoredModelTable::ParametersColumn) <= 320);
        dialog->reject();
    }

    void showAllAndNone_tickAndUntickEveryModel()
    {
        QTemporaryDir dir;
        auto db = MeasurementDatabase::open(
            iolens::test::storedModelsDatabase(dir.path()).toStdString(), true);
        StoredModelsDialog dialog(db.models(), {}, QStringLiteral("stored-models.sqlite"));
        QPushButton* none = dialogButton(dialog, QStringLiteral("Show &none"));
        QPushButton* all = dialogButton(dialog, QStringLiteral("Show &all"));
        QVERIFY(none && all);
        none->click();
        QCOMPARE(dialog.hiddenNames(),
            (QStringList {QStringLiteral("cart-small"), QStringLiteral("lm-all")}));
        all->click();
        QVERIFY(dialog.hiddenNames().isEmpty());
    }

    void emptyDatabase_saysWhereModelsComeFrom()
    {
        StoredModelsDialog dialog({}, {}, QStringLiteral("fio-tiered"));
        const QLabel* intro = dialog.findChild<QLabel*>();
        QVERIFY(intro);
        QVERIFY2(intro->text().contains(QStringLiteral("fio-tiered holds no stored model")),
            qPrintable(intro->text()));
        QVERIFY(!dialogButton(dialog, QStringLiteral("Show &none"))->isEnabled());
    }
};

IOLENS_TEST_MAIN(TestStoredModelsDialog)
#include "test_stored_models_dialog.moc"
