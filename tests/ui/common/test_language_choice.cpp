// SPDX-License-Identifier: GPL-3.0-or-later
// View ▸ Language: the choice is stored, read back, and turned into the locale of the next start.
#include "common/language_choice.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_registry.hpp"

#include <QCoreApplication>
#include <QSettings>
#include <QTest>

using namespace iolens::ui;

class TestLanguageChoice : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { iolens::test::useIsolatedSettings("test_language_choice"); }
    void cleanupTestCase() { QSettings().clear(); }

    void options_systemFirstThenEachTranslation()
    {
        const std::vector<LanguageOption> options = languageOptions();
        QCOMPARE(options.size(), std::size_t(3));
        QVERIFY(options[0].code.isEmpty());
        QCOMPARE(options[1].code, QStringLiteral("en"));
        QCOMPARE(options[2].code, QStringLiteral("de"));
        QCOMPARE(options[2].nativeName, QStringLiteral("Deutsch"));
    }

    void choice_isStoredAndCleared()
    {
        QVERIFY(chosenLanguage().isEmpty());
        setChosenLanguage(QStringLiteral("de"));
        QCOMPARE(chosenLanguage(), QStringLiteral("de"));
        setChosenLanguage({});
        QVERIFY(chosenLanguage().isEmpty());
        QVERIFY(!QSettings().contains(QStringLiteral("ui/language")));
    }

    void locale_followsTheChoiceOrTheSystem()
    {
        QCOMPARE(interfaceLocale(QStringLiteral("de")).language(), QLocale::German);
        QCOMPARE(interfaceLocale(QStringLiteral("en")).language(), QLocale::English);
        QCOMPARE(interfaceLocale({}), QLocale::system());
        // An outdated or hand-edited setting falls back to the system's language.
        QCOMPARE(interfaceLocale(QStringLiteral("tlh")), QLocale::system());
    }
};

IOLENS_TEST_MAIN(TestLanguageChoice)
#include "test_language_choice.moc"
