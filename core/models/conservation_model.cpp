// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/conservation_model.hpp"

#include "common/error.hpp"
#include "data/csv_table.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace iolens::core {

namespace {

bool isRead(Metric metric)
{
    return metric == Metric::TpReadMbs || metric == Metric::IopsRead;
}
bool isIops(Metric metric)
{
    return metric == Metric::IopsRead || metric == Metric::IopsWrite;
}

std::string describeContext(const Configuration& c, const FeatureSchema& schema)
{
    std::string text;
    for (const FeatureColumn& column : schema.columns()) {
        if (column.factor == Factor::RequestBytes || column.factor == Factor::ReadPct)
            continue;
        text += (text.empty() ? "" : ", ") + column.name() + "="
            + (column.categorical() ? std::string(categoricalValue(c, column.factor))
                                    : formatNumber(numericValue(c, column.factor)));
    }
    return text.empty() ? "the measured system" : text;
}

double interpolateLogLog(double x, double x0, double y0, double x1, double y1)
{
    const double t = (std::log(x) - std::log(x0)) / (std::log(x1) - std::log(x0));
    return std::exp(std::log(y0) + t * (std::log(y1) - std::log(y0)));
}

} // namespace

std::optional<double> directionIops(const AggregatedMeasurement& row, bool read, Metric unit)
{
    const auto iops = row.value(read ? Metric::IopsRead : Metric::IopsWrite);
    const auto mbs = row.value(read ? Metric::TpReadMbs : Metric::TpWriteMbs);
    const auto fromMbs = [&row](double value) {
        return value * 1024.0 * 1024.0 / static_cast<double>(row.config.requestBytes);
    };
    if (mbs && (!isIops(unit) || !iops))
        return fromMbs(*mbs);
    return iops;
}

void ConservationModel::setParameters(const ParamValues& values)
{
    resolveParameters(kTechnique, paramSpecs(), values);
}

FitReport ConservationModel::fit(const Dataset&)
{
    throw ConfigError("the conservation model needs the 100 % read and the 100 % write throughput "
                      "of each request size, which one metric's dataset does not carry; it has no "
                      "parameters to cross-validate or optimize: evaluate it on the read/write "
                      "mixes (--scenario \"read_pct>0,read_pct<100\")");
}

FitReport ConservationModel::fitMeasurements(const std::vector<AggregatedMeasurement>& rows,
    const FeatureSchema& schema, Metric metric, bool logResponse)
{
    if (metric != Metric::TpReadMbs && metric != Metric::TpWriteMbs && !isIops(metric))
        throw ConfigError("the conservation model predicts throughput and IOPS, not "
            + std::string(metricName(metric)));
    m_schema = schema;
    m_metric = metric;
    m_logResponse = logResponse;
    m_requestColumn = m_readColumn = -1;
    for (std::size_t i = 0; i < schema.columns().size(); ++i) {
        if (schema.columns()[i].factor == Factor::RequestBytes)
            m_requestColumn = static_cast<int>(i);
        if (schema.columns()[i].factor == Factor::ReadPct)
            m_readColumn = static_cast<int>(i);
    }
    if (m_readColumn < 0)
        throw DataError("the conservation model needs measurements at several read shares; the "
                        "training data has only one");

    // Per system configuration and size: the 100 % read and 100 % write IOPS.
    std::map<ContextKey, std::map<double, std::pair<double, double>>> found;
    m_contextConfigs.clear();
    for (const AggregatedMeasurement& row : rows) {
        const bool read = row.config.readPct == 100.0;
        if (!read && row.config.readPct != 0.0)
            continue;
        const auto iops = directionIops(row, read, metric);
        if (!iops || *iops <= 0.0)
            continue;
        Eigen::MatrixXd x;
        try {
            x = schema.encode({row.config});
        } catch (const Error&) {
            continue; // a level the rows of this metric never had: not part of the model
        }
        const ContextKey context = contextOf(x.row(0));
        m_contextConfigs.emplace(context, row.config);
        auto& entry = found[context][static_cast<double>(row.config.requestBytes) / 1024.0];
        (read ? entry.first : entry.second) = *iops;
    }

    FitReport report;
    m_tables.clear();
    for (const auto& [context, sizes] : found) {
        std::vector<SizeCapacity> table;
        for (const auto& [kib, iops] : sizes) {
            if (iops.first > 0.0 && iops.second > 0.0)
                table.push_back({kib, iops.first, iops.second});
            else
                report.warnings.push_back(formatNumber(kib) + " KiB on "
                    + describeContext(m_contextConfigs.at(context), schema) + ": only the 100 % "
                    + (iops.first > 0.0 ? "read" : "write") + " measurement; the model needs both");
        }
        if (!table.empty())
            m_tables.emplace(context, std::move(table));
    }
    if (m_tables.empty())
        throw DataError("the conservation model needs, per request size, a measurement at 100 % "
                        "reads and one at 0 % reads (100 % writes); the training data has no size "
                        "with both");
    m_fitted = true;
    report.rows = static_cast<int>(rows.size());
    return report;
}

