// SPDX-License-Identifier: GPL-3.0-or-later
#include "profiler/profile_plot.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;
using iolens::core::Factor;

namespace {

/// A one-curve profile of a count sweep over `counts`.
iolens::core::Profile countProfile(const std::vector<double>& counts)
{
    iolens::core::Profile profile;
    profile.grid.factor = Factor::Threads;
    profile.grid.spacing = iolens::core::SweepSpacing::Integer;
    profile.grid.x = counts;
    profile.points.resize(counts.size());
    profile.y = {std::vector<double>(counts.size(), 1.0)};
    profile.current = counts.front();
    return profile;
}

QCPAxis::ScaleType xScaleFor(const std::vector<double>& counts)
{
    const iolens::core::Profile profile = countProfile(counts);
    const iolens::core::SpreadBand band;
    const std::vector<iolens::core::FarStretch> far;
    ProfileDrawing drawing;
    drawing.profile = &profile;
    drawing.band = &band;
    drawing.far = &far;
    drawing.colors = {Qt::blue};
    drawing.labels = {QStringLiteral("auto")};
    ProfilePlot plot(Factor::Threads);
    plot.show(drawing, QStringLiteral("Read response time (ms)"));
    return plot.xAxis->scaleType();
}

} // namespace

class TestProfilePlot : public QObject {
    Q_OBJECT
private slots:
    // Thread counts measured in doublings crowd into the left tenth of a linear axis.
    void countAxis_isLogarithmicOverFourDoublingsOrMore()
    {
        QCOMPARE(xScaleFor({1, 2, 4, 8, 16, 32, 64, 128}), QCPAxis::stLogarithmic);
        QCOMPARE(xScaleFor({1, 2, 4, 8, 16}), QCPAxis::stLogarithmic);
        // The VM count 1..8: every whole number, on a linear axis.
        QCOMPARE(xScaleFor({1, 2, 3, 4, 5, 6, 7, 8}), QCPAxis::stLinear);
    }
};

IOLENS_TEST_MAIN(TestProfilePlot)
#include "test_profile_plot.moc"
