// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/configuration_codec.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;

class TestConfigurationCodec : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_keepsEveryFactor()
    {
        iolens::core::Configuration config;
        config.scheduler = "mq-deadline";
        config.filesetBytes = 3LL << 30;
        config.requestBytes = 24576;
        config.pattern = iolens::core::Pattern::Sequential;
        config.readPct = 33.5;
        config.threads = 12;
        config.vms = 3;
        const auto decoded = decodeConfiguration(encodeConfiguration(config));
        QVERIFY(decoded);
        QVERIFY(*decoded == config);
    }

    void decode_refusesAnythingElse()
    {
        QVERIFY(!decodeConfiguration(QString()));
        QVERIFY(!decodeConfiguration(QStringLiteral("not,a\nconfiguration,at all")));
        auto text = encodeConfiguration(iolens::core::Configuration {"none", 1, 1});
        QVERIFY(
            !decodeConfiguration(text.replace(QStringLiteral("random"), QStringLiteral("zigzag"))));
    }
};

IOLENS_TEST_MAIN(TestConfigurationCodec)
#include "test_configuration_codec.moc"
