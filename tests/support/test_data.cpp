// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/test_data.hpp"

#include <QDir>
#include <QFile>

namespace iolens::test {

std::string sourcePath(const std::string& relative)
{
    return std::string(IOLENS_SOURCE_DIR) + "/" + relative;
}

std::string tieredCsvPath() { return sourcePath("resources/data/fio-tiered-grid.csv"); }
std::string localCsvPath() { return sourcePath("resources/data/fio-local-grid.csv"); }

std::string writeFile(const QString& directory, const QString& name, const std::string& content)
{
    const QString path = QDir(directory).filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write test file %s", qPrintable(path));
    file.write(content.data(), static_cast<qint64>(content.size()));
    return path.toStdString();
}

} // namespace iolens::test
