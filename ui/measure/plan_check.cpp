// SPDX-License-Identifier: GPL-3.0-or-later
#include "measure/plan_check.hpp"

#include "common/error.hpp"
#include "store/measurement_database.hpp"

#include <QFileInfo>
#include <QJsonDocument>

#include <exception>

namespace iolens::ui {

PlanCheck checkPlan(const QJsonObject& json, const QString& source, const QString& databasePath,
    const core::MeasureOptions& options)
{
    PlanCheck check;
    try {
        const QByteArray text = QJsonDocument(json).toJson(QJsonDocument::Compact);
        core::MeasurementPlan plan = core::parsePlan(
            std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
            source.toStdString());
        if (plan.target.directory.empty()) // the CLI's check, worded for the form
            throw core::ConfigError(
                source.toStdString() + ": field 'target.directory': choose a target directory");
        // A database that does not exist yet holds no runs; opening it must not create it.
        core::MeasurementDatabase db = !databasePath.isEmpty() && QFileInfo::exists(databasePath)
            ? core::MeasurementDatabase::open(databasePath.toStdString(), true)
            : core::MeasurementDatabase::inMemory();
        core::MeasureOptions quiet = options;
        quiet.progress = nullptr;
        const core::MeasurementSession session(plan, db, quiet);
        check.estimate = session.estimate();
        check.plan = std::move(plan);
    } catch (const std::exception& e) {
        check.error = QString::fromUtf8(e.what());
    }
    return check;
}

} // namespace iolens::ui
