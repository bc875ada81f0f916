// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/counted_noun.hpp"

#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

class TestCountedNoun : public QObject {
    Q_OBJECT
private slots:
    void singularForOne_pluralOtherwise()
    {
        QCOMPARE(countedNoun(1, "rule"), std::string("1 rule"));
        QCOMPARE(countedNoun(0, "rule"), std::string("0 rules"));
        QCOMPARE(countedNoun(3, "selected term"), std::string("3 selected terms"));
        QCOMPARE(countedNoun(2, "leaf", "leaves"), std::string("2 leaves"));
        QCOMPARE(countedNoun(1, "leaf", "leaves"), std::string("1 leaf"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestCountedNoun)
#include "test_counted_noun.moc"
