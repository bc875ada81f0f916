// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace iolens::ui {

/// Runs the layout requests Qt has posted but not yet processed, so that a widget grabbed now
/// shows its current texts at their current sizes. A label whose text just changed only asks for
/// a new layout; on screen the layout runs before the next paint, but QWidget::grab() paints at
/// once, and a grid of numbers in a scroll area then keeps its old column widths and clips the
/// new text ("0.00" for 0.000966). Call it before every grab.
void settlePendingLayouts();

} // namespace iolens::ui
