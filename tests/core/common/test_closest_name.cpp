// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/closest_name.hpp"

#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

namespace {

const std::vector<std::string> kOptions {
    "db", "model", "configs", "out", "interval", "technique", "metric", "name", "help"};

std::string meant(std::string_view typed, const std::vector<std::string>& names = kOptions)
{
    return closestName(typed, names).value_or("(none)");
}

} // namespace

class TestClosestName : public QObject {
    Q_OBJECT
private slots:
    // Textbook values (Damerau-Levenshtein as optimal string alignment): "ca" to "abc" is 3,
    // as an alignment may not edit a transposed pair again.
    void editDistance_textbookValues()
    {
        QCOMPARE(editDistance("kitten", "sitting"), std::size_t(3));
        QCOMPARE(editDistance("", "abc"), std::size_t(3));
        QCOMPARE(editDistance("abc", "abc"), std::size_t(0));
        QCOMPARE(editDistance("techniqeu", "technique"), std::size_t(1));
        QCOMPARE(editDistance("ca", "abc"), std::size_t(3));
        QCOMPARE(editDistance("Metric", "metric"), std::size_t(0));
    }

    void slipsOfTheKeyboard_findTheName()
    {
        QCOMPARE(meant("techniqe"), std::string("technique"));
        QCOMPARE(meant("metirc"), std::string("metric"));
        QCOMPARE(meant("modle"), std::string("model"));
        QCOMPARE(meant("config"), std::string("configs")); // a prefix of one name
        QCOMPARE(meant("INTERVAL"), std::string("interval"));
        QCOMPARE(meant("predikt", {"predict", "profile", "render"}), std::string("predict"));
    }

    // A guess that is far off, or between two names, would mislead: no suggestion.
    void farOrAmbiguous_findNothing()
    {
        QCOMPARE(meant("csv"), std::string("(none)"));
        QCOMPARE(meant("frobnicate"), std::string("(none)"));
        QCOMPARE(
            meant("nm"), std::string("(none)")); // two edits from "name": too many for two letters
        QCOMPARE(meant("m"), std::string("(none)"));             // a prefix of model and metric
        QCOMPARE(meant("x", {"h", "v"}), std::string("(none)")); // one edit from each
        QCOMPARE(meant("", kOptions), std::string("(none)"));
    }

    void didYouMean_startsAParenthesisOrSaysNothing()
    {
        QCOMPARE(didYouMean("metirc", kOptions), std::string("did you mean 'metric'? "));
        QCOMPARE(didYouMean("csv", kOptions), std::string());
        QCOMPARE(listOfNames({"db", "model", "out"}), std::string("db, model, out"));
        QCOMPARE(listOfNames({}), std::string());
    }
};

IOLENS_TEST_GUILESS_MAIN(TestClosestName)
#include "test_closest_name.moc"
