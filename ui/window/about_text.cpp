// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/about_text.hpp"

#include "common/version.hpp"

#include <QCoreApplication>

namespace iolens::ui {

QString aboutText()
{
    // Titles and authors stay untranslated: they are citations.
    const QString papers = QStringLiteral(
        "<ul>"
        "<li>Noorshams, Bruhn, Kounev, Reussner: <i>Predictive Performance Modeling of "
        "Virtualized Storage Systems using Optimized Statistical Regression Techniques</i>, "
        "ICPE 2013</li>"
        "<li>Ra, Lee: <i>Fighting with Unknowns: Estimating the Performance of Scalable "
        "Distributed Storage Systems with Minimal Measurement Data</i></li>"
        "<li>Hsu, Panta, Ra, Freeh: <i>Inside-Out: Reliable Performance Prediction for "
        "Distributed Storage Systems in the Cloud</i></li>"
        "<li>Noorshams, Reeb, Rentschler, Kounev, Reussner: <i>Enriching Software Architecture "
        "Models with Statistical Models for Performance Prediction in Modern Storage "
        "Environments</i>, CBSE 2014</li>"
        "<li>Zhang, Liu, Zhang, Jiang: <i>Storage Device Performance Prediction with SBCART "
        "(Selective Bagging Classification and Regression Tree) Models</i></li>"
        "</ul>");
    return QCoreApplication::translate("AboutText",
        "<h3>iolens %1</h3><p>A what-if explorer for storage performance: statistical "
        "models trained on measurements predict response time and throughput for the "
        "workload you set.</p><p>The methods come from these papers:</p>%2"
        "<p>License: GPL-3.0-or-later</p>")
        .arg(QString::fromLatin1(iolens::kVersion), papers);
}

} // namespace iolens::ui