ConservationModel::ContextKey ConservationModel::contextOf(const Eigen::RowVectorXd& row) const
{
    ContextKey key;
    for (Eigen::Index j = 0; j < row.size(); ++j)
        if (j != m_requestColumn && j != m_readColumn)
            key.push_back(row(j));
    return key;
}

double ConservationModel::requestKibOf(const Eigen::RowVectorXd& row) const
{
    return m_requestColumn >= 0 ? row(m_requestColumn)
                                : numericValue(m_schema.fixedValues(), Factor::RequestBytes);
}

double ConservationModel::readPctOf(const Eigen::RowVectorXd& row) const
{
    return row(m_readColumn);
}

SizeCapacity ConservationModel::capacityAt(const ContextKey& context, double requestKib) const
{
    const auto table = m_tables.find(context);
    if (table == m_tables.end())
        throw DataError("the conservation model has no 100 % read and 100 % write measurements "
                        "for this system configuration; measure both to predict it");
    const std::vector<SizeCapacity>& sizes = table->second;
    const auto above = std::lower_bound(sizes.begin(), sizes.end(), requestKib,
        [](const SizeCapacity& c, double kib) { return c.requestKib < kib; });
    if (above != sizes.end() && above->requestKib == requestKib)
        return *above;
    if (above == sizes.begin() || above == sizes.end())
        throw DataError("the conservation model knows request sizes "
            + formatNumber(sizes.front().requestKib) + " to "
            + formatNumber(sizes.back().requestKib) + " KiB here, not " + formatNumber(requestKib)
            + " KiB; it does not extrapolate");
    const SizeCapacity& low = *(above - 1);
    const SizeCapacity& high = *above;
    return {requestKib,
        interpolateLogLog(requestKib, low.requestKib, low.readIops, high.requestKib, high.readIops),
        interpolateLogLog(
            requestKib, low.requestKib, low.writeIops, high.requestKib, high.writeIops)};
}

Eigen::VectorXd ConservationModel::predict(const Eigen::MatrixXd& x) const
{
    if (!m_fitted)
        throw StateError("conservation model: predict before fit");
    Eigen::VectorXd y(x.rows());
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const Eigen::RowVectorXd row = x.row(i);
        const double kib = requestKibOf(row);
        const double readPct = readPctOf(row);
        if (readPct < 0.0 || readPct > 100.0)
            throw DataError("read share " + formatNumber(readPct) + " % is outside 0..100 %");
        const SizeCapacity c = capacityAt(contextOf(row), kib);
        const double k = c.readIops / (readPct + (100.0 - readPct) * c.writeCost());
        const double iops = isRead(m_metric) ? k * readPct : k * (100.0 - readPct);
        const double value = isIops(m_metric) ? iops : iops * kib / 1024.0;
        y(i) = m_logResponse ? std::log(value) : value;
    }
    return y;
}

SizeCapacity ConservationModel::capacity(const Configuration& config) const
{
    if (!m_fitted)
        throw StateError("conservation model: capacity before fit");
    const Eigen::RowVectorXd row = m_schema.encode({config}).row(0);
    return capacityAt(contextOf(row), static_cast<double>(config.requestBytes) / 1024.0);
}

double ConservationModel::mixedTotalIops(const Configuration& config,
    const std::vector<SizeShare>& mix, double readPct, SizeMixRule rule) const
{
    if (readPct < 0.0 || readPct > 100.0)
        throw DataError("read share " + formatNumber(readPct) + " % is outside 0..100 %");
    double shares = 0.0, sum = 0.0;
    for (const SizeShare& part : mix) {
        Configuration sized = config;
        sized.requestBytes = std::llround(part.requestKib * 1024.0);
        const SizeCapacity c = capacity(sized);
        const double k = c.readIops / (readPct + (100.0 - readPct) * c.writeCost());
        shares += part.share;
        if (rule == SizeMixRule::PaperWeightedMean)
            sum += part.share * 100.0 * k; // eq. 7: T = 100 sum_i P_i k(S_i)
        else
            sum += part.share / (100.0 * k); // each size uses share / capacity of the whole
    }
    if (mix.empty() || std::fabs(shares - 1.0) > 1e-9)
        throw DataError(
            "the shares of a request-size mix must add up to 1, not " + formatNumber(shares));
    return rule == SizeMixRule::PaperWeightedMean ? sum : 1.0 / sum;
}

