#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Trains `auto` on unusual parts of every measured system and predicts the rest, through the
command line as a user would (import, train --technique auto, predict --interval 0.8).

    tests/tools/level_holdout_sweep.py [--cli PATH] [--only NAME ...] [--subset NAME ...]
                                       [--techniques auto lm mars ...]

Per system (the two shared grids and tests/data/measured/*.csv) and part, one line per metric:
the mean, median and largest relative error of the rows asked and the share of them inside
the 80 % interval. The parts: `all` (grid and repeat runs trained, the held-out splits asked),
`no-top-F` and `no-mid-F` (the grid without the largest or the middle level of factor F, that
level asked), `random-only`, `one-sched` and `sample30` (a seeded 30 % of the grid trained).
A failed command prints its status and message instead. With --techniques each technique named
is trained and scored in turn (the technique ahead of each line; the plain ones at their
defaults, without intervals, so their coverage is "-"). Run it with two builds' command lines
and diff the outputs to see what a change does outside the grids' grouped CV (grouped_cv_report
holds out one level at a time, each factor with three levels or more). Needs a release build;
takes some 8 minutes on two cores.
"""
import argparse
import csv
import math
import pathlib
import random
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
METRICS = ['rt_read_ms', 'rt_write_ms', 'tp_read_mbs', 'tp_write_mbs', 'iops_read', 'iops_write',
           'rt_read_p99_ms', 'rt_write_p99_ms']


def systems():
    found = {'tiered': ROOT.parent / 'shared/data/fio-tiered-grid.csv',
             'local': ROOT.parent / 'shared/data/fio-local-grid.csv'}
    for path in sorted((ROOT / 'tests/data/measured').glob('*.csv')):
        found[path.stem] = path
    return found


def load(path):
    with open(path, newline='') as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        for key in row:
            row[key] = (row[key] or '').strip()
    return rows


def parts(rows):
    """(name, rows to train on, rows to ask) per part of one system."""
    grid = [r for r in rows if r['split'] in ('grid', 'repeat')]
    yield 'all', grid, [r for r in rows if r['split'] not in ('grid', 'repeat')]
    for factor in ('request_bytes', 'fileset_bytes', 'read_pct', 'threads'):
        levels = sorted({float(r[factor]) for r in grid})
        if len(levels) < 3:
            continue
        top, middle = levels[-1], levels[len(levels) // 2]
        yield (f'no-top-{factor}', [r for r in grid if float(r[factor]) < top],
               [r for r in grid if float(r[factor]) == top])
        yield (f'no-mid-{factor}', [r for r in grid if float(r[factor]) != middle],
               [r for r in grid if float(r[factor]) == middle])
    if len({r['pattern'] for r in grid}) > 1:
        yield ('random-only', [r for r in grid if r['pattern'] == 'random'],
               [r for r in grid if r['pattern'] != 'random'])
    if len({r['scheduler'] for r in grid}) > 1:
        first = sorted({r['scheduler'] for r in grid})[0]
        yield ('one-sched', [r for r in grid if r['scheduler'] == first],
               [r for r in grid if r['scheduler'] != first])
    chooser = random.Random(1)
    sample = [r for r in grid if chooser.random() < 0.3]
    yield 'sample30', sample, [r for r in grid if r not in sample]


def write(path, rows, header):
    with open(path, 'w', newline='') as f:
        writer = csv.DictWriter(f, header, extrasaction='ignore')
        writer.writeheader()
        writer.writerows(rows)


def run(cli, *args):
    return subprocess.run([cli, *args], capture_output=True, text=True)


def score(asked, predicted, metric):
    """One line's figures: relative errors and interval hits of the rows with the metric (a
    prediction without an interval counts as its own interval)."""
    errors, inside, malformed = [], 0, 0
    for row, answer in zip(asked, predicted):
        try:
            value = float(answer['predicted'])
            low, high = (float(answer.get(k, value)) for k in ('lower', 'upper'))
        except ValueError:
            malformed += 1
            continue
        if not math.isfinite(value) or value < 0 or not low <= value <= high:
            malformed += 1
        if row.get(metric) and float(row[metric]) > 0:
            measured = float(row[metric])
            errors.append(abs(value - measured) / measured)
            inside += low <= measured <= high
    return sorted(errors), inside, malformed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--cli', default=str(ROOT / 'build/release/app/iolens-cli'))
    parser.add_argument('--only', nargs='*', default=[], help='systems to run (file stems)')
    parser.add_argument('--subset', nargs='*', default=[], help='parts to run')
    parser.add_argument('--techniques', nargs='*', default=['auto'],
                        help='techniques to train and score, each in turn (default: auto)')
    args = parser.parse_args()
    work = pathlib.Path(tempfile.mkdtemp(prefix='iolens-sweep-'))
    for system, path in systems().items():
        if args.only and system not in args.only:
            continue
        rows = load(path)
        header = list(rows[0].keys())
        for part, train, asked in parts(rows):
            if not train or not asked or (args.subset and part not in args.subset):
                continue
            db = work / f'{system}-{part}.sqlite'
            write(work / 'train.csv', train, header)
            write(work / 'asked.csv', asked, header)
            done = run(args.cli, 'import', '--db', str(db), '--csv', str(work / 'train.csv'),
                       '--dataset', 'd')
            if done.returncode:
                print(system, part, 'import', done.returncode, done.stderr.strip()[:200])
                continue
            for technique, metric in ((t, m) for t in args.techniques for m in METRICS):
                if sum(1 for r in train if r.get(metric) and float(r[metric]) > 0) < 4:
                    continue
                # The technique leads the line only when several are compared, so the default
                # output diffs line by line against older runs.
                label = (f'{technique:7} ' if args.techniques != ['auto'] else '') + f'{metric:16}'
                name = f'{metric}-{technique}'
                interval = ['--interval', '0.8'] if technique == 'auto' else []
                done = run(args.cli, 'train', '--db', str(db), '--dataset', 'd', '--technique',
                           technique, '--metric', metric, '--name', name)
                if done.returncode == 0:
                    done = run(args.cli, 'predict', '--db', str(db), '--model', name,
                               '--configs', str(work / 'asked.csv'), '--out',
                               str(work / 'predicted.csv'), *interval)
                if done.returncode:
                    print(f'{system:28} {part:22} {label} status {done.returncode}: '
                          + done.stderr.strip()[:300])
                    continue
                with open(work / 'predicted.csv', newline='') as f:
                    errors, inside, malformed = score(asked, list(csv.DictReader(f)), metric)
                if errors:
                    n = len(errors)
                    coverage = f'{100 * inside / n:4.0f}%' if interval else '    -'
                    print(f'{system:28} {part:22} {label} n={n:3} '
                          f'MRE {100 * sum(errors) / n:8.1f}% med {100 * errors[n // 2]:6.1f}% '
                          f'max {100 * errors[-1]:9.1f}% cov {coverage} '
                          f'bad {malformed}', flush=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
