#!/usr/bin/env python3
# dice-notation-oracle.py: the expected min, max and exact mean of
# tests/dice-notation.tsv worked out apart from hexaid's code: each die's
# outcomes as exact fractions (Python's fractions), rolls enumerated; an
# exploding die (1000 explosions at most, as rpg-dice-roller 5.5.1 rolls it) in
# closed form, checked against its chains enumerated 40 deep.
# SPDX-License-Identifier: GPL-3.0-or-later
from fractions import Fraction as F
from itertools import product
import math

DEPTH = 1000  # a die explodes at most 1000 times, as rpg-dice-roller and hexaid roll it
CHECK = 40    # the chains enumerated to check the closed form

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
    # chains of rolls to CHECK explosions (the longer ones, at most 3^-40, left out)
    out, chain = {}, {0: F(1)}
    for k in range(CHECK + 1):
        step = {}
        for v in fs:
            add = w(v - 1 if (penetrate and k > 0) else v)
            step[(explode(v), add)] = step.get((explode(v), add), 0) + F(1, s)
        nxt = {}
        for (boom, add), q in step.items():
            for total, p in chain.items():
                into = nxt if boom and k < CHECK else out
                into[total + add] = into.get(total + add, 0) + p * q
        chain = nxt
    return out

def explode_closed(s, explode, penetrate=False, worth=None):
    """One exploding die to DEPTH explosions, closed form: its least and greatest
    worth over every chain, and its mean, m1 + m2 (p + p^2 + ... + p^DEPTH)."""
    fs, w = faces(s), worth or (lambda v: v)
    roll = [[w(v - 1 if (penetrate and later) else v) for v in fs] for later in (0, 1)]
    boom = [[x for v, x in zip(fs, r) if explode(v)] for r in roll]
    stop = [[x for v, x in zip(fs, r) if not explode(v)] for r in roll]
    p = F(len(boom[0]), s)
    mean = F(sum(roll[0]), s) + F(sum(roll[1]), s) * sum(p ** i for i in range(1, DEPTH + 1))
    lo = hi = None
    clo = chi = 0
    for k in range(DEPTH + 1):
        last = roll[k > 0] if k == DEPTH else stop[k > 0]
        lo = min(x for x in [clo + min(last)] + ([lo] if lo is not None else []))
        hi = max(x for x in [chi + max(last)] + ([hi] if hi is not None else []))
        clo += min(boom[k > 0])
        chi += max(boom[k > 0])
    return lo, hi, mean

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

def checked(d, n, closed):
    """n exploding dice of a kind: the closed form's least, greatest and mean
    (times n), after the chains enumerated agree with it."""
    lo, hi, mean = closed
    near = sum(v * p for v, p in d.items())
    assert abs(near - mean) < F(1, 10 ** 15), (near, mean)
    assert min(d) == lo and max(d) < hi
    return (n * lo, n * hi, n * mean)

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

# exploding dice: closed form, each kind checked against its chains
X = {}
six = lambda v: v == 6
X['1d6!'] = checked(A['1d6!'], 1, explode_closed(6, six))
X['3d6!'] = checked(A['1d6!'], 3, explode_closed(6, six))
X['3d6!!'] = X['3d6!']  # compounding adds the same rolls into one die
d6p = die(6, explode=six, penetrate=True)
X['3d6!p'] = checked(d6p, 3, explode_closed(6, six, penetrate=True))
X['1d10!p'] = checked(A['1d10!p'], 1, explode_closed(10, lambda v: v == 10, penetrate=True))
X['2d6!>=5'] = checked(die(6, explode=lambda v: v >= 5), 2,
                       explode_closed(6, lambda v: v >= 5))
hit = lambda v: int(v >= 5)
X['4d6!6>=5'] = checked(die(6, explode=six, worth=hit), 4, explode_closed(6, six, worth=hit))
# a compounded die counted once: 5, or a 6 and on (at least 7), out of the chains
A['4d6!!6>=5'] = dice(4, {0: F(2, 3), 1: F(1, 3)})

def decimal(m):
    return str(m) if m.denominator < 10 ** 6 else "%.12g" % float(m)

for k, d in A.items():
    if k in X:
        lo, hi, mean = X[k]
        print(f"{k}\t{lo}\t{hi}\t{decimal(mean)}")
        continue
    lo, hi, mean = summary(d)
    print(f"{k}\t{lo}\t{hi}\t{mean}")
# big ones: by linearity
print("100d100\t100\t10000\t5050")
print("999d6\t999\t5994\t3496.5")
# 100d100kh1: P(max <= m) = (m/100)^100
m = sum(F(1) - F(k, 100) ** 100 for k in range(0, 100))
print("100d100kh1\t1\t100\t%.12g" % float(m))