std::vector<std::pair<Configuration, std::vector<SizeCapacity>>> ConservationModel::tables() const
{
    std::vector<std::pair<Configuration, std::vector<SizeCapacity>>> result;
    for (const auto& [context, sizes] : m_tables)
        result.emplace_back(m_contextConfigs.at(context), sizes);
    return result;
}

std::string ConservationModel::describe() const
{
    if (!m_fitted)
        return "conservation model (not fitted)\n";
    std::ostringstream out;
    out << "Conservation model (Ra and Lee): k = T100r / (R + (100 - R) f_rw), T_read = k R, "
           "T_write = k (100 - R)\n";
    for (const auto& [context, sizes] : m_tables) {
        out << describeContext(m_contextConfigs.at(context), m_schema) << ":\n";
        out << "  request_kib  T100r_iops  T100w_iops  f_rw\n";
        for (const SizeCapacity& c : sizes)
            out << "  " << formatNumber(c.requestKib) << "  " << formatNumber(c.readIops) << "  "
                << formatNumber(c.writeIops) << "  " << formatNumber(c.writeCost()) << "\n";
    }
    return out.str();
}

nlohmann::json ConservationModel::saveState() const
{
    nlohmann::json tables = nlohmann::json::array();
    for (const auto& [context, sizes] : m_tables) {
        nlohmann::json entry {{"context", context}, {"sizes", nlohmann::json::array()}};
        for (const SizeCapacity& c : sizes)
            entry["sizes"].push_back({c.requestKib, c.readIops, c.writeIops});
        tables.push_back(std::move(entry));
    }
    return {{"metric", metricName(m_metric)}, {"log_response", m_logResponse},
        {"request_column", m_requestColumn}, {"read_column", m_readColumn},
        {"tables", std::move(tables)}};
}

void ConservationModel::loadState(const nlohmann::json& state, const FeatureSchema& schema)
{
    m_schema = schema;
    const auto metric = parseMetric(state.at("metric").get<std::string>());
    if (!metric)
        throw DataError("conservation model: unknown metric in the saved state");
    m_metric = *metric;
    m_logResponse = state.at("log_response").get<bool>();
    m_requestColumn = state.at("request_column").get<int>();
    m_readColumn = state.at("read_column").get<int>();
    // A file is not trusted: the columns and every table's context must fit the schema before
    // they index it (a fuzzed file gave a read column past the schema's end).
    const auto columns = static_cast<int>(schema.columns().size());
    if (m_requestColumn < 0 || m_requestColumn >= columns || m_readColumn < 0
        || m_readColumn >= columns || m_requestColumn == m_readColumn)
        throw DataError("conservation model: request_column " + std::to_string(m_requestColumn)
            + " and read_column " + std::to_string(m_readColumn)
            + " must be two different columns of the " + std::to_string(columns)
            + "-column schema");
    m_tables.clear();
    m_contextConfigs.clear();
    for (const auto& entry : state.at("tables")) {
        const ContextKey context = entry.at("context").get<ContextKey>();
        if (context.size() != static_cast<std::size_t>(columns - 2))
            throw DataError("conservation model: a table's context has "
                + std::to_string(context.size()) + " values, the schema's other columns "
                + std::to_string(columns - 2));
        std::vector<SizeCapacity> sizes;
        for (const auto& size : entry.at("sizes"))
            sizes.push_back(
                {size.at(0).get<double>(), size.at(1).get<double>(), size.at(2).get<double>()});
        m_tables.emplace(context, std::move(sizes));
        // The description needs a configuration per table: rebuild one from the key.
        Configuration config = schema.fixedValues();
        std::size_t k = 0;
        for (std::size_t j = 0; j < schema.columns().size(); ++j) {
            const FeatureColumn& column = schema.columns()[j];
            if (static_cast<int>(j) == m_requestColumn || static_cast<int>(j) == m_readColumn)
                continue;
            const double value = context[k++];
            if (column.factor == Factor::Scheduler || column.factor == Factor::Pattern) {
                // A level index: a whole number below the level count (a cast of anything else
                // to size_t is undefined).
                if (!(value >= 0.0 && value < static_cast<double>(column.levels.size())
                        && value == std::floor(value)))
                    throw DataError("conservation model: a table's context holds "
                        + std::to_string(value) + ", not a level of "
                        + std::string(featureName(column.factor)));
                const std::string& level = column.levels[static_cast<std::size_t>(value)];
                if (column.factor == Factor::Scheduler)
                    config.scheduler = level;
                else
                    parsePattern(level, config.pattern);
            } else {
                setNumericValue(config, column.factor, value);
            }
        }
        m_contextConfigs.emplace(context, config);
    }
    m_fitted = true;
}

std::unique_ptr<Regressor> ConservationModel::clone() const
{
    return std::make_unique<ConservationModel>(*this);
}

} // namespace iolens::core
