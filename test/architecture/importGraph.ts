import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Every .ts file under `dir`. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : p.endsWith('.ts') ? [p] : [];
  });
}

// Static imports and re-exports (type-only ones too: a cycle of types is still a knot a reader
// must untie), and dynamic import() of a relative path.
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|import\s*\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The project's own import graph: file → the files it imports, paths relative to `root`. */
export function importGraph(root: string, dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of filesUnder(dir)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].map((m) => {
      const spec = (m[1] ?? m[2])!;
      return relative(root, resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
    });
    graph.set(relative(root, file), [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components with more than one file (Tarjan): each is an import cycle. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indexOf.has(v)) visit(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
