# SPDX-License-Identifier: GPL-3.0-or-later
# R's side of compare_with_r.sh: fit and 10-fold CV times of earth and rpart on the CSVs
# bench_models --export-data wrote, with the same parameters as bench_models.
suppressPackageStartupMessages({ library(earth); library(rpart) })
dir <- commandArgs(trailingOnly = TRUE)[1]
time_ms <- function(f, reps = 5) {
  f()  # warm up
  t <- system.time(for (i in seq_len(reps)) f())[["elapsed"]]
  1000 * t / reps
}
cv10 <- function(d, fit) {
  set.seed(1)
  fold <- sample(rep(1:10, length.out = nrow(d)))
  for (k in 1:10) {
    m <- fit(d[fold != k, ])
    predict(m, d[fold == k, ])
  }
}
cat("name,ms\n")
for (set in c("local", "table1")) {
  d <- read.csv(file.path(dir, paste0(set, ".csv")), stringsAsFactors = TRUE)
  mars <- function(nk) function(x) earth(y ~ ., data = x, degree = 2, nk = nk)
  cart <- function(x) rpart(y ~ ., data = x, method = "anova",
                            control = rpart.control(xval = 0, maxcompete = 0, maxsurrogate = 0))
  nk_default <- min(200, max(20, 2 * (ncol(d) - 1))) + 1
  for (spec in list(list("default", nk_default), list("nk800", 800))) {
    cat(sprintf("fit/mars/%s/%s,%.3f\n", spec[[1]], set, time_ms(function() mars(spec[[2]])(d))))
    cat(sprintf("cv10/mars/%s/%s,%.3f\n", spec[[1]], set,
                time_ms(function() cv10(d, mars(spec[[2]])), reps = 1)))
  }
  cat(sprintf("fit/cart/default/%s,%.3f\n", set, time_ms(function() cart(d))))
  cat(sprintf("cv10/cart/default/%s,%.3f\n", set, time_ms(function() cv10(d, cart), reps = 3)))
}
