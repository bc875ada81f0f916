// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/model_text.hpp"

#include "models/regressor_registry.hpp"

#include <QCoreApplication>
#include <QStringList>

#include <array>

namespace iolens::ui {

namespace {

constexpr const char* kContext = "iolens::ui::Models";

struct TechniqueText {
    const char* key;
    const char* title;
};

constexpr std::array<TechniqueText, 5> kTechniqueTexts {{
    {"lm", QT_TRANSLATE_NOOP("iolens::ui::Models", "Linear regression with interactions")},
    {"mars",
        QT_TRANSLATE_NOOP("iolens::ui::Models", "MARS (multivariate adaptive regression splines)")},
    {"cart", QT_TRANSLATE_NOOP("iolens::ui::Models", "CART regression tree")},
    {"m5", QT_TRANSLATE_NOOP("iolens::ui::Models", "M5 model tree")},
    {"cubist", QT_TRANSLATE_NOOP("iolens::ui::Models", "Cubist rule-based model")},
}};

QString number(double value)
{
    // 'g' with enough digits for a cp of 0.0001 or an nk of 800, without trailing zeros.
    return QString::number(value, 'g', 6);
}

} // namespace

QString techniqueTitle(const std::string& technique)
{
    for (const TechniqueText& text : kTechniqueTexts)
        if (technique == text.key)
            return QCoreApplication::translate(kContext, text.title);
    return QString::fromStdString(technique);
}

QString originText(ModelOrigin origin)
{
    // A literal context, so that lupdate finds the strings.
    switch (origin) {
    case ModelOrigin::Optimized:
        return QCoreApplication::translate("iolens::ui::Models", "optimized");
    case ModelOrigin::Stored:
        return QCoreApplication::translate("iolens::ui::Models", "stored");
    case ModelOrigin::Default:
        break;
    }
    return QCoreApplication::translate("iolens::ui::Models", "default");
}

QString parametersText(const std::string& technique, const core::ParamValues& values)
{
    core::ParamValues rest = values;
    QStringList parts;
    auto take = [&](const std::string& name) {
        const auto it = rest.find(name);
        if (it == rest.end())
            return;
        parts << QString::fromStdString(name) + QLatin1Char('=') + number(it->second);
        rest.erase(it);
    };
    try {
        for (const core::ParamSpec& spec : core::createRegressor(technique)->paramSpecs())
            take(spec.name);
    } catch (const std::exception&) {
        // An unknown technique (a model from a newer build): its parameters in name order.
    }
    if (const auto it = rest.find("log_response"); it != rest.end() && it->second == 1.0)
        rest.erase(it);
    for (const auto& [name, value] : rest)
        parts << QString::fromStdString(name) + QLatin1Char('=') + number(value);
    return parts.join(QLatin1Char(' '));
}

} // namespace iolens::ui
