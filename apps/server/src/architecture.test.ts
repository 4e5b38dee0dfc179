import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The house rules of docs/architecture.md that a reader of one file cannot see, checked over the whole of
 * apps/server/src: no import circle (two files that need each other cannot be read, tested or moved apart), and a
 * feature with a public interface (features/<name>/index.ts) is entered only through it by the rest of the server
 * (tests may reach further in: they test the parts), and the reading layer (import/, db/, auth/, the clock, config,
 * caches, errors) uses no feature, plugin or entry point. Both read the import statements themselves (static,
 * type-only, re-exports and dynamic imports alike), so nothing has to be built first.
 */

const SOURCE_ROOT = path.dirname(fileURLToPath(import.meta.url));
const SOURCE_FILE = /\.(ts|mts|mjs|js)$/;
/** Files and folders of the server's bottom layer (docs/architecture.md, "Layers"). */
const READING_LAYER = [
  'import',
  'db',
  'auth',
  'config.ts',
  'time.ts',
  'cache-key.ts',
  'compute-cache.ts',
  'errors.ts',
  'event-loop.ts',
];

/** The module specifiers a source file imports or re-exports, in the order written. */
function importsOf(source: string): string[] {
  const found: { at: number; specifier: string }[] = [];
  // An import or export statement holds no '(', '=' or ';' before its `from`: that keeps `export const x = '…'` out.
  const statement = /^[ \t]*(?:import|export)\b[^;'"`()=]*?\bfrom\s*['"]([^'"]+)['"]/gm;
  const sideEffect = /^[ \t]*import\s*['"]([^'"]+)['"]/gm;
  const dynamic = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const pattern of [statement, sideEffect, dynamic]) {
    for (const match of source.matchAll(pattern)) found.push({ at: match.index, specifier: match[1]! });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.specifier);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    // Tests are left out: nothing imports one, so none can close a circle, and their sample code is not code.
    return SOURCE_FILE.test(name) && !name.includes('.test.') ? [full] : [];
  });
}

interface ImportGraph {
  /** File (relative to apps/server/src) → the files of apps/server/src it imports. */
  edges: Map<string, string[]>;
  /** Relative imports that name no file: the walk misread a statement, or the code would not load. */
  unresolved: string[];
}

function serverImportGraph(): ImportGraph {
  const edges = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of sourceFiles(SOURCE_ROOT)) {
    const from = path.relative(SOURCE_ROOT, file);
    const targets: string[] = [];
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue; // packages: outside the house
      const target = path.resolve(path.dirname(file), specifier);
      if (!existsSync(target)) unresolved.push(`${from} → ${specifier}`);
      else if (!path.relative(SOURCE_ROOT, target).startsWith('..'))
        targets.push(path.relative(SOURCE_ROOT, target));
    }
    edges.set(from, targets);
  }
  return { edges, unresolved };
}

/** One circle per knot of files that reach each other, each written from its first file back to it. */
function findCircles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const circles = new Map<string, string[]>();
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string) => {
    onPath.push(file);
    for (const next of edges.get(file) ?? []) {
      const back = onPath.indexOf(next);
      if (back >= 0) {
        const circle = onPath.slice(back);
        circles.set([...circle].sort().join('\n'), [...circle, next]);
      } else if (!done.has(next)) visit(next);
    }
    onPath.pop();
    done.add(file);
  };
  for (const file of [...edges.keys()].sort()) if (!done.has(file)) visit(file);
  return [...circles.values()];
}

/** `file → target` for every import of a room's file other than its index.ts, from a file outside that room. */
function reachesIntoRooms(edges: ReadonlyMap<string, readonly string[]>, rooms: readonly string[]): string[] {
  const found: string[] = [];
  for (const [file, targets] of edges) {
    for (const target of targets) {
      const room = rooms.find((r) => target.startsWith(r + path.sep));
      if (room && !file.startsWith(room + path.sep) && target !== path.join(room, 'index.ts')) {
        found.push(`${file} → ${target}`);
      }
    }
  }
  return found;
}

