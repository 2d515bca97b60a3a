#!/usr/bin/env python3
# dice-notation-oracle.py: the expected min, max and exact mean of
# tests/dice-notation.tsv worked out apart from hexaid's code: each die's
# outcomes as exact fractions (Python's fractions), rolls enumerated.
# SPDX-License-Identifier: GPL-3.0-or-later
from fractions import Fraction as F
from itertools import product
import math

DEPTH = 5  # a die explodes at most 5 times, as hexaid rolls it

def conv(a, b, op=lambda x, y: x + y):
    out = {}
    for x, p in a.items():
        for y, q in b.items():
            v = op(x, y)
            out[v] = out.get(v, 0) + p * q
    return out

def mapd(a, f):
    out = {}
    for x, p in a.items():
        out[f(x)] = out.get(f(x), 0) + p
    return out

def faces(s, lo=None, hi=None):
    vals = list(range(1, s + 1))
    return [min(max(v, lo if lo is not None else v), hi if hi is not None else 10**9) for v in vals]

def die(s, lo=None, hi=None, explode=None, penetrate=False, ro=None, rr=None, worth=None):
    """One die: its outcomes as {value: chance}; rolls of an exploding die as
    hexaid rolls them (at most DEPTH more); worth maps a roll to what it adds."""
    fs = faces(s, lo, hi)
    w = worth or (lambda v: v)
    if ro:
        out = {}
        for v in fs:
            if ro(v):
                for u in fs:
                    out[u] = out.get(u, 0) + F(1, s * s)
            else:
                out[v] = out.get(v, 0) + F(1, s)
        return mapd(out, w)
    if rr:
        keep = [v for v in fs if not rr(v)]
        out = {}
        for v in keep:
            out[v] = out.get(v, 0) + F(1, len(keep))
        return mapd(out, w)
    if not explode:
        out = {}
        for v in fs:
            out[w(v)] = out.get(w(v), 0) + F(1, s)
        return out
    out = {}
    def chain(total, k, p):
        for v in fs:
            add = w(v - 1 if (penetrate and k > 0) else v)
            if explode(v) and k < DEPTH:
                chain(total + add, k + 1, p / s)
            else:
                out[total + add] = out.get(total + add, 0) + p / s
    chain(0, 0, F(1))
    return out

def dice(n, d):
    out = {0: F(1)}
    for _ in range(n):
        out = conv(out, d)
    return out

def keep_enum(n, s, k, high=True, lo=None, hi=None):
    fs = faces(s, lo, hi)
    out = {}
    for roll in product(fs, repeat=n):
        r = sorted(roll, reverse=high)[:k]
        out[sum(r)] = out.get(sum(r), 0) + F(1, s ** n)
    return out

def const(c):
    return {F(c): F(1)}

def pool(members, k, high=True):
    out = {}
    items = [list(m.items()) for m in members]
    for combo in product(*items):
        vals = sorted((v for v, _ in combo), reverse=high)[:k]
        p = 1
        for _, q in combo:
            p *= q
        out[sum(vals)] = out.get(sum(vals), 0) + p
    return out

def fl(a): return mapd(a, lambda x: F(math.floor(x)))
def ce(a): return mapd(a, lambda x: F(math.ceil(x)))
def rnd(a): return mapd(a, lambda x: F(math.floor(x + F(1, 2))))

def summary(d):
    d = fl(d)  # a fraction at the end is rounded down
    vals = [v for v, p in d.items() if p]
    mean = sum(v * p for v, p in d.items())
    return min(vals), max(vals), mean

def count(n, s, score, **kw):
    return dice(n, die(s, worth=score, **kw))

