// SPDX-License-Identifier: GPL-3.0-or-later
#include "evidence/evidence_prompt.hpp"

#include "common/error.hpp"
#include "common/number_format.hpp"
#include "evidence/evidence_pack.hpp"
#include "window/main_window.hpp"

#include <QCoreApplication>
#include <QDebug>
#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QStatusBar>

namespace iolens::ui {

namespace {

/// The context of the messages for Qt Linguist.
class EvidencePrompt {
    Q_DECLARE_TR_FUNCTIONS(EvidencePrompt)
};

QString summary(const EvidencePackResult& result)
{
    const auto files = static_cast<qlonglong>(result.files.size());
    QString text
        = EvidencePrompt::tr("%1 written to %2, %3 described.")
              .arg(countText(files, EvidencePrompt::tr("1 file"), EvidencePrompt::tr("%1 files")),
                  QDir::toNativeSeparators(result.folder),
                  countText(result.modelCount, EvidencePrompt::tr("1 model"),
                      EvidencePrompt::tr("%1 models")));
    for (const auto& [view, reason] : result.skippedViews)
        text += QLatin1Char('\n') + EvidencePrompt::tr("Left out: %1 (%2).").arg(view, reason);
    return text;
}

} // namespace

void promptEvidencePack(MainWindow& window)
{
    const QString folder = QFileDialog::getExistingDirectory(
        &window, EvidencePrompt::tr("Export evidence pack to an empty folder"));
    if (folder.isEmpty())
        return;
    try {
        const EvidencePackResult result = writeEvidencePack(window, folder);
        window.statusBar()->showMessage(EvidencePrompt::tr("Evidence pack written to %1.")
                                            .arg(QDir::toNativeSeparators(folder)));
        QMessageBox::information(&window, EvidencePrompt::tr("Evidence pack"), summary(result));
    } catch (const core::Error& error) {
        qWarning().noquote() << "evidence pack:" << error.what();
        QMessageBox::warning(&window, EvidencePrompt::tr("Cannot export the evidence pack"),
            QString::fromUtf8(error.what()));
    }
}

} // namespace iolens::ui
