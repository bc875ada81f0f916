// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/pending_layouts.hpp"

#include <QCoreApplication>
#include <QEvent>

namespace iolens::ui {

void settlePendingLayouts()
{
    // A layout that settles resizes its children, whose own layouts then post requests of their
    // own (a scroll area's content in a group box in a splitter is three deep). Bounded, so a
    // layout that never settles cannot hang a picture.
    for (int pass = 0; pass < 4; ++pass)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
}

} // namespace iolens::ui
