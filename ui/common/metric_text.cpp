// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/metric_text.hpp"

#include "common/number_format.hpp"

#include <QCoreApplication>

#include <array>

namespace iolens::ui {

namespace {

// One translation context for these free functions, so lupdate files them together; the
// QT_TRANSLATE_NOOP markers let it find the strings in the tables.
constexpr const char* kContext = "iolens::ui::Metrics";

struct MetricTexts {
    const char* title;
    const char* shortTitle;
    const char* unit;
};

// Indexed by core::metricIndex.
constexpr std::array<MetricTexts, core::kMetricCount> kMetricTexts {{
    {QT_TRANSLATE_NOOP("iolens::ui::Metrics", "Read response time"),
        QT_TRANSLATE_NOOP("iolens::ui::Metrics", "Read RT"),
        QT_TRANSLATE_NOOP("iolens::ui::Metrics", "ms")},
    {QT_TRANSLATE_NOOP("iolens::ui::Metrics", "Write response time"),
        QT_TRANSLATE_NOOP("iolens::ui::Metrics", "Write RT"),
        QT_TRANSLATE_NOOP("iolens::ui::Metrics", "ms")},
    {QT_TRANSLATE_NOOP("iolens::ui::Metrics", "Read throughput"),
        QT_TRANSLATE_NOOP("iolens::ui::Metrics", "Read TP"),
        QT_TRANSLATE_NOOP("iolens::ui::Metrics", "MiB/s")},
    {QT_TRANSLATE_NOOP("iolens::ui::Metrics", "Write throughput"),
        QT_TRANSLATE_NOOP("iolens::ui::Metrics", "Write TP"),
        QT_TRANSLATE_NOOP("iolens::ui::Metrics", "MiB/s")},
    {QT_TRANSLATE_NOOP("iolens::ui::Metrics", "Read IOPS"),
        QT_TRANSLATE_NOOP("iolens::ui::Metrics", "Read IOPS"),
        QT_TRANSLATE_NOOP("iolens::ui::Metrics", "IOPS")},
    {QT_TRANSLATE_NOOP("iolens::ui::Metrics", "Write IOPS"),
        QT_TRANSLATE_NOOP("iolens::ui::Metrics", "Write IOPS"),
        QT_TRANSLATE_NOOP("iolens::ui::Metrics", "IOPS")},
    {QT_TRANSLATE_NOOP("iolens::ui::Metrics", "Read response time p99"),
        QT_TRANSLATE_NOOP("iolens::ui::Metrics", "Read RT p99"),
        QT_TRANSLATE_NOOP("iolens::ui::Metrics", "ms")},
    {QT_TRANSLATE_NOOP("iolens::ui::Metrics", "Write response time p99"),
        QT_TRANSLATE_NOOP("iolens::ui::Metrics", "Write RT p99"),
        QT_TRANSLATE_NOOP("iolens::ui::Metrics", "ms")},
}};

QString translated(const char* text)
{
    return QCoreApplication::translate(kContext, text);
}

} // namespace

QString metricTitle(core::Metric metric)
{
    return translated(kMetricTexts[core::metricIndex(metric)].title);
}

QString metricShortTitle(core::Metric metric)
{
    return translated(kMetricTexts[core::metricIndex(metric)].shortTitle);
}

QString metricUnitText(core::Metric metric)
{
    return translated(kMetricTexts[core::metricIndex(metric)].unit);
}

QString factorTitle(core::Factor factor)
{
    using core::Factor;
    switch (factor) {
    case Factor::Scheduler:
        return QCoreApplication::translate("iolens::ui::Metrics", "Scheduler");
    case Factor::FilesetBytes:
        return QCoreApplication::translate("iolens::ui::Metrics", "File-set size");
    case Factor::RequestBytes:
        return QCoreApplication::translate("iolens::ui::Metrics", "Request size");
    case Factor::Pattern:
        return QCoreApplication::translate("iolens::ui::Metrics", "Access pattern");
    case Factor::ReadPct:
        return QCoreApplication::translate("iolens::ui::Metrics", "Read share");
    case Factor::Threads:
        return QCoreApplication::translate("iolens::ui::Metrics", "Threads");
    case Factor::Vms:
        return QCoreApplication::translate("iolens::ui::Metrics", "VMs");
    }
    return {};
}

QString threadCountText(qlonglong threads)
{
    return countText(threads, QCoreApplication::translate("iolens::ui::Metrics", "1 thread"),
        QCoreApplication::translate("iolens::ui::Metrics", "%1 threads"));
}

QString vmCountText(qlonglong vms)
{
    return countText(vms, QCoreApplication::translate("iolens::ui::Metrics", "1 VM"),
        QCoreApplication::translate("iolens::ui::Metrics", "%1 VMs"));
}

} // namespace iolens::ui
