// SPDX-License-Identifier: GPL-3.0-or-later
// Encoding configurations by a schema built from training configurations: numeric factors in
// their modelling unit, categorical ones as the index of their sorted level, constant factors
// left out; a label the training data did not have is refused with the configuration it is in,
// wherever it stands among labels that repeat (encode compares the last label found first).
#include "common/error.hpp"
#include "data/feature_schema.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <string>

using namespace iolens::core;

namespace {

Configuration configurationOf(const std::string& scheduler, double requestKib, double readPct)
{
    Configuration c;
    c.scheduler = scheduler;
    setNumericValue(c, Factor::RequestBytes, requestKib);
    c.readPct = readPct;
    return c;
}

FeatureSchema schedulersSchema()
{
    return FeatureSchema::fromConfigurations({configurationOf("none", 4, 0),
        configurationOf("bfq", 16, 50), configurationOf("mq-deadline", 64, 100)});
}

} // namespace

class TestFeatureSchema : public QObject {
    Q_OBJECT
private slots:
    void encode_givesLevelIndicesAndModellingUnits()
    {
        const FeatureSchema schema = schedulersSchema();
        const std::vector<Configuration> asked {configurationOf("bfq", 8, 25),
            configurationOf("bfq", 8, 75), configurationOf("none", 32, 25),
            configurationOf("mq-deadline", 2, 0), configurationOf("mq-deadline", 2, 100),
            configurationOf("bfq", 1024, 50)};
        const Eigen::MatrixXd x = schema.encode(asked);
        QCOMPARE(x.rows(), Eigen::Index {6});
        const auto column = [&](const std::string& name) {
            for (std::size_t j = 0; j < schema.columns().size(); ++j)
                if (schema.columns()[j].name() == name)
                    return static_cast<Eigen::Index>(j);
            return Eigen::Index {-1};
        };
        const Eigen::Index scheduler = column("scheduler");
        QVERIFY(scheduler >= 0);
        // Levels sorted: bfq 0, mq-deadline 1, none 2.
        const std::vector<double> expected {0, 0, 2, 1, 1, 0};
        for (Eigen::Index i = 0; i < x.rows(); ++i)
            QCOMPARE(x(i, scheduler), expected[static_cast<std::size_t>(i)]);
        const Eigen::Index request = schema.numericColumn(Factor::RequestBytes);
        QCOMPARE(x(5, request), 1024.0); // KiB
        QCOMPARE(x(1, schema.numericColumn(Factor::ReadPct)), 75.0);
        QCOMPARE(schema.numericColumn(Factor::Threads), Eigen::Index {-1}); // constant: left out
    }

    void encode_refusesAnUntrainedLabelWhereverItStands_data()
    {
        QTest::addColumn<int>("at");
        QTest::newRow("first") << 0;
        QTest::newRow("after the same label") << 2;
        QTest::newRow("after another label") << 3;
    }

    void encode_refusesAnUntrainedLabelWhereverItStands()
    {
        QFETCH(int, at);
        std::vector<Configuration> asked {configurationOf("bfq", 4, 0),
            configurationOf("bfq", 8, 0), configurationOf("bfq", 16, 0),
            configurationOf("none", 16, 0), configurationOf("none", 16, 0)};
        asked[static_cast<std::size_t>(at)].scheduler = "kyber";
        try {
            (void)schedulersSchema().encode(asked);
            QFAIL("no DataError");
        } catch (const DataError& e) {
            const std::string message = e.what();
            const std::string where = "configuration " + std::to_string(at + 1) + ", scheduler";
            QVERIFY2(message.find(where) != std::string::npos, e.what());
            QVERIFY2(message.find("'kyber'") != std::string::npos, e.what());
            QVERIFY2(
                message.find("(trained on bfq, mq-deadline, none)") != std::string::npos, e.what());
        }
        // The same found without encoding, for a caller that knows where each row came from.
        const auto untrained = schedulersSchema().firstUntrainedLabel(asked);
        QVERIFY(untrained);
        QCOMPARE(untrained->first, static_cast<std::size_t>(at));
        QCOMPARE(untrained->second,
            std::string("scheduler 'kyber': the model was not trained on this value (trained on "
                        "bfq, mq-deadline, none)"));
        asked[static_cast<std::size_t>(at)].scheduler = "bfq";
        QVERIFY(!schedulersSchema().firstUntrainedLabel(asked));
    }
};

IOLENS_TEST_APPLESS_MAIN(TestFeatureSchema)
#include "test_feature_schema.moc"
