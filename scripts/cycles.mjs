#!/usr/bin/env node
/*
 * Fails on any runtime import cycle in the workspace's sources.
 *
 * A cycle of value imports makes module evaluation order matter: a module of the ring can read a
 * binding of another before that one has run (`API` undefined while routes register). Type-only
 * imports (`import type`, `export type`) vanish at build and are left out; under
 * `verbatimModuleSyntax` an `import { type X }` still loads the module, so it counts. Dynamic
 * `import()` loads on demand, not while the importer evaluates, and is left out too.
 *
 * Usage: node scripts/cycles.mjs [--verbose]   (exit 1 and a list of the cycles when there are any)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_ROOTS = ['packages/core/src', 'packages/db/src', 'apps/server/src', 'apps/web/src'];
/** Workspace packages by name, mapped as their package.json "exports" do (`./*` → `./src/*.ts`). */
const PACKAGES = {
  '@rostra/core': 'packages/core/src',
  '@rostra/db': 'packages/db/src',
  '@rostra/server': 'apps/server/src',
};
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(m?ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The file a specifier names, or null for a package outside the workspace. */
function resolveSpecifier(from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else {
    const pkg = Object.keys(PACKAGES).find((p) => specifier === p || specifier.startsWith(`${p}/`));
    if (!pkg) return null;
    base = join(root, PACKAGES[pkg], specifier === pkg ? 'index' : specifier.slice(pkg.length + 1));
  }
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => join(base, `index${e}`)),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** The specifiers a module loads when it is evaluated. */
function runtimeImports(file) {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const specifiers = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue;
      specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      // `export { type A, type B } from` re-exports nothing at runtime.
      if (clause && ts.isNamedExports(clause) && clause.elements.length > 0) {
        if (clause.elements.every((e) => e.isTypeOnly)) continue;
      }
      specifiers.push(statement.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      !statement.isTypeOnly &&
      ts.isExternalModuleReference(statement.moduleReference)
    ) {
      specifiers.push(statement.moduleReference.expression.text);
    }
  }
  return specifiers;
}

/** Strongly connected components of more than one module, or of one that imports itself (Tarjan). */
function cycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  function visit(v) {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indexOf.get(w)));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) found.push(component);
    }
  }
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return found;
}

/** One shortest ring through `start` inside its component, to show how the cycle closes. */
function ringThrough(graph, component, start) {
  const inside = new Set(component);
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [v];
        for (let p = previous.get(v); p !== null; p = previous.get(p)) path.unshift(p);
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

const graph = new Map();
for (const sourceRoot of SOURCE_ROOTS) {
  for (const file of sourceFiles(join(root, sourceRoot))) {
    const edges = new Set();
    for (const specifier of runtimeImports(file)) {
      const target = resolveSpecifier(file, specifier);
      if (target) edges.add(target);
    }
    graph.set(file, edges);
  }
}

const found = cycles(graph);
const name = (f) => relative(root, f);
if (found.length === 0) {
  console.log(`cycles: no runtime import cycle among ${graph.size} modules`);
} else {
  console.error(`cycles: ${found.length} runtime import cycle(s)`);
  for (const component of found) {
    const sorted = component.map(name).sort();
    const start = component.find((f) => name(f) === sorted[0]);
    console.error(`\n  ${component.length} modules; one ring:`);
    console.error(`    ${ringThrough(graph, component, start).map(name).join('\n    -> ')}`);
    if (process.argv.includes('--verbose')) for (const f of sorted) console.error(`    · ${f}`);
  }
  process.exit(1);
}
