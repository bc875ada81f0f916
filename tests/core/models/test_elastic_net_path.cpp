// SPDX-License-Identifier: GPL-3.0-or-later
// The glmnet-style coordinate descent against scikit-learn (ALGORITHMS.md 7.2 maps the
// objectives) and against closed forms on an orthogonal design.
#include "common/error.hpp"
#include "data/dataset.hpp"
#include "data/measurement_csv.hpp"
#include "models/elastic_net_path.hpp"
#include "models/interaction_design.hpp"
#include "support/ensemble_test_data.hpp"
#include "support/sklearn_reference.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <random>

using namespace iolens::core;

namespace {

struct Problem {
    Eigen::MatrixXd x;
    Eigen::VectorXd y;
};

// The shared dataset as the regularised models see it: log(rt_read_ms) on the degree-2 design
// of fio-local (without the intercept column).
Problem sharedProblem()
{
    Dataset data = buildDataset(
        aggregateRepetitions(readMeasurementsCsv(iolens::test::localCsvPath())), Metric::RtReadMs);
    const Eigen::MatrixXd design = InteractionDesign(data.schema, 2).expand(data.x);
    return {design.rightCols(design.cols() - 1), data.y.array().log()};
}

// A known sparse answer: 10 predictors on different scales, y = 3 + 2 x0 - 1.5 x3 + 0.25 x7 +
// noise; the other seven have no effect.
Problem sparseProblem()
{
    std::mt19937 rng(11);
    std::normal_distribution<double> normal(0.0, 1.0);
    Problem p {Eigen::MatrixXd(120, 10), Eigen::VectorXd(120)};
    for (Eigen::Index i = 0; i < p.x.rows(); ++i) {
        for (Eigen::Index j = 0; j < p.x.cols(); ++j)
            p.x(i, j) = normal(rng) * double(j + 1) + double(j);
        p.y(i) = 3.0 + 2.0 * p.x(i, 0) - 1.5 * p.x(i, 3) + 0.25 * p.x(i, 7) + 0.1 * normal(rng);
    }
    return p;
}

Problem problemNamed(const QString& name)
{
    return name == "shared" ? sharedProblem() : sparseProblem();
}

// sklearn on x standardised with the 1/n sd (glmnet's): Lasso / ElasticNet / Ridge with the
// objective mapped from glmnet's (lambda, alpha), coefficients returned on the original scale.
const char* kFitScript = R"PY(
import sys
from sklearn.linear_model import ElasticNet, Lasso, Ridge
X, y = read_matrix(sys.argv[1])
n = X.shape[0]
mu, sd = X.mean(axis=0), X.std(axis=0)
sd[sd == 0] = 1.0
Xs = (X - mu) / sd
sy = y.std()
for spec in sys.argv[2:]:
    lam, alpha = (float.fromhex(v) for v in spec.split(':'))
    if alpha == 1.0:
        m = Lasso(alpha=lam, tol=1e-15, max_iter=10**7)
    elif alpha == 0.0:
        # glmnet's ridge weight is lambda/sd(y) (ALGORITHMS.md 7.1); Ridge has no 1/(2n).
        m = Ridge(alpha=n * lam / sy, solver='cholesky')
    else:
        total = lam * alpha + lam * (1 - alpha) / sy
        m = ElasticNet(alpha=total, l1_ratio=lam * alpha / total, tol=1e-15, max_iter=10**7)
    m.fit(Xs, y)
    beta = m.coef_ / sd
    print(repr(m.intercept_ - beta @ mu), ' '.join(repr(b) for b in beta))
)PY";

// sklearn's own lambda grid (LassoCV / ElasticNetCV alphas_) and the lasso path on it.
const char* kPathScript = R"PY(
import sys
import numpy as np
from sklearn.linear_model import ElasticNetCV, enet_path
X, y = read_matrix(sys.argv[1])
n_alphas, eps, l1 = int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
mu, sd = X.mean(axis=0), X.std(axis=0)
Xs = (X - mu) / sd
cv = ElasticNetCV(l1_ratio=l1, n_alphas=n_alphas, eps=eps, cv=3, max_iter=10).fit(Xs, y)
print(' '.join(repr(a) for a in cv.alphas_))
alphas, coefs, _ = enet_path(Xs, y - y.mean(), l1_ratio=l1, alphas=cv.alphas_, tol=1e-15,
                             max_iter=10**7)
