// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/param_text.hpp"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <cstring>

namespace iolens::ui {

namespace {

// The English descriptions (core/models/*.cpp, ParamSpec::description) of every parameter the
// optimizer searches, for lupdate. A description changed in core is shown in English until it
// is listed again here (TestParamText says which).
constexpr std::array kDescriptions {
    // MARS (earth)
    QT_TRANSLATE_NOOP("ParamText",
        "maximum terms of the forward pass, intercept included; 0 = auto: min(200, max(20, 2 x "
        "predictor columns)) + 1"),
    QT_TRANSLATE_NOOP(
        "ParamText", "forward pass stops when a step raises R-squared by less than this"),
    QT_TRANSLATE_NOOP("ParamText",
        "maximum terms kept by pruning, intercept included (more than the forward pass keeps the "
        "lowest-GCV size)"),
    // CART (rpart) and the trees of bagging, SBCART and the random forest
    QT_TRANSLATE_NOOP(
        "ParamText", "smallest node that is still split; children keep round(minsplit/3) rows"),
    QT_TRANSLATE_NOOP("ParamText",
        "smallest node that is still split; children keep round(minsplit/3) rows (the paper's "
        "Nmin)"),
    QT_TRANSLATE_NOOP("ParamText",
        "complexity parameter: each split must lower the residual sum of squares by more than cp x "
        "the root's"),
    QT_TRANSLATE_NOOP("ParamText", "share of the trees kept, the lowest training errors first"),
    QT_TRANSLATE_NOOP("ParamText", "columns tried per split (0: max(floor(p/3), 1))"),
    QT_TRANSLATE_NOOP("ParamText", "nodes with at most this many rows are leaves"),
    // M5 and Cubist
    QT_TRANSLATE_NOOP("ParamText", "largest number of rules per committee member"),
    QT_TRANSLATE_NOOP("ParamText", "committee members, each correcting the previous one's errors"),
    QT_TRANSLATE_NOOP(
        "ParamText", "nearest training cases that correct each prediction (0 = none)"),
    // elastic net (glmnet)
    QT_TRANSLATE_NOOP("ParamText", "mixing: 1 = lasso (L1), 0 = ridge (L2)"),
    QT_TRANSLATE_NOOP("ParamText", "design: 1 = main effects, 2 = plus pairwise products"),
};

} // namespace

bool paramDescriptionListed(const core::ParamSpec& spec)
{
    return std::any_of(kDescriptions.begin(), kDescriptions.end(),
        [&](const char* text) { return spec.description == text; });
}

QString paramDescription(const core::ParamSpec& spec)
{
    if (!paramDescriptionListed(spec))
        return QString::fromStdString(spec.description);
    return QCoreApplication::translate("ParamText", spec.description.c_str());
}

} // namespace iolens::ui
