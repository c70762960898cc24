#!/usr/bin/python3
"""bench/peer.py: the work of `pairboot report --format json`, as a
competent user of pandas and scipy would write it, to time pairboot against.

    bench/peer.py STUDY [--check RESULTS_JSON] [--median]

Reads study.ini and runs.csv, every accepted run's latency CSV (pandas),
the per-run statistic (the p99 of the study's column, Hyndman-Fan type 7,
numpy's default "linear" rule, times the study's scale), the paired
differences of each state against the reference in each series (blocks
holding an accepted run of both), and a percentile bootstrap interval of
their mean with the study's B and confidence (scipy.stats.bootstrap,
vectorized, one generator per comparison).  pairboot's estimate is the
mean difference; --median bootstraps the median instead.  Prints one line
per comparison and the time of each phase.  With --check, the estimates
must agree with pairboot's results.json (to its rounding) and the
intervals within a tenth of their width (the random draws differ); exit
status 1 otherwise.

Bench-only: needs python3-pandas and python3-scipy (Debian), which are no
dependency of pairboot; bench/run skips the peer when they are missing.

Copyright (C) 2026 the pairboot authors
SPDX-License-Identifier: GPL-3.0-or-later
"""
import argparse
import configparser
import json
import os
import sys
import time

import numpy as np
import pandas as pd
from scipy import stats


def read_plan(study):
    """The [study] keys of study.ini and the ids of its latency series."""
    ini = configparser.ConfigParser(inline_comment_prefixes=None)
    ini.read(os.path.join(study, "study.ini"), encoding="utf-8")
    plan = dict(ini["study"])
    series = [s.split(None, 1)[1] for s in ini.sections()
              if s.startswith("series ")
              and ini[s].get("kind", "latency") == "latency"]
    return plan, series


def quantile_of(statistic):
    """The level of a statistic spelled pNN (p99, p99.9) or median."""
    if statistic == "median":
        return 0.5
    return float(statistic[1:]) / 100.0


def per_run_statistic(study, runs, column, level, scale):
    """The statistic of every accepted run, in runs.csv order."""
    values = np.empty(len(runs))
    for i, path in enumerate(runs["latency"]):
        lat = pd.read_csv(os.path.join(study, path), usecols=[column],
                          dtype={column: np.float64}, engine="c")
        values[i] = np.quantile(lat[column].to_numpy(), level) * scale
    return values


def paired_differences(runs, reference):
    """Per (series, state): the differences state - reference by block."""
    ref = runs[runs["state"] == reference].set_index(["series", "block"])
    out = {}
    for (series, state), grp in runs[runs["state"] != reference].groupby(
            ["series", "state"], sort=False):
        joined = grp.set_index(["series", "block"]).join(
            ref["stat"], rsuffix="_ref", how="inner").sort_index()
        out[(series, state)] = (joined["stat"] - joined["stat_ref"]).to_numpy()
    return out


def bootstrap(diffs, resamples, confidence, seed, statistic):
    """The percentile interval of STATISTIC over the differences."""
    res = stats.bootstrap((diffs,), statistic, n_resamples=resamples,
                          confidence_level=confidence, method="percentile",
                          vectorized=True, axis=-1,
                          random_state=np.random.default_rng(seed))
    return res.confidence_interval.low, res.confidence_interval.high


def check(results_path, found):
    """Compares FOUND (key -> (n, estimate, lo, hi)) with results.json."""
    with open(results_path, encoding="utf-8") as f:
        results = json.load(f)
    bad = 0
    for c in results["comparisons"]:
        key = (str(c["series"]), str(c["state"]))
        n, est, lo, hi = found.get(key, (0, np.nan, np.nan, np.nan))
        iv = c["interval"]
        width = iv["hi"] - iv["lo"]
        if (n != c["pairs"] or abs(est - c["difference"]) > 0.0005 + 1e-9
                or abs(lo - iv["lo"]) > 0.1 * width
                or abs(hi - iv["hi"]) > 0.1 * width):
            print(f"peer: series {key[0]} state {key[1]}: {n} pairs, "
                  f"{est:.3f} [{lo:.3f}, {hi:.3f}]; pairboot: {c['pairs']}, "
                  f"{c['difference']} [{iv['lo']:.3f}, {iv['hi']:.3f}]",
                  file=sys.stderr)
            bad += 1
    print(f"peer: check against {results_path}: "
          f"{len(results['comparisons']) - bad} of "
          f"{len(results['comparisons'])} comparisons agree")
    return bad == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("study")
    ap.add_argument("--check", metavar="RESULTS_JSON")
    ap.add_argument("--median", action="store_true")
    args = ap.parse_args()

    t0 = time.perf_counter()
    plan, _ = read_plan(args.study)
    runs = pd.read_csv(os.path.join(args.study, "runs.csv"),
                       dtype={"series": str, "state": str})
    runs = runs[runs["accepted"] == "yes"].reset_index(drop=True)
    runs["stat"] = per_run_statistic(args.study, runs, plan["column"],
                                     quantile_of(plan["statistic"]),
                                     float(plan.get("scale", "1")))
    t1 = time.perf_counter()
    diffs = paired_differences(runs, plan["reference"])
    statistic = np.median if args.median else np.mean
    seed = int(plan["seed"])
    found = {}
    for k, ((series, state), d) in enumerate(diffs.items()):
        lo, hi = bootstrap(d, int(plan["resamples"]),
                           float(plan["confidence"]), seed + k, statistic)
        found[(series, state)] = (len(d), float(statistic(d)), lo, hi)
        print(f"peer: series {series} state {state}: {len(d)} pairs, "
              f"{found[(series, state)][1]:.3f} [{lo:.3f}, {hi:.3f}]")
    t2 = time.perf_counter()
    print(f"peer: {len(runs)} runs read in {t1 - t0:.3f} s, "
          f"{len(diffs)} comparisons bootstrapped in {t2 - t1:.3f} s, "
          f"total {t2 - t0:.3f} s")
    if args.check and not check(args.check, found):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
