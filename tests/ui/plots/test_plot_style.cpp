// SPDX-License-Identifier: GPL-3.0-or-later
// The shared plot style follows the palette: dark background and light text under a dark
// palette, the opposite under the default one, with the data colours left alone.
#include "plots/plot_style.hpp"
#include "support/dark_palette.hpp"
#include "support/test_registry.hpp"

#include <QApplication>
#include <QSet>
#include <QTest>
#include <qcustomplot.h>

#include <cstdlib>
#include <memory>

using namespace iolens::ui;

namespace {

// A styled plot with what the views add after the style: a grey caption, a grey note, a black
// reference line and a data curve in a model colour.
struct StyledPlot {
    std::unique_ptr<QCustomPlot> plot = std::make_unique<QCustomPlot>();
    QCPTextElement* caption = nullptr;
    QCPItemText* note = nullptr;
    QCPGraph* reference = nullptr;
    QCPGraph* data = nullptr;

    StyledPlot()
    {
        applyPlotStyle(*plot);
        plot->xAxis->setLabel(QStringLiteral("request size (KiB)"));
        plot->plotLayout()->insertRow(0);
        caption = new QCPTextElement(plot.get(), QStringLiteral("caption"));
        caption->setTextColor(QColor(0x50, 0x50, 0x50));
        plot->plotLayout()->addElement(0, 0, caption);
        note = new QCPItemText(plot.get());
        note->setColor(QColor(0x70, 0x70, 0x70));
        reference = plot->addGraph();
        reference->setPen(QPen(Qt::black, 1.5, Qt::DashLine));
        data = plot->addGraph();
        data->setPen(QPen(seriesColor(0), 2));
        data->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::white, 1.5), QBrush(Qt::black), 9));
        plot->resize(400, 300);
        plot->replot();
    }
};

float lightness(const QColor& color)
{
    return color.lightnessF();
}

} // namespace

