// SPDX-License-Identifier: GPL-3.0-or-later
#include "conservation/conservation_view.hpp"

#include "common/error.hpp"
#include "conservation/conservation_plot.hpp"
#include "data/aggregation.hpp"
#include "plots/plot_export_menu.hpp"

#include <QDebug>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace iolens::ui {

ConservationView::ConservationView(QWidget* parent)
    : QWidget(parent)
    , m_pages(new QStackedWidget(this))
    , m_plot(new ConservationPlot)
    , m_message(new QLabel)
{
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_message->setMargin(24);
    m_pages->addWidget(m_plot);
    m_pages->addWidget(m_message);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_pages);
    attachExportMenu(m_plot, [] {
        return PictureInfo {tr("Conservation check"),
            tr("100 % read and 100 % write per request size"), tr("conservation (Ra and Lee)")};
    });
    showMessage(tr("Open a measurement database to check the conservation hypothesis."));
}

QString ConservationView::message() const
{
    return m_pages->currentWidget() == m_message ? m_message->text() : QString();
}

void ConservationView::showMessage(const QString& text)
{
    m_check.reset();
    m_message->setText(text);
    m_pages->setCurrentWidget(m_message);
}

void ConservationView::setMeasurements(const std::vector<core::Measurement>& runs)
{
    // A controller boundary of the house style: the core's refusal becomes the tab's message.
    try {
        m_check = core::checkConservation(core::aggregateRepetitions(runs));
    } catch (const core::Error& e) {
        qInfo().noquote() << "conservation check:" << e.what();
        showMessage(tr("The conservation model needs, for at least one request size, a 100 % read "
                       "and a 100 % write measurement of the same system configuration; this "
                       "dataset has none.\n\n%1")
                        .arg(QString::fromStdString(e.what())));
        return;
    }
    if (m_check->mixes.empty()) {
        showMessage(tr("The dataset has 100 % read and 100 % write measurements but no read/write "
                       "mix of the same request size and system configuration to check them "
                       "against."));
        return;
    }
    m_plot->showCheck(*m_check);
    m_pages->setCurrentWidget(m_plot);
}

} // namespace iolens::ui

#include "moc_conservation_view.cpp"
