// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/feature_filter.hpp"
#include "support/ensemble_test_data.hpp"
#include "support/sklearn_reference.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <random>

using namespace iolens::core;

Q_DECLARE_METATYPE(std::vector<double>)
Q_DECLARE_METATYPE(std::vector<Eigen::Index>)

namespace {

// 60 rows, 6 columns on different scales; y depends on columns 1 and 4 only.
void relevantColumns(Eigen::MatrixXd& x, Eigen::VectorXd& y)
{
    std::mt19937 rng(21);
    std::normal_distribution<double> normal(0.0, 1.0);
    x.resize(60, 6);
    y.resize(60);
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        for (Eigen::Index j = 0; j < x.cols(); ++j)
            x(i, j) = 10.0 * double(j) + std::pow(10.0, double(j % 3)) * normal(rng);
        y(i) = 4.0 + 0.8 * x(i, 1) - 0.05 * x(i, 4) + 0.3 * normal(rng);
    }
}

// Ridge on StandardScaler columns at glmnet's lambda mapped to Ridge's alpha = n lambda / sd(y)
// (ALGORITHMS.md 7.2): the standardised coefficients, whose magnitudes are the importances.
const char* kRidgeScript = R"PY(
import sys
from sklearn.linear_model import Ridge
from sklearn.preprocessing import StandardScaler
X, y = read_matrix(sys.argv[1])
lam = float.fromhex(sys.argv[2])
m = Ridge(alpha=X.shape[0] * lam / y.std(), solver='cholesky').fit(StandardScaler().fit_transform(X), y)
print(' '.join(repr(abs(c)) for c in m.coef_))
)PY";

} // namespace

class TestFeatureFilter : public QObject {
    Q_OBJECT
private slots:
    void selectFeatures_keepsAtOrAboveAlphaTimesMedian_data()
    {
        QTest::addColumn<std::vector<double>>("importance");
        QTest::addColumn<double>("alpha");
        QTest::addColumn<std::vector<Eigen::Index>>("kept");
        // Median of {0, 1, 2, 3, 10} is 2.
        const std::vector<double> odd {3, 0, 10, 1, 2};
        QTest::newRow("alpha 0 keeps every used feature")
            << odd << 0.0 << std::vector<Eigen::Index> {0, 2, 3, 4};
        QTest::newRow("alpha 1: >= median") << odd << 1.0 << std::vector<Eigen::Index> {0, 2, 4};
        QTest::newRow("alpha 1.5: >= 3") << odd << 1.5 << std::vector<Eigen::Index> {0, 2};
        QTest::newRow("alpha 6: none") << odd << 6.0 << std::vector<Eigen::Index> {};
        // Median of {1, 2, 4, 8} is 3: the mean of the middle two.
        const std::vector<double> even {8, 1, 4, 2};
        QTest::newRow("even count") << even << 1.0 << std::vector<Eigen::Index> {0, 2};
        // A tree uses few features: the median is 0, and unused ones never pass.
        const std::vector<double> sparse {0, 0, 5, 0, 0};
        QTest::newRow("median 0") << sparse << 1.0 << std::vector<Eigen::Index> {2};
    }
    void selectFeatures_keepsAtOrAboveAlphaTimesMedian()
    {
        QFETCH(std::vector<double>, importance);
        QFETCH(double, alpha);
        QFETCH(std::vector<Eigen::Index>, kept);
        const Eigen::VectorXd c
            = Eigen::Map<const Eigen::VectorXd>(importance.data(), Eigen::Index(importance.size()));
        QCOMPARE(selectFeatures(c, alpha), kept);
    }

    // A perfect split on column 0 removes the whole root deviance (40 rows at 0 and 10: 40 x 25 =
    // 1000); column 1, a shuffled copy of the row index, is never used.
    void treeImportance_isTheDevianceRemoved()
    {
        Eigen::MatrixXd x(40, 2);
        Eigen::VectorXd y(40);
        for (int i = 0; i < 40; ++i) {
            x(i, 0) = i;
            x(i, 1) = (i * 7) % 40;
            y(i) = i >= 20 ? 10.0 : 0.0;
        }
        const Eigen::VectorXd importance = treeImportance(x, y);
        QCOMPARE(importance(0), 1000.0);
        QCOMPARE(importance(1), 0.0);
    }

    void forestImportance_ranksTheRelevantColumnsFirst()
    {
        Eigen::MatrixXd x;
        Eigen::VectorXd y;
        relevantColumns(x, y);
        const Eigen::VectorXd importance = forestImportance(x, y, 3);
        for (Eigen::Index j : {0, 2, 3, 5})
            QVERIFY(importance(1) > importance(j));
        QVERIFY(iolens::test::identical(importance, forestImportance(x, y, 3))); // seeded
    }

    void ridgeImportance_equalsSklearnRidgeCoefficients()
    {
        Eigen::MatrixXd x;
        Eigen::VectorXd y;
        relevantColumns(x, y);
        ElasticNetOptions options;
        options.thresh = 1e-26;
        options.maxPasses = 10000000;
        const Eigen::VectorXd importance = ridgeImportance(x, y, options, 10, 2);
        options.alpha = 0.0;
        const LambdaCrossValidation cv = crossValidateLambda(x, y, options, 10, 2);
        const double lambda = cv.path.lambdas[cv.minimum];

        QTemporaryDir dir;
        const auto run = iolens::test::runPythonWithSklearn(
            QString(iolens::test::kReadMatrixPython) + kRidgeScript,
            {QString::fromStdString(
                 iolens::test::writeFile(dir.path(), "d.csv", iolens::test::numericCsv(x, &y))),
                QString::fromStdString(iolens::test::hexNumber(lambda))});
        IOLENS_REQUIRE_TOOL(run);
        QVERIFY2(run.exitCode == 0, qPrintable(run.errors));
        const auto rows = iolens::test::parseNumberLines(run.output);
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(rows[0].size(), std::size_t(x.cols()));
        const double largest = importance.maxCoeff();
        for (Eigen::Index j = 0; j < x.cols(); ++j)
            QVERIFY2(std::fabs(importance(j) - rows[0][std::size_t(j)]) < 1e-9 * largest,
                qPrintable(QStringLiteral("column %1: %2 vs sklearn %3")
                               .arg(j)
                               .arg(importance(j), 0, 'g', 17)
                               .arg(rows[0][std::size_t(j)], 0, 'g', 17)));
        // The relevant columns have the largest standardised coefficients.
        QCOMPARE(selectFeatures(importance, 2.0), (std::vector<Eigen::Index> {1, 4}));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestFeatureFilter)
#include "test_feature_filter.moc"
