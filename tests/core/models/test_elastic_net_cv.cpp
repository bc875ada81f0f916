// SPDX-License-Identifier: GPL-3.0-or-later
// cv.glmnet's lambda choice against scikit-learn: the same folds, each fold standardised on its
// own training rows (StandardScaler, 1/n sd, as glmnet), Lasso at every lambda of the path.
#include "common/error.hpp"
#include "data/dataset.hpp"
#include "models/elastic_net_cv.hpp"
#include "support/ensemble_test_data.hpp"
#include "support/sklearn_reference.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "validation/k_fold.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <random>

using namespace iolens::core;

namespace {

struct CvProblem {
    Eigen::MatrixXd x;
    Eigen::VectorXd y;
};

// The shared dataset on its main effects (log rt_read_ms of fio-local).
CvProblem sharedMainEffects()
{
    const Dataset data = iolens::test::gridDataset("local", Metric::RtReadMs);
    return {data.x, data.y};
}

// A sparse answer with noise large enough that the CV curve has an interior minimum.
CvProblem noisySparse()
{
    std::mt19937 rng(5);
    std::normal_distribution<double> normal(0.0, 1.0);
    CvProblem p {Eigen::MatrixXd(80, 12), Eigen::VectorXd(80)};
    for (Eigen::Index i = 0; i < p.x.rows(); ++i) {
        for (Eigen::Index j = 0; j < p.x.cols(); ++j)
            p.x(i, j) = normal(rng);
        p.y(i) = 1.0 + p.x(i, 0) - 0.5 * p.x(i, 5) + 1.5 * normal(rng);
    }
    return p;
}

// Per fold and lambda the held-out MSE of StandardScaler + Lasso trained on the other folds;
// then cv.glmnet's cvstats (fold-size weighted mean, its standard error) and lambda.min / 1se.
const char* kCvScript = R"PY(
import sys
import numpy as np
from sklearn.linear_model import Lasso
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
X, y = read_matrix(sys.argv[1])
fold = np.array([int(v) for v in open(sys.argv[2]).read().split()])
lambdas = [float.fromhex(v) for v in sys.argv[3].split(',')]
F = fold.max() + 1
mse = np.zeros((F, len(lambdas)))
size = np.array([np.sum(fold == f) for f in range(F)], dtype=float)
for f in range(F):
    train, test = fold != f, fold == f
    for l, lam in enumerate(lambdas):
        m = make_pipeline(StandardScaler(), Lasso(alpha=lam, tol=1e-14, max_iter=10**7))
        m.fit(X[train], y[train])
        mse[f, l] = np.mean((m.predict(X[test]) - y[test]) ** 2)
cvm = size @ mse / size.sum()
cvsd = np.sqrt(size @ (mse - cvm) ** 2 / size.sum() / (F - 1))
imin = int(np.argmin(cvm))
i1se = int(np.nonzero(cvm <= cvm[imin] + cvsd[imin])[0][0])
print(' '.join(repr(v) for v in cvm))
print(' '.join(repr(v) for v in cvsd))
print(imin, i1se)
)PY";

} // namespace

class TestElasticNetCv : public QObject {
    Q_OBJECT
private slots:
    void crossValidateLambda_equalsSklearnFolds_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("folds");
        QTest::newRow("noisy sparse, 10 folds") << "sparse" << 10;
        QTest::newRow("noisy sparse, 5 folds") << "sparse" << 5;
        QTest::newRow("shared main effects, 10 folds") << "shared" << 10;
    }
    void crossValidateLambda_equalsSklearnFolds()
    {
        QFETCH(QString, source);
        QFETCH(int, folds);
        const CvProblem p = source == "shared" ? sharedMainEffects() : noisySparse();
        ElasticNetOptions options;
        options.nlambda = 40;
        options.thresh = 1e-24;
        options.maxPasses = 10000000;
        const std::uint64_t seed = 3;
        const LambdaCrossValidation cv = crossValidateLambda(p.x, p.y, options, folds, seed);

        QTemporaryDir dir;
        const FoldAssignment assignment(p.x.rows(), folds, seed);
        std::vector<int> foldOf(static_cast<std::size_t>(p.x.rows()));
        for (int f = 0; f < folds; ++f)
            for (const Eigen::Index row : assignment.testRows(f))
                foldOf[static_cast<std::size_t>(row)] = f;
        std::string foldText, lambdaText;
        for (int f : foldOf)
            foldText += std::to_string(f) + "\n";
        for (double l : cv.path.lambdas)
            lambdaText += (lambdaText.empty() ? "" : ",") + iolens::test::hexNumber(l);
        const auto run = iolens::test::runPythonWithSklearn(
            QString(iolens::test::kReadMatrixPython) + kCvScript,
            {QString::fromStdString(
                 iolens::test::writeFile(dir.path(), "d.csv", iolens::test::numericCsv(p.x, &p.y))),
                QString::fromStdString(iolens::test::writeFile(dir.path(), "folds.txt", foldText)),
                QString::fromStdString(lambdaText)});
        IOLENS_REQUIRE_TOOL(run);
        QVERIFY2(run.exitCode == 0, qPrintable(run.errors));
        const auto rows = iolens::test::parseNumberLines(run.output);
        QCOMPARE(rows.size(), std::size_t(3));
        QCOMPARE(rows[0].size(), cv.cvm.size());
        for (std::size_t l = 0; l < cv.cvm.size(); ++l) {
            QVERIFY2(std::fabs(cv.cvm[l] - rows[0][l]) <= 1e-9 * rows[0][l],
                qPrintable(QStringLiteral("cvm[%1] %2 vs sklearn %3")
                               .arg(l)
                               .arg(cv.cvm[l], 0, 'g', 17)
                               .arg(rows[0][l], 0, 'g', 17)));
            QVERIFY2(std::fabs(cv.cvsd[l] - rows[1][l]) <= 1e-7 * rows[1][l] + 1e-15,
                qPrintable(QStringLiteral("cvsd[%1] %2 vs sklearn %3")
                               .arg(l)
                               .arg(cv.cvsd[l], 0, 'g', 17)
                               .arg(rows[1][l], 0, 'g', 17)));
        }
        QCOMPARE(double(cv.minimum), rows[2][0]);
        QCOMPARE(double(cv.oneStdError), rows[2][1]);
        // The 1se rule never picks a smaller lambda than the minimum.
        QVERIFY(cv.oneStdError <= cv.minimum);
        if (source == "sparse")
            QVERIFY(cv.minimum > 0 && cv.minimum + 1 < cv.cvm.size()); // an interior minimum
    }

    void crossValidateLambda_sameSeedSameResult()
    {
        const CvProblem p = noisySparse();
        const LambdaCrossValidation a = crossValidateLambda(p.x, p.y, {}, 10, 9);
        const LambdaCrossValidation b = crossValidateLambda(p.x, p.y, {}, 10, 9);
        QVERIFY(a.cvm == b.cvm);
        const LambdaCrossValidation c = crossValidateLambda(p.x, p.y, {}, 10, 10);
        QVERIFY(a.cvm != c.cvm); // other folds, other errors
    }

    void crossValidateLambda_rejectsTooFewFolds()
    {
        const CvProblem p = noisySparse();
        QVERIFY_THROWS_EXCEPTION(ConfigError, crossValidateLambda(p.x, p.y, {}, 2, 1));
        QVERIFY_THROWS_EXCEPTION(ConfigError, crossValidateLambda(p.x, p.y, {}, 81, 1));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestElasticNetCv)
#include "test_elastic_net_cv.moc"
