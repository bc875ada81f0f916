// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/fit_memo.hpp"
#include "models/regressor.hpp"

#include <memory>

namespace iolens::core {

class AutoModel;

/// An auto fit and its report, as AutoFitMemo remembers them.
struct AutoFit {
    std::shared_ptr<const AutoModel> model;
    FitReport report;
};

/// Auto fits remembered by their exact training data. A closed workload's throughput and IOPS
/// are composed from auto models of its read and write response times (AutoModel), so the
/// window, which trains auto for every metric, would fit the same response times three times:
/// for rt_read_ms itself and inside both rates, and again per fold when it cross-validates
/// them (the folds are the same rows). The other direction's times are part of the key because
/// a response time's candidates fit on them (the writers' and readers' shares), and the same
/// rows can come with different rows of the other direction (a fold, or a rate whose
/// composition passes its own).
class AutoFitMemo : public FitMemo<AutoFit> {
public:
    using Fitted = AutoFit;
};

} // namespace iolens::core