class TestPlotStyle : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { m_light = QApplication::palette(); }
    void cleanup() { QApplication::setPalette(m_light); }

    void defaultPalette_darkTextOnALightBackground()
    {
        StyledPlot styled;
        QCustomPlot& plot = *styled.plot;
        const float background = lightness(plot.palette().color(QPalette::Base));
        QVERIFY(background > 0.8f);
        // The colours the style and the views chose for white stay exactly as they were.
        QCOMPARE(plot.xAxis->tickLabelColor(), QColor(Qt::black));
        QCOMPARE(plot.xAxis->labelColor(), QColor(Qt::black));
        QCOMPARE(styled.caption->textColor(), QColor(0x50, 0x50, 0x50));
        QCOMPARE(styled.reference->pen().color(), QColor(Qt::black));
        QCOMPARE(styled.data->pen().color(), seriesColor(0));
        QVERIFY(lightness(plot.toPixmap(400, 300).toImage().pixelColor(2, 2)) > 0.8f);
    }

    void darkPalette_lightTextOnADarkBackgroundWithDataColoursKept()
    {
        QApplication::setPalette(iolens::test::darkPalette());
        StyledPlot styled;
        QCustomPlot& plot = *styled.plot;
        const QImage image = plot.toPixmap(400, 300).toImage();
        const float background = lightness(image.pixelColor(2, 2));
        QVERIFY2(background < 0.25f, qPrintable(QString::number(background)));
        for (QCPAxis* axis : plot.axisRect()->axes()) {
            QVERIFY(lightness(axis->tickLabelColor()) > 0.8f);
            QVERIFY(lightness(axis->labelColor()) > 0.8f);
            QVERIFY(lightness(axis->basePen().color()) > background + 0.3f);
            // Grid lines stay behind the data: nearer the background than the text.
            const float grid = lightness(axis->grid()->pen().color());
            QVERIFY(grid > background && grid < lightness(axis->basePen().color()));
        }
        QVERIFY(lightness(styled.caption->textColor()) > 0.6f);
        QVERIFY(lightness(styled.note->color()) > 0.5f);
        QCOMPARE(plot.legend->itemCount(), 2);
        QVERIFY(lightness(plot.legend->item(0)->textColor()) > 0.8f);
        QVERIFY(lightness(plot.legend->brush().color()) < 0.25f);
        QVERIFY(lightness(styled.reference->pen().color()) > 0.8f);
        QCOMPARE(styled.data->pen().color(), seriesColor(0));
        // Black measured dots turn light, their white rims take the background's colour.
        QVERIFY(lightness(styled.data->scatterStyle().brush().color()) > 0.8f);
        QCOMPARE(styled.data->scatterStyle().pen().color(),
            iolens::test::darkPalette().color(QPalette::Base));
    }

    // Ten models (five techniques, VM-aware and projected from one VM) get ten colours, none of
    // them a grey (greys follow the palette and would be taken for axes or measured points).
    void seriesColors_tenDistinctHues()
    {
        QSet<QRgb> seen;
        for (int i = 0; i < 10; ++i) {
            const QColor color = seriesColor(i);
            QVERIFY2(color.hslSaturation() > 0, qPrintable(color.name()));
            seen.insert(color.rgb());
        }
        QCOMPARE(seen.size(), 10);
        QCOMPARE(seriesColor(-1), seriesColor(10)); // cycles both ways
        QCOMPARE(seriesColor(11), seriesColor(0));
    }

    // Switching the palette of a running window restyles the plot, and switching back restores
    // the colours the views chose, however often it happens.
    // Coarse breaks first; a finer one only on a line still too wide; nothing on a wide plot.
    void wrapToWidth_breaksCoarseThenFine()
    {
        const QFont font = plotFont();
        const QFontMetrics metrics(font);
        const QString shortPart = QStringLiteral("10-fold cross-validation");
        const QString longPart
            = QStringLiteral("read metrics where the read share is at least 25 %, "
                             "write metrics where it is at most 75 %");
        const QString text = shortPart + QStringLiteral(" · ") + longPart;
        const std::initializer_list<std::pair<QString, QString>> breaks {
            {QStringLiteral(" · "), QStringLiteral("\n")},
            {QStringLiteral(", "), QStringLiteral(",\n")}};

        QCOMPARE(wrapToWidth(text, font, metrics.horizontalAdvance(text) + 10, breaks), text);
        const int between = metrics.horizontalAdvance(longPart) + 10;
        QCOMPARE(
            wrapToWidth(text, font, between, breaks), shortPart + QStringLiteral("\n") + longPart);
        const int narrow = metrics.horizontalAdvance(longPart) - 10;
        QCOMPARE(wrapToWidth(text, font, narrow, breaks),
            shortPart
                + QStringLiteral("\nread metrics where the read share is at least 25 %,"
                                 "\nwrite metrics where it is at most 75 %"));
    }

    // Parts join a line while it fits: three parts of which two fit on one line break once.
    void fitToWidth_fillsLinesGreedily()
    {
        const QFont font = plotFont();
        const QFontMetrics metrics(font);
        const QString a = QStringLiteral("11 operations per loop");
        const QString b = QStringLiteral("think time 0 ms");
        const QString c = QStringLiteral("99 % confidence intervals of the mean");
        const QString dot = QStringLiteral(" · ");
        const int width = metrics.horizontalAdvance(a + dot + b) + 4;
        QVERIFY(metrics.horizontalAdvance(a + dot + b + dot + c) > width);
        QCOMPARE(fitToWidth(a + dot + b + dot + c, font, width, dot, QStringLiteral("\n")),
            a + dot + b + QStringLiteral("\n") + c);
        // A replacement that keeps its separator's mark ("\n(") measures the new line with it.
        QCOMPARE(fitToWidth(a + QStringLiteral(" (") + b + QStringLiteral(")"), font,
                     metrics.horizontalAdvance(a) + 4, QStringLiteral(" ("), QStringLiteral("\n(")),
            a + QStringLiteral("\n(") + b + QStringLiteral(")"));
    }

    // As few lines as greedy filling needs, but balanced: greedy left "filter" alone on the
    // second line (the measurements' plot, "... configurations in the" over "filter").
    void fitToWidth_balancesItsLines()
    {
        const QFont font = plotFont();
        const QFontMetrics metrics(font);
        const QString first
            = QStringLiteral("Mean relative error 55.2 % over the 70 configurations");
        const QString text = first + QStringLiteral(" in the filter");
        const int width = metrics.horizontalAdvance(first + QStringLiteral(" in the")) + 2;
        const QStringList lines
            = fitToWidth(text, font, width, QStringLiteral(" "), QStringLiteral("\n"))
                  .split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.join(QLatin1Char(' ')), text);
        QVERIFY2(lines[1].count(QLatin1Char(' ')) >= 2, qPrintable(lines[1]));
        // The lines are within a word of each other, and no line is wider than asked.
        const int gap = metrics.horizontalAdvance(QStringLiteral(" configurations"));
        QVERIFY(std::abs(metrics.horizontalAdvance(lines[0]) - metrics.horizontalAdvance(lines[1]))
            <= gap);
        for (const QString& line : lines)
            QVERIFY(metrics.horizontalAdvance(line) <= width);
    }

    // The text's own line breaks stay, and each line is fitted on its own: a short first line
    // keeps its joint while the long second one breaks (words, with {" ", "\n"}).
    void wrapToWidth_fitsEachOfTheTextsOwnLines()
    {
        const QFont font = plotFont();
        const QFontMetrics metrics(font);
        const QString first = QStringLiteral("x · y");
        const QString second = QStringLiteral("its fit to these runs · the Models tab");
        const int width = metrics.horizontalAdvance(first) + 4;
        QCOMPARE(wrapToWidth(first + QStringLiteral("\n") + second, font, width,
                     {{QStringLiteral(" · "), QStringLiteral("\n")}}),
            first + QStringLiteral("\nits fit to these runs\nthe Models tab"));
        const int words = metrics.horizontalAdvance(QStringLiteral("these runs")) + 4;
        for (const QString& line :
            wrapToWidth(second, font, words, {{QStringLiteral(" "), QStringLiteral("\n")}})
                .split(QLatin1Char('\n')))
            QVERIFY2(metrics.horizontalAdvance(line) <= words, qPrintable(line));
    }

    void paletteChange_restylesAndSwitchesBack()
    {
        StyledPlot styled;
        QCustomPlot& plot = *styled.plot;
        for (int round = 0; round < 2; ++round) {
            QApplication::setPalette(iolens::test::darkPalette());
            QTRY_VERIFY(lightness(plot.xAxis->tickLabelColor()) > 0.8f);
            QVERIFY(lightness(styled.caption->textColor()) > 0.6f);
            QApplication::setPalette(m_light);
            QTRY_COMPARE(plot.xAxis->tickLabelColor(), QColor(Qt::black));
            QCOMPARE(styled.caption->textColor(), QColor(0x50, 0x50, 0x50));
            QCOMPARE(plot.legend->brush().color(), QColor(255, 255, 255, 230));
        }
        QApplication::setPalette(iolens::test::darkPalette());
        QTRY_VERIFY(lightness(styled.caption->textColor()) > 0.6f);
        // A legend entry added under the dark palette is as light as the others.
        QCPGraph* later = plot.addGraph();
        plot.replot();
        QVERIFY(lightness(plot.legend->itemWithPlottable(later)->textColor()) > 0.8f);
        // A colour a view sets later is taken as its new choice.
        styled.caption->setTextColor(Qt::black);
        plot.replot();
        QCOMPARE(styled.caption->textColor(), iolens::test::darkPalette().color(QPalette::Text));
    }

private:
    QPalette m_light; ///< the platform's default, light under offscreen
};

IOLENS_TEST_MAIN(TestPlotStyle)
#include "test_plot_style.moc"
