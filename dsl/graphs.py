"""Graphs of names: which rules, definitions or table entries lead to which.

The checker (rings of calls and of table look-ups) and the compiler (what a definition reads
through the definitions it calls) ask the same question of a graph, so it is answered here once.
Plain dicts in, plain dicts out: this module knows nothing of the AST, and it must never recurse
(a rulebook may chain thousands of names).
"""
from __future__ import annotations


def components(graph: dict) -> dict:
    """node -> the number of its strongly connected component in `graph` (node -> the nodes it
    leads to): two nodes share one when each leads to the other. Tarjan's, without recursion, so
    a chain as long as a rulebook can make costs no depth. The nodes come in the order their
    components are finished: every component after all those it leads to."""
    index, low, comp, stack, on = {}, {}, {}, [], set()
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            node, it = work[-1]
            nxt = next((x for x in it if x not in index or x in on), None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(graph.get(nxt, ()))))
                else:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp[x] = index[node]
                    if x == node:
                        break
    return comp


def on_rings(graph: dict) -> dict:
    """node -> its component (`components`), for each node that can come back to itself: one of a
    component of two or more, or one that leads to itself. The others are left out."""
    comp = components(graph)
    size: dict = {}
    for c in comp.values():
        size[c] = size.get(c, 0) + 1
    return {node: c for node, c in comp.items() if size[c] > 1 or node in graph.get(node, ())}
