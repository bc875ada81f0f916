// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/mapping_proposal.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <algorithm>

using namespace iolens::core;

namespace {

// The proposedFor field and unit of `column` as "field unit" ("request_bytes KiB"), "" if none.
QString proposedFor(const MappingProposal& proposal, const std::string& column)
{
    for (const ColumnMapping& mapping : proposal.mapping.columns)
        if (mapping.column == column)
            return QString::fromStdString(mapping.field)
                + (mapping.unit ? " " + QString::fromLatin1(unitName(*mapping.unit)) : QString());
    return {};
}

} // namespace

class TestMappingProposal : public QObject {
    Q_OBJECT
private slots:
    // A header word and the first row's value give the field and the unit.
    void propose_fieldAndUnitFromTheName_data()
    {
        QTest::addColumn<QString>("header");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bs") << "bs"
                            << "4"
                            << "request_bytes KiB";
        QTest::newRow("bs in bytes") << "bs"
                                     << "4096"
                                     << "request_bytes bytes";
        QTest::newRow("blocksize") << "blocksize_kib"
                                   << "64"
                                   << "request_bytes KiB";
        QTest::newRow("Block Size (MB)") << "Block Size (MB)"
                                         << "1"
                                         << "request_bytes MiB";
        QTest::newRow("file size") << "file_size_gib"
                                   << "4"
                                   << "fileset_bytes GiB";
        QTest::newRow("size") << "size"
                              << "1073741824"
                              << "fileset_bytes bytes";
        QTest::newRow("iodepth") << "iodepth"
                                 << "32"
                                 << "threads";
        QTest::newRow("numjobs") << "numjobs"
                                 << "16"
                                 << "threads";
        QTest::newRow("lat_us") << "lat_read_us"
                                << "250"
                                << "rt_read_ms us";
        QTest::newRow("clat ns") << "write_clat_ns"
                                 << "250000"
                                 << "rt_write_ms ns";
        QTest::newRow("micro sign") << "read latency (\u00b5s)"
                                    << "250"
                                    << "rt_read_ms us";
        QTest::newRow("p99") << "read_lat_p99_ms"
                             << "3"
                             << "rt_read_p99_ms ms";
        QTest::newRow("MB/s") << "read bw MB/s"
                              << "512"
                              << "tp_read_mbs MB/s";
        QTest::newRow("MiB/s") << "writeBw MiB/s"
                               << "512"
                               << "tp_write_mbs MiB/s";
        QTest::newRow("KiB/s") << "bw_write_kbs"
                               << "512"
                               << "tp_write_mbs KiB/s";
        QTest::newRow("iops") << "read_iops"
                              << "2000"
                              << "iops_read IOPS";
        QTest::newRow("rwmixread") << "rwmixread"
                                   << "70"
                                   << "read_pct percent";
        QTest::newRow("read %") << "read %"
                                << "70"
                                << "read_pct percent";
        QTest::newRow("mix as fraction") << "rw_mix"
                                         << "0.7"
                                         << "read_pct fraction";
        QTest::newRow("pattern") << "rw"
                                 << "randread"
                                 << "pattern";
        QTest::newRow("scheduler") << "io_scheduler"
                                   << "bfq"
                                   << "scheduler";
        QTest::newRow("own name") << "tp_read_mbs"
                                  << "80"
                                  << "tp_read_mbs MiB/s";
        QTest::newRow("minimum is not the mean") << "read_lat_min_us"
                                                 << "80"
                                                 << "";
        QTest::newRow("unknown") << "comment"
                                 << "x"
                                 << "";
    }
    void propose_fieldAndUnitFromTheName()
    {
        QFETCH(QString, header);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        CsvTable table;
        table.header = {header.toStdString()};
        table.rows = {{2, {value.toStdString()}}};
        const MappingProposal proposal = proposeCsvMapping(table);
        QCOMPARE(proposedFor(proposal, header.toStdString()), expected);
        const bool unrecognised = std::find(proposal.unrecognisedColumns.begin(),
                                      proposal.unrecognisedColumns.end(), header.toStdString())
            != proposal.unrecognisedColumns.end();
        QCOMPARE(unrecognised, expected.isEmpty());
    }

    // A whole fio-plot-like header: each field once, the stronger name winning, vms and
    // scheduler as constants, notes for what was assumed.
    void propose_aWholeHeader()
    {
        CsvTable table;
        table.header = {"rw", "bs", "iodepth", "numjobs", "rwmixread", "size_mb", "lat_read_us",
            "lat_write_us", "bw_read", "bw_write", "iops_read", "iops_write", "comment"};
        table.rows = {{2,
            {"randrw", "4", "32", "16", "70", "1024", "250", "300", "80", "40", "20000", "10000",
                "x"}}};
        const MappingProposal proposal = proposeCsvMapping(table);
        QCOMPARE(proposedFor(proposal, "numjobs"), QString("threads"));
        QCOMPARE(proposedFor(proposal, "iodepth"), QString()); // numjobs names threads outright
        QCOMPARE(proposedFor(proposal, "size_mb"), QString("fileset_bytes MiB"));
        QCOMPARE(proposedFor(proposal, "bw_read"), QString("tp_read_mbs MiB/s"));
        QCOMPARE(proposal.mapping.constants.size(), std::size_t {2});
        QCOMPARE(proposal.mapping.constants[0], (MappingConstant {"vms", "1", std::nullopt}));
        QCOMPARE(
            proposal.mapping.constants[1], (MappingConstant {"scheduler", "none", std::nullopt}));
        const auto noted = [&](const std::string& text) {
            return std::any_of(proposal.notes.begin(), proposal.notes.end(),
                [&](const std::string& note) { return note.find(text) != std::string::npos; });
        };
        QVERIFY(noted("'bw_read' names no unit: MiB/s assumed"));
        QVERIFY(noted("'iodepth' also looks like threads, which 'numjobs' gives"));
        QVERIFY(!noted("no column gives"));
        QCOMPARE(proposal.unrecognisedColumns, (std::vector<std::string> {"comment", "iodepth"}));
    }

    void propose_notesTheFieldsNothingGives()
    {
        CsvTable table;
        table.header = {"bs", "lat_us"};
        table.rows = {{2, {"4", "100"}}};
        const MappingProposal proposal = proposeCsvMapping(table);
        QCOMPARE(proposedFor(proposal, "lat_us"), QString("rt_read_ms us"));
        for (const char* field : {"fileset_bytes", "pattern", "read_pct", "threads"})
            QVERIFY2(std::find(proposal.notes.begin(), proposal.notes.end(),
                         "no column gives " + std::string(field)
                             + ": map a column to it or add it to \"constants\"")
                    != proposal.notes.end(),
                field);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestMappingProposal)
#include "test_mapping_proposal.moc"
