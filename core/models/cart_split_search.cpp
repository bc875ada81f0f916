// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/cart_split_search.hpp"

#include <algorithm>
#include <utility>

// R rpart's split search for method "anova" (mysort.c, anova.c, graycode.c), re-implemented with
// the same expressions and summation order, so that exact ties resolve as in R.

namespace iolens::core::cart_detail {

void rpartSort(std::vector<double>& x, std::vector<int>& rows, int start, int stop)
{
    while (start < stop) {
        if (stop - start < 11) {
            for (int i = start + 1; i <= stop; ++i) {
                const double value = x[i];
                const int row = rows[i];
                int j = i - 1;
                for (; j >= start && x[j] > value; --j) {
                    x[j + 1] = x[j];
                    rows[j + 1] = rows[j];
                }
                x[j + 1] = value;
                rows[j + 1] = row;
            }
            return;
        }
        int i = start;
        int j = stop;
        const int k = (start + stop) / 2;
        double median = x[k];
        if (x[i] >= x[k]) {
            if (x[j] > x[k])
                median = x[i] > x[j] ? x[j] : x[i];
        } else if (x[j] < x[k]) {
            median = x[i] > x[j] ? x[i] : x[j];
        }
        while (i < j) {
            while (x[i] < median)
                ++i;
            while (x[j] > median)
                --j;
            if (i < j) {
                if (x[i] > x[j]) {
                    std::swap(x[i], x[j]);
                    std::swap(rows[i], rows[j]);
                }
                ++i;
                --j;
            }
        }
        // Skip the block equal to the median: only the parts below and above need more work.
        while (x[i] >= median && i > start)
            --i;
        while (x[j] <= median && j < stop)
            ++j;
        // Recurse on the shorter part so that the stack stays O(log n).
        if (i - start < stop - j) {
            if (i - start > 0)
                rpartSort(x, rows, start, i);
            start = j;
        } else {
            if (stop - j > 0)
                rpartSort(x, rows, j, stop);
            stop = i;
        }
    }
}

Candidate scanNumeric(
    const std::vector<double>& xs, const std::vector<double>& ys, int n, int edge, double risk)
{
    double rightSum = 0.0;
    double rightWt = 0.0;
    for (int i = 0; i < n; ++i) {
        rightSum += ys[i];
        rightWt += 1.0;
    }
    const double grandMean = rightSum / rightWt;
    double leftSum = 0.0;
    double leftWt = 0.0;
    rightSum = 0.0; // sums of y - grandMean: the total is zero
    int leftN = 0;
    int rightN = n;
    double best = 0.0;
    int where = 0;
    int lessSide = kLeft;
    for (int i = 0; rightN > edge; ++i) {
        leftWt += 1.0;
        rightWt -= 1.0;
        ++leftN;
        --rightN;
        const double centred = ys[i] - grandMean;
        leftSum += centred;
        rightSum -= centred;
        if (xs[i + 1] != xs[i] && leftN >= edge) {
            const double gain = leftSum * leftSum / leftWt + rightSum * rightSum / rightWt;
            if (gain > best) {
                best = gain;
                where = i;
                lessSide = leftSum < rightSum ? kLeft : kRight;
            }
        }
    }
    Candidate candidate;
    candidate.improve = best / risk;
    if (best > 0.0) {
        candidate.lessSide = lessSide;
        candidate.cut = (xs[where] + xs[where + 1]) / 2;
    }
    return candidate;
}

Candidate scanCategorical(const std::vector<double>& xs, const std::vector<double>& ys, int n,
    int levels, int edge, double risk)
{
    double rightSum = 0.0;
    double rightWt = 0.0;
    for (int i = 0; i < n; ++i) {
        rightSum += ys[i];
        rightWt += 1.0;
    }
    const double grandMean = rightSum / rightWt;
    std::vector<double> sums(levels, 0.0);
    std::vector<double> wts(levels, 0.0);
    std::vector<int> counts(levels, 0);
    for (int i = 0; i < n; ++i) {
        const int level = static_cast<int>(xs[i]);
        ++counts[level];
        wts[level] += 1.0;
        sums[level] += ys[i] - grandMean;
    }
    std::vector<int> sides(levels, 0);
    std::vector<double> means(levels, 0.0);
    std::vector<int> order;
    for (int l = 0; l < levels; ++l) {
        if (counts[l] > 0) {
            sides[l] = kRight;
            means[l] = sums[l] / wts[l];
            order.push_back(l);
        }
    }
    std::stable_sort(
        order.begin(), order.end(), [&means](int a, int b) { return means[a] < means[b]; });

    Candidate candidate;
    double leftSum = 0.0;
    double leftWt = 0.0;
    rightSum = 0.0;
    int leftN = 0;
    int rightN = n;
    double best = 0.0;
    for (const int level : order) {
        sides[level] = kLeft;
        leftN += counts[level];
        rightN -= counts[level];
        leftWt += wts[level];
        rightWt -= wts[level];
        leftSum += sums[level];
        rightSum -= sums[level];
        if (leftN >= edge && rightN >= edge) {
            const double gain = leftSum * leftSum / leftWt + rightSum * rightSum / rightWt;
            if (gain > best) {
                best = gain;
                const bool flip = leftSum / leftWt > rightSum / rightWt;
                candidate.sides = sides;
                if (flip)
                    for (int& side : candidate.sides)
                        side = -side;
            }
        }
    }
    candidate.improve = best / risk;
    return candidate;
}

} // namespace iolens::core::cart_detail
