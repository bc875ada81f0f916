// SPDX-License-Identifier: GPL-3.0-or-later
// The plan form writes the JSON `iolens-cli measure --plan` reads: what it produces must parse
// to the same plan as the file it was filled from, and typed fields must land in the right
// JSON fields.
#include "common/error.hpp"
#include "harness/measurement_plan.hpp"
#include "measure/plan_form.hpp"
#include "support/test_registry.hpp"

#include <QCheckBox>
#include <QJsonDocument>
#include <QLineEdit>
#include <QSpinBox>
#include <QTest>

using namespace iolens::core;
using iolens::ui::PlanForm;

namespace {

MeasurementPlan parse(const QByteArray& json)
{
    return parsePlan(
        std::string_view(json.constData(), static_cast<std::size_t>(json.size())), "form.json");
}

MeasurementPlan parse(const QJsonObject& json)
{
    return parse(QJsonDocument(json).toJson(QJsonDocument::Compact));
}

void compare(const MeasurementPlan& actual, const MeasurementPlan& expected)
{
    QCOMPARE(actual.dataset, expected.dataset);
    QCOMPARE(actual.description, expected.description);
    QCOMPARE(actual.system, expected.system);
    QCOMPARE(actual.split, expected.split);
    QCOMPARE(actual.workload.rampSeconds, expected.workload.rampSeconds);
    QCOMPARE(actual.workload.runtimeSeconds, expected.workload.runtimeSeconds);
    QCOMPARE(actual.workload.repetitions, expected.workload.repetitions);
    QCOMPARE(actual.workload.direct, expected.workload.direct);
    QCOMPARE(actual.workload.ioengine, expected.workload.ioengine);
    QCOMPARE(actual.target.directory, expected.target.directory);
    QCOMPARE(actual.target.device, expected.target.device);
    QCOMPARE(actual.configurations.size(), expected.configurations.size());
    QVERIFY(actual.configurations == expected.configurations);
}

void typeInto(PlanForm& form, const char* name, const QString& text)
{
    auto* edit = form.findChild<QLineEdit*>(QLatin1String(name));
    QVERIFY2(edit, name);
    edit->setText(text);
}

} // namespace

class TestPlanForm : public QObject {
    Q_OBJECT
private slots:
    void setJson_thenToJson_parsesToTheSamePlan_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("example plan") << QByteArray(R"({
            "dataset": "my-disk-small", "description": "small", "system": "disk",
            "split": "grid", "target": {"directory": "/srv/t", "device": "sda"},
            "workload": {"ramp_seconds": 1, "runtime_seconds": 2, "repetitions": 3,
                         "direct": true, "ioengine": "libaio"},
            "design": "full_factorial",
            "factors": {"fileset": ["64M", "256M"], "request": ["4k", "64k"],
                        "pattern": ["random"], "read_pct": [0, 50, 100], "threads": [4],
                        "vms": [1]}})");
        QTest::newRow("every factor, buffered") << QByteArray(R"({
            "dataset": "d", "target": {"directory": "t"},
            "workload": {"ramp_seconds": 0, "runtime_seconds": 2, "repetitions": 1,
                         "direct": false},
            "factors": {"scheduler": ["none", "bfq"], "fileset": ["16M", 33554432],
                        "request": ["4k"], "pattern": ["random", "sequential"],
                        "read_pct": [25, 100], "threads": [2, 4], "vms": [1, 2]}})");
        QTest::newRow("defaults of missing factors") << QByteArray(R"({
            "dataset": "d", "target": {"directory": "t"},
            "factors": {"fileset": ["1G"], "request": ["1M"]}})");
    }

    void setJson_thenToJson_parsesToTheSamePlan()
    {
        QFETCH(QByteArray, json);
        PlanForm form;
        form.setJson(QJsonDocument::fromJson(json).object());
        compare(parse(form.toJson()), parse(json));
    }

    void typedFields_giveThePlanOfTheSameJson()
    {
        PlanForm form;
        typeInto(form, "dataset", QStringLiteral("typed"));
        typeInto(form, "schedulers", QStringLiteral("none  mq-deadline"));
        typeInto(form, "filesets", QStringLiteral("256M 1G"));
        typeInto(form, "requests", QStringLiteral("4k,64k"));
        typeInto(form, "readPcts", QStringLiteral("0 100"));
        typeInto(form, "threads", QStringLiteral("2 8"));
        typeInto(form, "vms", QStringLiteral("1 2"));
        typeInto(form, "directory", QStringLiteral("/srv/target"));
        typeInto(form, "device", QStringLiteral("sdb"));
        form.findChild<QCheckBox*>(QStringLiteral("patternSequential"))->setChecked(true);
        form.findChild<QSpinBox*>(QStringLiteral("ramp"))->setValue(1);
        form.findChild<QSpinBox*>(QStringLiteral("runtime"))->setValue(20);
        form.findChild<QSpinBox*>(QStringLiteral("repetitions"))->setValue(2);
        form.findChild<QCheckBox*>(QStringLiteral("direct"))->setChecked(false);
        const MeasurementPlan expected = parse(QByteArray(R"({
            "dataset": "typed", "target": {"directory": "/srv/target", "device": "sdb"},
            "workload": {"ramp_seconds": 1, "runtime_seconds": 20, "repetitions": 2,
                         "direct": false},
            "factors": {"scheduler": ["none", "mq-deadline"], "fileset": ["256M", "1G"],
                        "request": ["4k", "64k"], "pattern": ["random", "sequential"],
                        "read_pct": [0, 100], "threads": [2, 8], "vms": [1, 2]}})"));
        compare(parse(form.toJson()), expected);
        QCOMPARE(expected.configurations.size(), std::size_t {2 * 2 * 2 * 2 * 2 * 2 * 2});
    }

    void defaults_directIsOn()
    {
        PlanForm form;
        QVERIFY(form.toJson()
                    .value(QStringLiteral("workload"))
                    .toObject()
                    .value(QStringLiteral("direct"))
                    .toBool());
    }

    void badNumber_staysTextSoCoreNamesIt()
    {
        PlanForm form;
        typeInto(form, "threads", QStringLiteral("4 many"));
        typeInto(form, "directory", QStringLiteral("t"));
        try {
            parse(form.toJson());
            QFAIL("parsePlan accepted threads 'many'");
        } catch (const ConfigError& e) {
            QVERIFY2(
                std::string(e.what()).find("factors.threads[1]") != std::string::npos, e.what());
        }
    }

    void edit_emitsChanged()
    {
        PlanForm form;
        int changes = 0;
        connect(&form, &PlanForm::changed, this, [&changes] { ++changes; });
        typeInto(form, "requests", QStringLiteral("8k"));
        form.findChild<QCheckBox*>(QStringLiteral("direct"))->setChecked(false);
        QCOMPARE(changes, 2);
    }
};

IOLENS_TEST_MAIN(TestPlanForm)
#include "test_plan_form.moc"