d6 = die(6)
A = {}
A['d6'] = d6
A['1d20'] = die(20)
A['2d6+3'] = conv(dice(2, d6), const(3))
A['1d20-2'] = conv(die(20), const(-2))
A['-3d6'] = mapd(dice(3, d6), lambda x: -x)
A['4d6kh3'] = keep_enum(4, 6, 3)
A['4d6k3'] = A['4d6kh3']
A['2d20kh1'] = keep_enum(2, 20, 1)
A['2d20kl1'] = keep_enum(2, 20, 1, high=False)
A['4d6dl1'] = A['4d6kh3']
A['4d6d1'] = A['4d6kh3']
A['4d6d'] = A['4d6kh3']
A['4d6dl'] = A['4d6kh3']
A['4d6dh1'] = keep_enum(4, 6, 3, high=False)
A['4d6kh'] = keep_enum(4, 6, 1)
A['4d6kl'] = keep_enum(4, 6, 1, high=False)
A['d%'] = die(100)
A['2d%'] = dice(2, die(100))
fudge = {F(-1): F(1, 3), F(0): F(1, 3), F(1): F(1, 3)}
A['dF'] = fudge
A['4dF'] = dice(4, fudge)
A['2d6ro1'] = dice(2, die(6, ro=lambda v: v == 1))
A['2d6rr1'] = dice(2, die(6, rr=lambda v: v == 1))
A['2d6ro<=2'] = dice(2, die(6, ro=lambda v: v <= 2))
A['6d6>=5'] = count(6, 6, lambda v: int(v >= 5))
A['6d6<=2'] = count(6, 6, lambda v: int(v <= 2))
A['6d6=6'] = count(6, 6, lambda v: int(v == 6))
A['6d6>=5f1'] = count(6, 6, lambda v: int(v >= 5) - int(v == 1))
A['1d6!'] = die(6, explode=lambda v: v == 6)
A['3d6!'] = dice(3, A['1d6!'])
A['3d6!!'] = A['3d6!']
A['3d6!p'] = dice(3, die(6, explode=lambda v: v == 6, penetrate=True))
A['1d10!p'] = die(10, explode=lambda v: v == 10, penetrate=True)
A['2d6!>=5'] = dice(2, die(6, explode=lambda v: v >= 5))
# counting an exploding pool: each roll a die of its own (!), or the sum one die (!!)
A['4d6!6>=5'] = dice(4, die(6, explode=lambda v: v == 6, worth=lambda v: int(v >= 5)))
A['4d6!!6>=5'] = dice(4, mapd(die(6, explode=lambda v: v == 6), lambda x: int(x >= 5)))
A['3d6min2'] = dice(3, die(6, lo=2))
A['3d6max5'] = dice(3, die(6, hi=5))
A['3d6min2max5'] = dice(3, die(6, lo=2, hi=5))
A['4d6min2kh3'] = keep_enum(4, 6, 3, lo=2)
A['D66'] = {F(10 * a + b): F(1, 36) for a in range(1, 7) for b in range(1, 7)}
A['d66'] = die(66)
A['2d6*2'] = mapd(dice(2, d6), lambda x: 2 * x)
A['(2d6)*2'] = A['2d6*2']
A['1d6/2'] = mapd(d6, lambda x: x / 2)
A['floor(1d6/2)'] = fl(A['1d6/2'])
A['ceil(1d6/2)'] = ce(A['1d6/2'])
A['round(1d6/4)'] = rnd(mapd(d6, lambda x: x / 4))
A['abs(1d6-4)'] = mapd(d6, lambda x: abs(x - 4))
A['2d6/3+1'] = conv(mapd(dice(2, d6), lambda x: x / 3), const(1))
A['{2d6,1d8}kh1'] = pool([dice(2, d6), die(8)], 1)
A['{2d6,1d8}kl1'] = pool([dice(2, d6), die(8)], 1, high=False)
A['{1d6,1d6,1d6}kh2'] = pool([d6, d6, d6], 2)
A['{1d4,1d6}'] = conv(die(4), d6)
A['max(1d6,1d8)'] = pool([d6, die(8)], 1)
A['min(1d6,1d8)'] = pool([d6, die(8)], 1, high=False)
A['2d6-(1d4*2)'] = conv(dice(2, d6), mapd(die(4), lambda x: -2 * x))
A['(1d6+1)*1d4'] = conv(conv(d6, const(1)), die(4), lambda x, y: x * y)
A['1d6*1d6'] = conv(d6, d6, lambda x, y: x * y)
A['3d6+2d4-1d8'] = conv(conv(dice(3, d6), dice(2, die(4))), mapd(die(8), lambda x: -x))
A['d20+d4+2'] = conv(conv(die(20), die(4)), const(2))
A['1d1'] = die(1)
A['2d1+1'] = conv(dice(2, die(1)), const(1))

for k, d in A.items():
    lo, hi, mean = summary(d)
    print(f"{k}\t{lo}\t{hi}\t{mean}")
# big ones: by linearity
print("100d100\t100\t10000\t5050")
print("999d6\t999\t5994\t3496.5")
# 100d100kh1: P(max <= m) = (m/100)^100
m = sum(F(1) - F(k, 100) ** 100 for k in range(0, 100))
print("100d100kh1\t1\t100\t%.12g" % float(m))
