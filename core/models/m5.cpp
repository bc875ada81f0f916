// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/m5.hpp"

#include "common/counted_noun.hpp"

namespace iolens::core {

CubistParams M5::toCubist(const M5Params& params)
{
    CubistParams cubist;
    cubist.rules = params.rules;
    cubist.committees = 1; // M5 = Cubist(committees = 1, neighbors = 0), as the paper's R code
    cubist.neighbors = 0;
    return cubist;
}

std::vector<ParamSpec> M5::paramSpecs() const
{
    std::vector<ParamSpec> specs = m_cubist.paramSpecs();
    specs.resize(1); // nsplits only
    return specs;
}

ParamValues M5::parameters() const
{
    return {{"nsplits", m_cubist.params().rules}};
}

void M5::setParameters(const ParamValues& values)
{
    const ParamValues resolved = resolveParameters(kTechnique, paramSpecs(), values);
    M5Params params;
    params.rules = static_cast<int>(resolved.at("nsplits"));
    m_cubist.setParams(toCubist(params));
}

std::string M5::describe() const
{
    if (!isFitted())
        return "M5 model tree (not fitted)";
    return "M5 model tree as " + countedNoun(m_cubist.model().members.front().rules.size(), "rule")
        + " (Cubist with one committee member, no instance correction)\n"
        + m_cubist.describeRules();
}

} // namespace iolens::core
