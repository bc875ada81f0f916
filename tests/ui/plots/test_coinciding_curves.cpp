// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/coinciding_curves.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <limits>

using namespace iolens::ui;

class TestCoincidingCurves : public QObject {
    Q_OBJECT
private slots:
    void namesTheFirstEarlierCurveWithTheSameValues()
    {
        const double gap = std::numeric_limits<double>::quiet_NaN();
        const std::vector<double> a {0.1, 0.2, gap}, b {0.1, 0.2, gap}, c {0.1, 0.3, gap},
            d {0.1, 0.2, gap}, shorter {0.1, 0.2}, empty;
        const std::vector<int> earlier
            = coincidingCurves({&a, &b, &c, &d, &shorter, &empty, &empty});
        // b and d lie on a (a gap matches a gap); c differs in one value, `shorter` in length;
        // empty curves draw nothing, so they hide nothing.
        QCOMPARE(earlier, (std::vector<int> {-1, 0, -1, 0, -1, -1, -1}));
    }

    void aGapDoesNotMatchAValue()
    {
        const double gap = std::numeric_limits<double>::quiet_NaN();
        const std::vector<double> a {1.0, gap}, b {1.0, 2.0};
        QCOMPARE(coincidingCurves({&a, &b}), (std::vector<int> {-1, -1}));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestCoincidingCurves)
#include "test_coinciding_curves.moc"