for k in range(len(alphas)):
    print(' '.join(repr(c) for c in coefs[:, k] / sd))
)PY";

ElasticNetOptions tightOptions(double alpha)
{
    ElasticNetOptions options;
    options.alpha = alpha;
    options.thresh = 1e-26;
    options.maxPasses = 5000000;
    return options;
}

// Largest difference of two slope vectors on the standardised scale, relative to the largest
// standardised coefficient.
double relativeSlopeError(
    const Eigen::VectorXd& actual, const Eigen::VectorXd& expected, const Eigen::VectorXd& scale)
{
    const Eigen::VectorXd a = actual.cwiseProduct(scale), e = expected.cwiseProduct(scale);
    return (a - e).cwiseAbs().maxCoeff() / std::max(e.cwiseAbs().maxCoeff(), 1e-300);
}

} // namespace

class TestElasticNetPath : public QObject {
    Q_OBJECT
private slots:
    void fit_equalsSklearn_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<double>("alpha");
        for (const char* source : {"sparse", "shared"}) {
            QTest::addRow("%s lasso", source) << QString(source) << 1.0;
            QTest::addRow("%s enet 0.5", source) << QString(source) << 0.5;
            QTest::addRow("%s enet 0.2", source) << QString(source) << 0.2;
            QTest::addRow("%s ridge", source) << QString(source) << 0.0;
        }
    }
    void fit_equalsSklearn()
    {
        QFETCH(QString, source);
        QFETCH(double, alpha);
        const Problem p = problemNamed(source);
        const ElasticNetProblem problem(p.x, p.y);
        // Fractions of the lasso lambda_max: the same absolute lambdas for every alpha.
        const std::vector<double> fractions {0.5, 0.1, 0.01};
        QStringList specs;
        for (double f : fractions)
            specs << QString::fromStdString(iolens::test::hexNumber(f * problem.lambdaMax(1.0))
                + ":" + iolens::test::hexNumber(alpha));
        QTemporaryDir dir;
        const std::string csv
            = iolens::test::writeFile(dir.path(), "d.csv", iolens::test::numericCsv(p.x, &p.y));
        const auto run = iolens::test::runPythonWithSklearn(
            QString(iolens::test::kReadMatrixPython) + kFitScript,
            QStringList {QString::fromStdString(csv)} + specs);
        IOLENS_REQUIRE_TOOL(run);
        QVERIFY2(run.exitCode == 0, qPrintable(run.errors));
        const auto rows = iolens::test::parseNumberLines(run.output);
        QCOMPARE(rows.size(), fractions.size());
        for (std::size_t k = 0; k < fractions.size(); ++k) {
            const ElasticNetPath fit
                = problem.fitAtLambda(fractions[k] * problem.lambdaMax(1.0), tightOptions(alpha));
            QVERIFY(fit.converged);
            const Eigen::VectorXd expected
                = Eigen::Map<const Eigen::VectorXd>(rows[k].data() + 1, p.x.cols());
            const Eigen::VectorXd actual = fit.slopes.rightCols(1);
            const double error = relativeSlopeError(actual, expected, problem.xScale());
            QVERIFY2(error < 1e-8,
                qPrintable(QStringLiteral("lambda %1 x lambda_max: relative "
                                          "slope error %2")
                               .arg(fractions[k])
                               .arg(error)));
            const double intercept = fit.intercepts(fit.intercepts.size() - 1);
            QVERIFY2(std::fabs(intercept - rows[k][0]) < 1e-8 * (1.0 + std::fabs(rows[k][0])),
                qPrintable(QStringLiteral("intercept %1 vs sklearn %2")
                               .arg(intercept, 0, 'g', 17)
                               .arg(rows[k][0], 0, 'g', 17)));
        }
    }

    void path_equalsSklearnGridAndPath_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<double>("alpha");
        QTest::newRow("sparse lasso") << "sparse" << 1.0;
        QTest::newRow("sparse enet") << "sparse" << 0.5;
        QTest::newRow("shared lasso") << "shared" << 1.0;
    }
    void path_equalsSklearnGridAndPath()
    {
        QFETCH(QString, source);
        QFETCH(double, alpha);
        const Problem p = problemNamed(source);
        const ElasticNetProblem problem(p.x, p.y);
        const int nlambda = 30;
        const double ratio = 1e-3;
        QTemporaryDir dir;
        const std::string csv
            = iolens::test::writeFile(dir.path(), "d.csv", iolens::test::numericCsv(p.x, &p.y));
        const auto run = iolens::test::runPythonWithSklearn(
            QString(iolens::test::kReadMatrixPython) + kPathScript,
            {QString::fromStdString(csv), QString::number(nlambda), QString::number(ratio),
                QString::number(alpha)});
        IOLENS_REQUIRE_TOOL(run);
        QVERIFY2(run.exitCode == 0, qPrintable(run.errors));
        const auto rows = iolens::test::parseNumberLines(run.output);
        QCOMPARE(rows.size(), std::size_t(nlambda + 1));

        // The grid: sklearn's alpha_max = max|X~'(y - ybar)| / (n l1_ratio) is glmnet's lambda_max
        // for alpha > 0 (glmnet's y standardisation cancels in the L1 part).
        const std::vector<double> lambdas
            = lambdaSequence(problem.lambdaMax(alpha), nlambda, ratio);
        for (int k = 0; k < nlambda; ++k)
            QVERIFY2(std::fabs(lambdas[std::size_t(k)] - rows[0][std::size_t(k)])
                    <= 1e-12 * rows[0][std::size_t(k)],
                qPrintable(QStringLiteral("lambda %1: %2 vs sklearn %3")
                               .arg(k)
                               .arg(lambdas[std::size_t(k)], 0, 'g', 17)
                               .arg(rows[0][std::size_t(k)], 0, 'g', 17)));
        // sklearn's path has the plain L2 weight; for alpha < 1 it matches glmnet's only when
        // sd(y) = 1, so compare the path coefficients for the lasso only.
        if (alpha < 1.0)
            return;
        const ElasticNetPath path = problem.fitAt(lambdas, tightOptions(alpha));
        for (int k = 0; k < nlambda; ++k) {
            const Eigen::VectorXd expected
                = Eigen::Map<const Eigen::VectorXd>(rows[std::size_t(k) + 1].data(), p.x.cols());
            const double error = relativeSlopeError(path.slopes.col(k), expected, problem.xScale());
            // At lambda_max every slope is 0 in both: compare absolutely there.
            QVERIFY2(k == 0 ? path.slopes.col(0).isZero() && expected.isZero() : error < 1e-8,
                qPrintable(QStringLiteral("path point %1: relative error %2").arg(k).arg(error)));
        }
    }

    // Orthogonal columns with mean 0 and 1/n sd 1: the lasso is the soft-thresholded least
    // squares coefficient, the elastic net additionally divides by 1 + lambda (1 - alpha) / sd(y)
    // (glmnet's ridge part is scaled by 1/sd(y), ALGORITHMS.md 7.1).
    void fit_orthogonalDesignHasClosedForm_data()
    {
        QTest::addColumn<double>("alpha");
        QTest::addColumn<double>("lambda");
        QTest::newRow("lasso 0.5") << 1.0 << 0.5;
        QTest::newRow("lasso 1.2") << 1.0 << 1.2;
        QTest::newRow("enet 0.5 at 0.5") << 0.5 << 0.5;
        QTest::newRow("ridge 2") << 0.0 << 2.0;
    }
    void fit_orthogonalDesignHasClosedForm()
    {
        QFETCH(double, alpha);
        QFETCH(double, lambda);
        Eigen::MatrixXd x(8, 3);
        x << 1, 1, 1, 1, 1, -1, 1, -1, 1, 1, -1, -1, -1, 1, 1, -1, 1, -1, -1, -1, 1, -1, -1, -1;
        const Eigen::Vector3d truth(3.0, 1.0, 0.2);
        const Eigen::VectorXd y = (x * truth).array() + 5.0;
        const double sdY = std::sqrt(truth.squaredNorm()); // columns orthonormal under 1/n
        const ElasticNetPath fit = ElasticNetProblem(x, y).fitAtLambda(lambda, tightOptions(alpha));
        for (int j = 0; j < 3; ++j) {
            const double soft
                = std::copysign(std::max(std::fabs(truth(j)) - lambda * alpha, 0.0), truth(j));
            const double expected = soft / (1.0 + lambda * (1.0 - alpha) / sdY);
            QVERIFY2(std::fabs(fit.slopes(j, fit.slopes.cols() - 1) - expected) < 1e-12,
                qPrintable(QStringLiteral("slope %1: %2, expected %3")
                               .arg(j)
                               .arg(fit.slopes(j, fit.slopes.cols() - 1))
                               .arg(expected)));
        }
        QCOMPARE(fit.intercepts(fit.intercepts.size() - 1), 5.0);
    }

    void fit_atOrAboveLambdaMaxHasZeroSlopes()
    {
        const Problem p = sparseProblem();
        const ElasticNetProblem problem(p.x, p.y);
        for (double alpha : {1.0, 0.5}) {
            const double lambdaMax = problem.lambdaMax(alpha);
            const ElasticNetPath at
                = problem.fitAt({lambdaMax, 2.0 * lambdaMax}, tightOptions(alpha));
            QVERIFY(at.slopes.isZero(0.0));
            QCOMPARE(at.intercepts(0), p.y.mean());
            const ElasticNetPath below = problem.fitAt({0.99 * lambdaMax}, tightOptions(alpha));
            QVERIFY((below.slopes.col(0).array() != 0.0).count() >= 1);
        }
    }

    void fit_constantPredictorGetsZeroAndChangesNothing()
    {
        const Problem p = sparseProblem();
        Eigen::MatrixXd withConstant(p.x.rows(), p.x.cols() + 1);
        withConstant << p.x.leftCols(4), Eigen::VectorXd::Constant(p.x.rows(), 7.5),
            p.x.rightCols(6);
        const ElasticNetProblem plain(p.x, p.y), padded(withConstant, p.y);
        QCOMPARE(padded.lambdaMax(1.0), plain.lambdaMax(1.0));
        const double lambda = 0.05 * plain.lambdaMax(1.0);
        const ElasticNetPath a = plain.fitAtLambda(lambda, tightOptions(0.7));
        const ElasticNetPath b = padded.fitAtLambda(lambda, tightOptions(0.7));
        QCOMPARE(b.slopes(4, b.slopes.cols() - 1), 0.0);
        Eigen::VectorXd without(10);
        without << b.slopes.col(b.slopes.cols() - 1).head(4),
            b.slopes.col(b.slopes.cols() - 1).tail(6);
        QVERIFY((without - a.slopes.col(a.slopes.cols() - 1)).cwiseAbs().maxCoeff() < 1e-12);
    }

    void fit_constantResponseGivesTheMean()
    {
        const Problem p = sparseProblem();
        const ElasticNetProblem problem(p.x, Eigen::VectorXd::Constant(p.x.rows(), 4.25));
        QVERIFY(problem.constantResponse());
        const ElasticNetPath path = problem.fitPath({});
        QVERIFY(path.slopes.isZero(0.0));
        QCOMPARE(path.intercepts(0), 4.25);
    }

    void fitPath_followsGlmnetsSequenceAndStopsEarly()
    {
        const Problem p = sparseProblem();
        const ElasticNetProblem problem(p.x, p.y);
        ElasticNetOptions options;
        options.nlambda = 100;
        const ElasticNetPath path = problem.fitPath(options);
        // glmnet's sequence: lambda_max r^(k/99), r = 1e-4 as n >= p; the first fit is all zero.
        const std::vector<double> full = lambdaSequence(problem.lambdaMax(1.0), 100, 1e-4);
        QVERIFY(path.lambdas.size() >= 5);
        for (std::size_t k = 0; k < path.lambdas.size(); ++k)
            QCOMPARE(path.lambdas[k], full[k]);
        QVERIFY(path.slopes.col(0).isZero(0.0));
        // The noise is small, so the explained variance passes 0.999 and the path stops there.
        QVERIFY(path.lambdas.size() < 100);
        QVERIFY(path.devianceRatio.back() > 0.999);
        QVERIFY(path.devianceRatio[path.devianceRatio.size() - 2] <= 0.999);
    }

    void problem_rejectsBadInput()
    {
        QVERIFY_THROWS_EXCEPTION(
            DataError, ElasticNetProblem(Eigen::MatrixXd::Zero(3, 2), Eigen::VectorXd::Zero(4)));
        QVERIFY_THROWS_EXCEPTION(
            DataError, ElasticNetProblem(Eigen::MatrixXd::Zero(1, 2), Eigen::VectorXd::Zero(1)));
        Eigen::MatrixXd x = Eigen::MatrixXd::Ones(3, 1);
        x(1, 0) = std::nan("");
        QVERIFY_THROWS_EXCEPTION(DataError, ElasticNetProblem(x, Eigen::VectorXd::Zero(3)));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestElasticNetPath)
#include "test_elastic_net_path.moc"