/** `file → target` for every import from a file under one of `lower` of a file under one of `higher`. */
function climbs(
  edges: ReadonlyMap<string, readonly string[]>,
  lower: readonly string[],
  higher: readonly string[],
): string[] {
  const under = (file: string, places: readonly string[]) =>
    places.some((place) => file === place || file.startsWith(place + path.sep));
  return [...edges].flatMap(([file, targets]) =>
    under(file, lower) ? targets.filter((t) => under(t, higher)).map((t) => `${file} → ${t}`) : [],
  );
}

describe('reading the imports', () => {
  it('finds static, type-only, multi-line, re-exported and dynamic imports, and nothing in comments', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      'import {',
      '  c,',
      '  type C,',
      "} from './c.ts';",
      "export { d } from './d.ts';",
      "export * from './e.ts';",
      "import './f.ts';",
      "export const notAnImport = './h.ts';",
      'export function alsoNot(from = 1) {',
      '  return from + " from \'./i.ts\'";',
      '}',
      "// Imported here, not at the top: 'not-an-import'",
      "const { g } = await import('./g.ts');",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      './a.ts',
      '../b.ts',
      './c.ts',
      './d.ts',
      './e.ts',
      './f.ts',
      './g.ts',
    ]);
  });

  it('finds a circle of two files and one of three, and none in a chain', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts', 'c.ts']],
      ['c.ts', ['d.ts']],
      ['d.ts', ['e.ts']],
      ['e.ts', ['c.ts']],
      ['f.ts', ['a.ts']],
    ]);
    expect(findCircles(graph)).toEqual([
      ['a.ts', 'b.ts', 'a.ts'],
      ['c.ts', 'd.ts', 'e.ts', 'c.ts'],
    ]);
    expect(
      findCircles(
        new Map([
          ['x.ts', ['y.ts']],
          ['y.ts', ['z.ts']],
        ]),
      ),
    ).toEqual([]);
  });

  it("finds a file that reaches past a room's index.ts, and lets the room's own files and the index pass", () => {
    const room = path.join('features', 'a');
    const inside = (name: string) => path.join(room, name);
    const graph = new Map([
      [path.join('features', 'b', 'x.ts'), [inside('index.ts'), inside('queries.ts')]],
      [path.join('features', 'ab', 'y.ts'), [path.join('features', 'ab', 'z.ts')]],
      [inside('index.ts'), [inside('queries.ts')]],
      ['app.ts', [inside('index.ts')]],
    ]);
    expect(reachesIntoRooms(graph, [room])).toEqual([
      `${path.join('features', 'b', 'x.ts')} → ${inside('queries.ts')}`,
    ]);
  });
  it('finds a file of a lower layer that imports one of a higher layer', () => {
    const graph = new Map([
      [
        path.join('import', 'parse.ts'),
        [path.join('features', 'scans', 'store.ts'), path.join('db', 'schema.ts')],
      ],
      [path.join('features', 'scans', 'store.ts'), [path.join('import', 'parse.ts')]],
      [path.join('importer', 'x.ts'), ['app.ts']],
    ]);
    expect(climbs(graph, ['import', 'db'], ['features', 'app.ts'])).toEqual([
      `${path.join('import', 'parse.ts')} → ${path.join('features', 'scans', 'store.ts')}`,
    ]);
  });
});

describe('apps/server/src', () => {
  const graph = serverImportGraph();

  it('resolves every relative import to a file (the walk reads the code as Node does)', () => {
    expect(graph.unresolved).toEqual([]);
    expect(graph.edges.get('app.ts')).toContain(path.join('plugins', 'error-handler.ts'));
  });

  it('has no import circle', () => {
    expect(findCircles(graph.edges).map((circle) => circle.join(' → '))).toEqual([]);
  });

  it('keeps the reading layer free of features, plugins and the entry points', () => {
    expect(
      climbs(graph.edges, READING_LAYER, ['features', 'plugins', 'cli', 'demo', 'app.ts', 'main.ts']),
    ).toEqual([]);
  });

  it('enters a feature that has a public interface (its index.ts) only through it', () => {
    const rooms = [...graph.edges.keys()]
      .filter((file) => /^features\/[^/]+\/index\.ts$/.test(file.split(path.sep).join('/')))
      .map((index) => path.dirname(index));
    expect(rooms).toContain(path.join('features', 'dashboard'));
    expect(reachesIntoRooms(graph.edges, rooms)).toEqual([]);
  });
});
