#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""How well `auto`'s 80 % intervals cover the measured systems' held-out runs, and how wide they
are: coverage alone rewards a band as wide as the data (Gneiting, Balabdaoui and Raftery 2007:
"maximise sharpness subject to calibration").

    tests/tools/interval_sharpness.py [--cli PATH] [--out DIR] [--param NAME=VALUE ...]

Per system of tests/data/measured/ with held-out splits: trains `auto` on its grid and repeat
runs through the command line (import, train --technique auto, predict --interval 0.8) and asks
for its interp and extrap runs. Prints, pooled over the systems, per metric and per system: the
runs covered, the mean relative error, the median width (upper / lower) and the median position
of a run in its band (|log(measured / predicted)| over the log distance to the bound on its side:
0 at the answer, 1 at the bound). A calibrated 80 % band with errors of a symmetric, unimodal
shape puts the median run at about 0.4-0.5 of the way out. --param passes auto parameters to
train (interval_scale=0: the bands before they were scaled). Takes well under a minute.
"""
import argparse
import csv
import math
import pathlib
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
METRICS = ["rt_read_ms", "rt_write_ms", "tp_read_mbs", "tp_write_mbs"]


def held_out_points(cli, out, params):
    points = []
    for path in sorted((ROOT / "tests/data/measured").glob("*.csv")):
        rows = list(csv.DictReader(path.open()))
        held = [r for r in rows if r["split"] in ("interp", "extrap")]
        train = [r for r in rows if r["split"] in ("grid", "repeat")]
        if not held or not train:
            continue
        name = path.stem
        files = {"train": out / f"{name}-train.csv", "held": out / f"{name}-held.csv"}
        for key, part in (("train", train), ("held", held)):
            with files[key].open("w", newline="") as f:
                writer = csv.DictWriter(f, list(rows[0].keys()))
                writer.writeheader()
                writer.writerows(part)
        db = out / f"{name}.db"
        subprocess.run([cli, "import", "--db", db, "--csv", files["train"]], check=True,
                       capture_output=True)
        for metric in METRICS:
            subprocess.run([cli, "train", "--db", db, "--technique", "auto", "--metric", metric,
                            "--name", metric] + [a for p in params for a in ("--param", p)],
                           check=True, capture_output=True)
            predicted = out / f"{name}-{metric}.csv"
            subprocess.run([cli, "predict", "--db", db, "--model", metric, "--configs",
                            files["held"], "--out", predicted, "--interval", "0.8"], check=True,
                           capture_output=True)
            for run, answer in zip(held, csv.DictReader(predicted.open())):
                if run[metric]:
                    points.append({"system": name, "metric": metric, "kind": run["split"],
                                   "measured": float(run[metric]),
                                   "predicted": float(answer["predicted"]),
                                   "lower": float(answer["lower"]),
                                   "upper": float(answer["upper"])})
    return points


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def summary(label, points):
    if not points:
        return
    covered = sum(p["lower"] <= p["measured"] <= p["upper"] for p in points) / len(points)
    error = sum(abs(p["predicted"] / p["measured"] - 1) for p in points) / len(points)
    positions = []
    for p in points:
        bound = p["upper"] if p["measured"] >= p["predicted"] else p["lower"]
        reach = math.log(bound / p["predicted"])
        off = abs(math.log(p["measured"] / p["predicted"]))
        positions.append(off / abs(reach) if reach else math.inf)
    width = median(p["upper"] / p["lower"] for p in points)
    print(f"{label:42s} {len(points):4d} runs  covered {100 * covered:5.1f} %  error "
          f"{100 * error:7.1f} %  width x{width:<8.3g} position {median(positions):.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", default=str(ROOT / "build/release/app/iolens-cli"))
    parser.add_argument("--out", help="keep the databases and predictions here")
    parser.add_argument("--param", action="append", default=[], help="auto parameter NAME=VALUE")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        out = pathlib.Path(args.out or scratch)
        out.mkdir(parents=True, exist_ok=True)
        points = held_out_points(args.cli, out, args.param)
    for kind in ("interp", "extrap"):
        summary(f"all systems, {kind}", [p for p in points if p["kind"] == kind])
        for metric in METRICS:
            summary(f"  {metric}", [p for p in points if p["kind"] == kind
                                    and p["metric"] == metric])
    for system in sorted({p["system"] for p in points}):
        for kind in ("interp", "extrap"):
            summary(f"{system}, {kind}", [p for p in points if p["system"] == system
                                          and p["kind"] == kind])


if __name__ == "__main__":
    main()
