// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace iolens::ui {

class MainWindow;

/// File ▸ Export evidence pack…: asks for a folder, writes the pack (writeEvidencePack) and says
/// what was written, or why not, in a message box. The controller boundary of the export: no
/// exception leaves it.
void promptEvidencePack(MainWindow& window);

} // namespace iolens::ui
