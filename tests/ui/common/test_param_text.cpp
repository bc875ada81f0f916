// SPDX-License-Identifier: GPL-3.0-or-later
// The descriptions of the parameters the Parameter search tab offers as axes go through the
// translator: every one of them is listed for it, and German has them all.
#include "common/param_text.hpp"

#include "common/translations.hpp"
#include "models/regressor_registry.hpp"
#include "support/test_registry.hpp"
#include "tuning/search_space.hpp"

#include <QCoreApplication>
#include <QTest>

using namespace iolens;
using namespace iolens::ui;

namespace {

/// Every parameter some technique's search varies, once per description.
std::vector<core::ParamSpec> searchedParameters()
{
    std::vector<core::ParamSpec> searched;
    for (const std::string& technique : core::techniqueNames()) {
        const auto regressor = core::createRegressor(technique);
        for (const core::SearchDimension& dimension : core::searchSpace(*regressor))
            for (const core::ParamSpec& spec : regressor->paramSpecs())
                if (spec.name == dimension.name)
                    searched.push_back(spec);
    }
    return searched;
}

} // namespace

class TestParamText : public QObject {
    Q_OBJECT
private slots:
    void everySearchedParameter_isListedForTheTranslator()
    {
        const auto searched = searchedParameters();
        QVERIFY(searched.size() >= 8);
        QStringList missing;
        for (const core::ParamSpec& spec : searched)
            if (!paramDescriptionListed(spec))
                missing << QString::fromStdString(
                    '"' + spec.description + "\" (" + spec.name + ")");
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral("\n"))));
    }

    void german_translatesEverySearchedParameter()
    {
        QVERIFY(installTranslations(*QCoreApplication::instance(), QLocale(QLocale::German)));
        QStringList untranslated;
        for (const core::ParamSpec& spec : searchedParameters())
            if (paramDescription(spec) == QString::fromStdString(spec.description))
                untranslated << QString::fromStdString(spec.name + ": " + spec.description);
        QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join(QStringLiteral("\n"))));
        QVERIFY(!installTranslations(*QCoreApplication::instance(), QLocale(QLocale::English)));
        core::ParamSpec unlisted;
        unlisted.description = "a description nobody listed";
        QCOMPARE(paramDescription(unlisted), QStringLiteral("a description nobody listed"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestParamText)
#include "test_param_text.moc"
