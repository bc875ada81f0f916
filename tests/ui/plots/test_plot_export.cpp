// SPDX-License-Identifier: GPL-3.0-or-later
// Plot export: PNG at a size and scale with its metadata, SVG, PDF, and the data as CSV.
#include "data/csv_table.hpp"
#include "plots/plot_data_csv.hpp"
#include "plots/plot_export.hpp"
#include "plots/plot_export_menu.hpp"
#include "support/test_registry.hpp"

#include <qcustomplot.h>

#include <QFile>
#include <QImageReader>
#include <QMenu>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace iolens::ui;

namespace {

/// Two graphs (one with a gap), a hidden graph and a 3x2 colour map: every kind the CSV covers.
void fillPlot(QCustomPlot& plot)
{
    plot.xAxis->setLabel(QStringLiteral("Request size (KiB)"));
    plot.yAxis->setLabel(QStringLiteral("Throughput (MiB/s)"));
    QCPGraph* a = plot.addGraph();
    a->setName(QStringLiteral("cart"));
    a->setData({1.0, 2.0, 4.0}, {10.5, 20.25, 0.1});
    QCPGraph* b = plot.addGraph();
    b->setName(QStringLiteral("mars, \"optimized\""));
    b->setData({1.0, 2.0, 3.0}, {5.0, qQNaN(), 7.0});
    QCPGraph* hidden = plot.addGraph();
    hidden->setName(QStringLiteral("hidden"));
    hidden->setData({1.0}, {1.0});
    hidden->setVisible(false);
    auto* map = new QCPColorMap(plot.xAxis, plot.yAxis);
    map->setName(QStringLiteral("cost"));
    map->data()->setSize(3, 2);
    map->data()->setRange(QCPRange(0.0, 2.0), QCPRange(10.0, 20.0));
    for (int x = 0; x < 3; ++x)
        for (int y = 0; y < 2; ++y)
            map->data()->setCell(x, y, x * 10.0 + y);
    plot.rescaleAxes();
}

QByteArray head(const QString& path, int bytes)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.read(bytes) : QByteArray();
}

} // namespace

