#!/usr/bin/env python3
"""Reduces a generated program (gen.Program) while a predicate holds (e.g. "the executor and
WGSL still disagree"): greedy passes that drop steps nothing later uses (atomics always may
go), turn loops and workgroup exchanges into plain lets of their value, replace any
subexpression by one of its operands of the same type or by a constant 0 or 1, until no
candidate keeps the predicate true. Every candidate keeps the generator's rules (gen.valid:
exact floats; ensure_runtime: no constant u32 operator, shift or zero divisor), so a reduced
program is still a valid one."""
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
    """Candidates for an expression: its operands of the same type, then small constants."""
    t = e[1]
    out = [c for c in e[2:] if isinstance(c, tuple) and c[1] == t]
    if t in (gen.U, gen.F):
        for n in (0, 1):
            c = ("const", t, n if t == gen.U else float(n))
            if e != c:
                out.append(c)
    return out


def uses(e, name):
    return any(node[0] == "var" and node[2] == name for _, node in subexprs(e))


def step_exprs(step):
    """The expressions of a step (with their index in the step tuple)."""
    kind = step[0]
    if kind in ("let", "shared"):
        return [(2, step[2])]
    if kind == "subgroup":
        return [(3, step[3])]
    if kind == "loop":
        return [(3, step[3])]
    if kind == "mat":
        return [(2, step[2]), (3, step[3])]
    return [(2, step[2]), (3, step[3])]  # atomic: index, value (the condition is dropped whole)


def step_name(step):
    return None if step[0] == "atomic" else step[1]


def later_exprs(p, k):
    out = [x for s in p.steps[k + 1:] for _, x in step_exprs(s)]
    out += [c for s in p.steps[k + 1:] if s[0] == "atomic" and s[4] for c in s[4][1:]]
    return out + [p.result, p.fresult] + list(p.rounded[1:])


def fix(e, names=("序",)):
    """The generator's u32 rules again at every node of a rewritten expression (names: the
    variables in scope that depend on the input, 「甲」 in helpers)."""
    if not isinstance(e, tuple) or e[0] in ("var", "const"):
        return e
    e = tuple(fix(x, names) if isinstance(x, tuple) else x for x in e)
    return gen.ensure_runtime(e, list(names))


def rewrites(p):
    # drop a step whose name nothing later uses
    for k, step in enumerate(p.steps):
        name = step_name(step)
        if name is None or not any(uses(x, name) or uses(x, name + "甲") for x in later_exprs(p, k)):
            q = p.copy()
            del q.steps[k]
            yield q
    for k, step in enumerate(p.steps):
        q = p.copy()
        if step[0] == "loop":        # a loop becomes a let of its initial value
            q.steps[k] = ("let", step[1], step[3])
        elif step[0] == "shared":    # an exchange becomes a let of the value written
            q.steps[k] = ("let", step[1], step[2])
        elif step[0] == "subgroup":  # so does a subgroup operation
            q.steps[k] = ("let", step[1], step[3])
        elif step[0] == "atomic" and step[4] is not None:
            q.steps[k] = step[:4] + (None,)
        else:
            continue
        yield q
    # simplify the results, the steps and the helpers, node by node
    for field in ("result", "fresult"):
        root = getattr(p, field)
        for path, node in list(subexprs(root)):
            for new in simpler(node):
                q = p.copy()
                setattr(q, field, fix(replace(root, path, new)))
                yield q
    for i in range(1, len(p.rounded)):
        for path, node in list(subexprs(p.rounded[i])):
            for new in simpler(node):
                q = p.copy()
                q.rounded = p.rounded[:i] + (fix(replace(p.rounded[i], path, new)),) + p.rounded[i + 1:]
                yield q
    for k, step in enumerate(p.steps):
        for at, root in step_exprs(step):
            for path, node in list(subexprs(root)):
                for new in simpler(node):
                    q = p.copy()
                    q.steps[k] = step[:at] + (fix(replace(root, path, new)),) + step[at + 1:]
                    yield q
    for k, h in enumerate(p.helpers):
        for path, node in list(subexprs(h)):
            for new in simpler(node):
                q = p.copy()
                q.helpers[k] = fix(replace(h, path, new), ("甲",))
                yield q


def candidates(p):
    """Smaller programs that keep the generator's rules."""
    for q in rewrites(p):
        if gen.valid(q):
            yield q


def size(p):
    return len(gen.render(p))


def reduce(program, still_fails, limit=500):
    """The smallest program found (by rendered length) for which still_fails holds, asking
    still_fails at most `limit` times (each a run of yusec and Dawn, ≈ 1 s)."""
    best, tries = program, 0
    progress = True
    while progress and tries < limit:
        progress = False
        for q in candidates(best):
            if size(q) >= size(best):
                continue
            tries += 1
            if still_fails(q):
                best, progress = q, True
                break
            if tries >= limit:
                break
    return best
