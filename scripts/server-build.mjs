// Bundles the server into apps/server/dist (main.mjs and the file reader's parse-worker-entry.mjs) when the bundle is
// missing or older than its sources. Running the TypeScript through tsx made every start transform and load some
// two hundred modules one by one: 1.4–5 s before the server answered (docs/benchmarks.md, "Server start-up"). The
// bundle is plain JavaScript in two files, the npm packages it uses included: Node finding and loading their few
// hundred files one by one was a third of a start (docs/benchmarks.md, "Issue 16: start-up with the packages
// bundled"). esbuild is the root's dependency, at the version tsx (a dependency of the server) brings too.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = join(root, 'apps/server/dist/main.mjs');
// What the bundle is made of: the lock file too, since the bundle holds the npm packages an install may change.
const sources = [
  'package-lock.json',
  'apps/server/src',
  'apps/server/package.json',
  'packages/core/src',
  'packages/core/package.json',
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/**
 * Packages Node loads from node_modules rather than the bundle: native addons, which cannot be bundled (pg's optional
 * pg-native too), and the Redis client, which the server imports only when REDIS_URL is set.
 */
const LOADED_BY_NODE = ['better-sqlite3', 'pg-native', 'ioredis'];

/** The bundle's path, built first when missing or stale (a fraction of a second). */
export async function ensureServerBuild() {
  const builtAt = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newestChange(join(root, source))));
  if (builtAt >= changedAt) return serverEntry;
  const { build, stop } = await import('esbuild');
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: LOADED_BY_NODE,
    logLevel: 'warning',
    // esbuild's own require() shim for CommonJS inside ESM needs one in scope.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  };
  try {
    await Promise.all([
      build({ ...common, entryPoints: [join(root, 'apps/server/src/main.ts')], outfile: serverEntry }),
      // parse-off-thread.ts starts readers from the file beside it; next to the bundle, that is this one.
      build({
        ...common,
        entryPoints: [join(root, 'apps/server/src/import/parse-worker.ts')],
        outfile: join(root, 'apps/server/dist/parse-worker-entry.mjs'),
      }),
    ]);
  } finally {
    // esbuild's service process would otherwise stay beside the supervisor for as long as it runs.
    await stop();
  }
  return serverEntry;
}