class TestPlotExport : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        m_plot = std::make_unique<QCustomPlot>();
        m_plot->resize(500, 300);
        fillPlot(*m_plot);
        QVERIFY(m_dir.isValid());
    }

    void png_hasRequestedSizeAndMetadata_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<double>("scale");
        QTest::addColumn<QSize>("pixels");
        QTest::newRow("1x") << QSize(640, 400) << 1.0 << QSize(640, 400);
        QTest::newRow("2x") << QSize(640, 400) << 2.0 << QSize(1280, 800);
        QTest::newRow("widget size") << QSize() << 1.0 << QSize(500, 300);
    }
    void png_hasRequestedSizeAndMetadata()
    {
        QFETCH(QSize, size);
        QFETCH(double, scale);
        QFETCH(QSize, pixels);
        PlotExportOptions options;
        options.size = size;
        options.scale = scale;
        options.info = {QStringLiteral("Error CDF"), QStringLiteral("request=16KiB,read=70"),
            QStringLiteral("cart, mars")};
        const QString path = m_dir.filePath(QStringLiteral("plot.png"));
        QString error;
        QVERIFY2(savePlot(*m_plot, path, options, &error), qPrintable(error));
        QImageReader reader(path);
        QCOMPARE(reader.format(), QByteArray("png"));
        const QImage image = reader.read();
        QCOMPARE(image.size(), pixels);
        QCOMPARE(image.text(QStringLiteral("Scenario")), QStringLiteral("request=16KiB,read=70"));
        QCOMPARE(image.text(QStringLiteral("Models")), QStringLiteral("cart, mars"));
        QCOMPARE(image.text(QStringLiteral("Title")), QStringLiteral("Error CDF"));
        // 96 dpi times the scale, so a viewer shows a 2x picture at the plot's size.
        QVERIFY(qAbs(image.dotsPerMeterX() - 96.0 / 0.0254 * scale) < 2.0);
        // Something was drawn: not every pixel is the white background.
        const QImage argb = image.convertToFormat(QImage::Format_ARGB32);
        bool drawn = false;
        for (int y = 0; y < argb.height() && !drawn; y += 3)
            for (int x = 0; x < argb.width() && !drawn; x += 3)
                drawn = argb.pixel(x, y) != qRgb(255, 255, 255);
        QVERIFY(drawn);
        QCOMPARE(m_plot->size(), QSize(500, 300)); // the widget keeps its size
    }

    void svg_isXmlWithSvgRoot()
    {
        const QString path = m_dir.filePath(QStringLiteral("plot.svg"));
        PlotExportOptions options;
        options.size = QSize(800, 600);
        QVERIFY(savePlot(*m_plot, path, options));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        while (!xml.atEnd() && !xml.isStartElement())
            xml.readNext();
        QCOMPARE(xml.name().toString(), QStringLiteral("svg"));
        QCOMPARE(xml.attributes().value(QStringLiteral("viewBox")).toString(),
            QStringLiteral("0 0 800 600"));
        while (!xml.atEnd())
            xml.readNext();
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    }

    void pdf_startsWithPdfHeader()
    {
        const QString path = m_dir.filePath(QStringLiteral("plot.pdf"));
        QVERIFY(savePlot(*m_plot, path, PlotExportOptions {QSize(800, 600), 1.0, {}}));
        QCOMPARE(head(path, 5), QByteArray("%PDF-"));
    }

    void unknownExtension_failsNamingTheFile()
    {
        const QString path = m_dir.filePath(QStringLiteral("plot.bmp"));
        QString error;
        QVERIFY(!savePlot(*m_plot, path, {}, &error));
        QVERIFY(error.contains(path));
        QVERIFY(!QFile::exists(path));
        QCOMPARE(pictureFormatOf(QStringLiteral("A.PDF")), std::optional(PictureFormat::Pdf));
    }

    void csv_rowsEqualTheGraphData()
    {
        const std::string text = plotDataCsv(*m_plot).toStdString();
        const iolens::core::CsvTable table = iolens::core::parseCsv(text, "plot.csv");
        QCOMPARE(
            table.header, (std::vector<std::string> {"series", "x_axis", "y_axis", "x", "y", "z"}));
        // 3 points of cart, 2 of mars (the NaN is a gap), none hidden, 6 map cells.
        QCOMPARE(table.rows.size(), std::size_t(3 + 2 + 6));
        const auto& first = table.rows[0].fields;
        QCOMPARE(first,
            (std::vector<std::string> {
                "cart", "Request size (KiB)", "Throughput (MiB/s)", "1", "10.5", ""}));
        QCOMPARE(table.rows[2].fields[4], std::string("0.1")); // read back exactly
        QCOMPARE(
            table.rows[3].fields[0], std::string("mars, \"optimized\"")); // quoted and unquoted
        QCOMPARE(table.rows[4].fields[3], std::string("3"));
        // Map cells: centres of a 3x2 grid over [0, 2] x [10, 20], value 10 x + y.
        const auto& cell = table.rows[5 + 5].fields; // x index 2, y index 1
        QCOMPARE(cell,
            (std::vector<std::string> {
                "cost", "Request size (KiB)", "Throughput (MiB/s)", "2", "20", "21"}));
    }

    void menu_offersEveryExport()
    {
        attachExportMenu(m_plot.get());
        QCOMPARE(m_plot->contextMenuPolicy(), Qt::CustomContextMenu);
        std::unique_ptr<QMenu> menu(createExportMenu(m_plot.get(), {}));
        QCOMPARE(menu->actions().size(), 3);
    }

private:
    std::unique_ptr<QCustomPlot> m_plot;
    QTemporaryDir m_dir;
};

IOLENS_TEST_MAIN(TestPlotExport)
#include "test_plot_export.moc"
