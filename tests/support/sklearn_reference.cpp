// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/sklearn_reference.hpp"

#include "support/reference_cache.hpp"

#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryFile>

namespace iolens::test {

namespace {

bool importsSklearn(const QString& python)
{
    QProcess process;
    process.start(python, {QStringLiteral("-c"), QStringLiteral("import sklearn")});
    return process.waitForFinished(60000) && process.exitStatus() == QProcess::NormalExit
        && process.exitCode() == 0;
}

// Found once per test executable: probing an interpreter takes a second.
QString sklearnPython()
{
    static const QString found = [] {
        QStringList candidates {QStandardPaths::findExecutable(QStringLiteral("python3")),
            QStringLiteral("/usr/bin/python3")};
        for (const QString& candidate : candidates)
            if (!candidate.isEmpty() && QFileInfo(candidate).isExecutable()
                && importsSklearn(candidate))
                return candidate;
        return QString();
    }();
    return found;
}

} // namespace

const char* const kReadMatrixPython = R"PY(
import numpy as np
def read_matrix(path):
    with open(path) as f:
        header = f.readline().strip().split(',')
        rows = [[float.fromhex(v) for v in line.strip().split(',')] for line in f if line.strip()]
    data = np.array(rows, dtype=float).reshape(len(rows), len(header))
    if header[-1] == 'y':
        return data[:, :-1], data[:, -1]
    return data, None
)PY";

ToolRun runPythonWithSklearn(const QString& script, const QStringList& arguments)
{
    const ReferenceQuery query {QStringLiteral("python3 with sklearn"), script, arguments};
    if (auto cached = cachedReferenceRun(referenceCacheDir(), query))
        return *cached;
    ToolRun run;
    const QString python = sklearnPython();
    if (python.isEmpty()) {
        run.reason = QStringLiteral("python3 with scikit-learn (python3-sklearn) is not installed");
        return run;
    }
    QTemporaryFile file;
    if (!file.open()) {
        run.reason = QStringLiteral("cannot write a temporary script");
        return run;
    }
    file.write(script.toUtf8());
    file.flush();
    QProcess process;
    process.start(python, QStringList {file.fileName()} + arguments);
    run.available = true;
    if (!process.waitForFinished(600000)) {
        run.errors = QStringLiteral("timed out or failed to start");
        return run;
    }
    run.exitCode = process.exitCode();
    run.output = QString::fromUtf8(process.readAllStandardOutput());
    run.errors = QString::fromUtf8(process.readAllStandardError());
    storeReferenceRun(referenceCacheDir(), query, run);
    return run;
}

std::vector<std::vector<double>> parseNumberLines(const QString& output)
{
    std::vector<std::vector<double>> rows;
    for (const QString& line : output.split('\n', Qt::SkipEmptyParts)) {
        if (line.startsWith('#'))
            continue;
        std::vector<double> row;
        for (const QString& field :
            line.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts))
            row.push_back(field.toDouble());
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace iolens::test
