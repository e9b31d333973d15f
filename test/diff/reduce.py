#!/usr/bin/env python3
"""Reduces a generated program (gen.Program) while a predicate holds (e.g. "the executor and
WGSL still disagree"): greedy passes that drop helpers' uses, turn let/loop steps into plain
lets of their initial value, replace any subexpression by one of its operands or by a
constant, and drop steps no longer used, until no candidate keeps the predicate true."""
import gen


def subexprs(e, path=()):
    """Every (path, node) of an expression tree, root first."""
    yield path, e
    for i, child in enumerate(e):
        if isinstance(child, tuple):
            yield from subexprs(child, path + (i,))


def replace(e, path, new):
    if not path:
        return new
    i = path[0]
    return e[:i] + (replace(e[i], path[1:], new),) + e[i + 1:]


def simpler(e):
    """Candidates for an expression: its operands, then small constants."""
    out = [c for c in e[1:] if isinstance(c, tuple)]
    if e != ("const", 0):
        out.append(("const", 0))
    if e != ("const", 1):
        out.append(("const", 1))
    return out


def uses(e, name):
    return any(node[0] == "var" and node[1] == name for _, node in subexprs(e))


def step_exprs(step):
    return [step[2]] if step[0] == "let" else [step[3]]


def candidates(p):
    # drop a step whose name nothing later uses
    for k, step in enumerate(p.steps):
        later = [x for s in p.steps[k + 1:] for x in step_exprs(s)] + [p.result]
        if not any(uses(x, step[1]) for x in later):
            q = p.copy()
            del q.steps[k]
            yield q
    # a loop becomes a let of its initial value
    for k, step in enumerate(p.steps):
        if step[0] == "loop":
            q = p.copy()
            q.steps[k] = ("let", step[1], step[3])
            yield q
    # simplify the result, the steps and the helpers, node by node
    for path, node in list(subexprs(p.result)):
        for new in simpler(node):
            q = p.copy()
            q.result = gen.ensure_runtime(replace(p.result, path, new), ["序"]) if path else new
            yield q
    for k, step in enumerate(p.steps):
        root = step[2] if step[0] == "let" else step[3]
        for path, node in list(subexprs(root)):
            for new in simpler(node):
                q = p.copy()
                e = replace(root, path, new)
                q.steps[k] = ("let", step[1], e) if step[0] == "let" else step[:3] + (e,) + step[4:]
                yield q


def size(p):
    return len(gen.render(p))


def reduce(program, still_fails, limit=2000):
    """The smallest program found (by rendered length) for which still_fails holds."""
    best, tries = program, 0
    progress = True
    while progress and tries < limit:
        progress = False
        for q in candidates(best):
            tries += 1
            if size(q) < size(best) and still_fails(q):
                best, progress = q, True
                break
            if tries >= limit:
                break
    return best
