// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "support/reference_tools.hpp"
#include "support/sklearn_reference.hpp"
#include "support/test_registry.hpp"
#include "validation/kernel_density.hpp"

#include <QTest>

#include <cmath>
#include <numbers>
#include <random>

using namespace iolens::core;

namespace {

// scipy.stats.gaussian_kde(samples, bw_method="silverman"): prints the bandwidth, then the
// density at each grid point given on the command line.
const char* kScipyScript = R"(
import sys
import numpy as np
from scipy.stats import gaussian_kde
samples = [float(v) for v in sys.argv[1].split(',')]
grid = [float(v) for v in sys.argv[2].split(',')]
kde = gaussian_kde(samples, bw_method='silverman')
print(repr(float(np.sqrt(kde.covariance[0, 0]))))
print(' '.join(repr(float(v)) for v in kde(grid)))
)";

QString joined(const std::vector<double>& values)
{
    QStringList parts;
    for (double v : values)
        parts << QString::number(v, 'g', 17);
    return parts.join(QLatin1Char(','));
}

} // namespace

class TestKernelDensity : public QObject {
    Q_OBJECT
private slots:
    void twoSamples_matchHandComputation()
    {
        // s = {0.2, 0.6}: sd = 0.2 sqrt(2), h = sd (3 * 2 / 4)^(-1/5) = 0.260811502877798;
        // f(0.4) = 2 phi(0.2 / h) / (2 h) = phi(0.76684) / h = 1.13996670397445 (scipy agrees).
        const std::vector<double> samples {0.2, 0.6};
        const double h = silvermanBandwidth(samples);
        QVERIFY(std::fabs(h - 0.26081150287779775) < 1e-14);
        const double z = 0.2 / h;
        const double byHand = std::exp(-0.5 * z * z) / std::sqrt(2.0 * std::numbers::pi) / h;
        QVERIFY(std::fabs(gaussianDensityAt(samples, h, 0.4) - byHand) < 1e-14);
        QVERIFY(std::fabs(byHand - 1.1399667039744563) < 1e-12);
    }

    void density_integratesToOneAwayFromTheEnds()
    {
        const std::vector<double> samples {0.45, 0.5, 0.52, 0.55, 0.6};
        const KernelDensity kde = estimateKernelDensity(samples, -1.0, 2.0, 3001);
        double area = 0.0;
        for (std::size_t i = 1; i < kde.grid.size(); ++i)
            area += 0.5 * (kde.density[i] + kde.density[i - 1]) * (kde.grid[i] - kde.grid[i - 1]);
        QVERIFY2(std::fabs(area - 1.0) < 1e-6, qPrintable(QString::number(area, 'g', 17)));
        QCOMPARE(kde.grid.front(), -1.0);
        QCOMPARE(kde.grid.back(), 2.0);
    }

    void degenerateSamples_getTheFallbackBandwidth()
    {
        QCOMPARE(silvermanBandwidth({0.7}), kDegenerateBandwidth);
        QCOMPARE(silvermanBandwidth({0.0, 0.0, 0.0}), kDegenerateBandwidth);
        // All mass at 0: the peak is phi(0) / h.
        const KernelDensity kde = estimateKernelDensity({0.0, 0.0}, 0.0, 1.0, 11);
        QVERIFY(
            std::fabs(kde.density[0] - 1.0 / (std::sqrt(2.0 * std::numbers::pi) * 0.02)) < 1e-9);
    }

    void badInput_throws()
    {
        QVERIFY_THROWS_EXCEPTION(DataError, silvermanBandwidth({}));
        QVERIFY_THROWS_EXCEPTION(DataError, silvermanBandwidth({0.1, std::nan("")}));
        QVERIFY_THROWS_EXCEPTION(ConfigError, estimateKernelDensity({0.1, 0.2}, 1.0, 0.0, 10));
        QVERIFY_THROWS_EXCEPTION(ConfigError, estimateKernelDensity({0.1, 0.2}, 0.0, 1.0, 1));
    }

    void randomSamples_matchScipyGaussianKde()
    {
        std::mt19937 rng(7);
        std::gamma_distribution<double> gamma(4.0, 0.05);
        std::vector<double> samples;
        for (int i = 0; i < 37; ++i)
            samples.push_back(std::min(1.0, 0.4 + gamma(rng)));
        const KernelDensity kde = estimateKernelDensity(samples, 0.0, 1.0, 21);

        const auto run = iolens::test::runPythonWithSklearn(
            QString::fromLatin1(kScipyScript), {joined(samples), joined(kde.grid)});
        IOLENS_REQUIRE_TOOL(run);
        QVERIFY2(run.exitCode == 0, qPrintable(run.errors));
        const auto rows = iolens::test::parseNumberLines(run.output);
        QCOMPARE(rows.size(), std::size_t(2));
        QVERIFY(std::fabs(kde.bandwidth - rows[0][0]) < 1e-12 * rows[0][0]);
        QCOMPARE(rows[1].size(), kde.grid.size());
        for (std::size_t i = 0; i < kde.grid.size(); ++i)
            QVERIFY2(std::fabs(kde.density[i] - rows[1][i]) < 1e-10 * (1.0 + rows[1][i]),
                qPrintable(QStringLiteral("x = %1: %2 vs scipy %3")
                               .arg(kde.grid[i])
                               .arg(kde.density[i], 0, 'g', 17)
                               .arg(rows[1][i], 0, 'g', 17)));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestKernelDensity)
#include "test_kernel_density.moc"
