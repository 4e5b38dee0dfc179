import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { rolldown } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { i18nCatalogs } from './i18n-catalogs.ts';

// The browser always calls a same-origin /api; in development and preview Vite forwards it to the API server,
// in production the API server serves the built app itself.
const apiProxy = {
  '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
};

/** The page's first script (src/prefetch.ts): sends a dashboard's first API calls before the app has loaded. */
const PREFETCH_ENTRY = 'src/prefetch.ts';

/**
 * Builds the page's first script as a classic script (an IIFE bundle, with its own copy of the API client) and writes
 * it into index.html inline, ahead of the app's module script and the style sheet (an inline script after a style
 * sheet would wait for it). As a module script it waited for the browser to compile the app's whole module graph
 * (150 kB gzipped), and on a cold load the dashboard's calls went out 250–700 ms after the script had arrived; as an
 * `async` file of its own it waited for its bytes, which Chromium fetched with the page's other low-priority files:
 * the calls went out 150–260 ms after navigation (docs/benchmarks.md, "Issue 16: the page's first script inline
 * (session 18)"). Inline, it runs as the page's head is parsed. The server's Content-Security-Policy allows this one
 * script by its hash (apps/server/src/plugins/web-app.ts). The app finds its requests through client.ts's early
 * answers, kept on the page's global object. main.tsx still imports prefetch.ts first: should the inline script not
 * have run, the app's own copy sends the calls (a second run finds them under way and sends nothing).
 */
function prefetchScript(): Plugin {
  let code = '';
  return {
    name: 'kingdom-stats:prefetch-script',
    async buildStart() {
      if (this.meta.watchMode) return;
      const bundle = await rolldown({
        input: PREFETCH_ENTRY,
        platform: 'browser',
        logLevel: 'warn',
        // packages/core makes its collators and number format when loaded; this script uses none of them, and the
        // first Intl object of a page loads ICU's data, which held the dashboard's calls back (40–150 ms on a loaded
        // machine; docs/benchmarks.md, "Issue 16: first screen (session 6)"). The app makes them when it loads.
        treeshake: { manualPureFunctions: ['Intl.Collator', 'Intl.NumberFormat', 'Intl.DateTimeFormat'] },
      });
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true });
        code = output[0].code.trim();
        // Inline, the text must not end its own <script> element (nor open a comment the parser would honour).
        if (/<\/script|<!--/i.test(code))
          throw new Error(`${PREFETCH_ENTRY} built to text that cannot be inlined`);
      } finally {
        await bundle.close();
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) {
          // The dev server serves modules one by one: a plain module script is already separate.
          return [
            {
              tag: 'script',
              attrs: { type: 'module', async: true, src: `/${PREFETCH_ENTRY}` },
              injectTo: 'head-prepend',
            },
          ];
        }
        if (!code) throw new Error(`${PREFETCH_ENTRY} was not built`);
        const appEntry = html.indexOf('<script type="module"');
        if (appEntry === -1)
          throw new Error('index.html has no module script for the prefetch script to precede');
        const styleSheet = html.indexOf('<link rel="stylesheet"');
        if (styleSheet !== -1 && styleSheet < appEntry)
          throw new Error(
            'index.html has a style sheet before its module script: the inline script would wait for it',
          );
        return `${html.slice(0, appEntry)}<script>${code}</script>\n    ${html.slice(appEntry)}`;
      },
    },
  };
}

/** Files under this size gain little from compression and cost a header more than they save. */
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each built script, style sheet and SVG, so that the server sends
 * compressed bytes without compressing per request (apps/server/src/plugins/web-compression.ts) and a host needs no
 * compressing proxy. index.html is left out: the server keeps it in memory and compresses it there.
 */
function precompress(): Plugin {
  return {
    name: 'kingdom-stats:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const output of Object.values(bundle)) {
        if (!/\.(?:js|css|svg)$/.test(output.fileName)) continue;
        const source = output.type === 'chunk' ? output.code : output.source;
        const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (bytes.length < PRECOMPRESS_MIN_BYTES) continue;
        const file = join(outDir, output.fileName);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The app's chunks every first screen runs (its shared code, the dashboard's own): V8 compiles all their functions as
 * it streams them in, on a background thread, instead of each one on the page's main thread when first called
 * (Chromium's explicit compile hints; other browsers read a comment). It cut the dashboard's main-thread script time
 * by 18 ms a load (docs/benchmarks.md, "Issue 16: one layout drawn"). Not the libraries' chunk: most of its 444 kB
 * (the router's, zod's and React's other paths) never runs on a first screen, and compiling all of it kept the page
 * waiting for that thread; without the hint the first row came 10–40 ms sooner for 13–16 ms more main-thread script
 * ("Issue 16: what is left of the ratios, and the first screen's requests (session 19)"). The routes' own chunks
 * gained nothing measurable and are left lazy.
 */
const COMPILED_ON_LOAD = new Set(['app', 'dashboard']);

/** The web app's shared code: the API client and the first screens' hooks, components, exports, session, formats. */
const SHARED_WEB_CODE =
  /apps[\\/]web[\\/]src[\\/](?:api[\\/](?:client|query-client|dashboard[\w-]*|demo|public-config|auth)\.ts|components|export|auth|i18n|format\.ts|features[\\/](?:kingdom\.ts|governor[\\/]GovernorLink))/;
/** packages/core's API modules (src/api/<name>.ts) that the first screens (dashboard, demo, landing, sign-in) use. */
const SHARED_CORE_API = new Set(['dashboard', 'errors', 'public-config', 'auth', 'health', 'index']);

/** The `app` chunk: the shared web code and packages/core, but for the other screens' API schemas. */
function isSharedCode(id: string): boolean {
  if (SHARED_WEB_CODE.test(id)) return true;
  const core = /packages[\\/]core[\\/]src[\\/](?:api[\\/]([\w-]+)\.ts)?/.exec(id);
  return core !== null && (core[1] === undefined || SHARED_CORE_API.has(core[1]));
}

export default defineConfig({
  plugins: [react(), tailwindcss(), i18nCatalogs(), prefetchScript(), precompress()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest (dist/.vite/manifest.json) maps each lazy route to its chunks, so bench/web-bundle.ts can tell
    // which JavaScript a route needs: every route module is a page.tsx, so chunk names alone do not say. The server
    // reads it too, to preload a dashboard's chunks with the page (apps/server/src/plugins/web-app.ts).
    manifest: true,
    rolldownOptions: {
      input: { index: 'index.html' },
      output: {
        // After minification, which drops comments.
        postBanner: (chunk) => (COMPILED_ON_LOAD.has(chunk.name) ? '//# allFunctionsCalledOnLoad' : ''),
        // The libraries every screen runs before its first paint in one chunk of their own. Left to itself the
        // bundler cut them by which screens share what, into pieces of a few hundred bytes (the JSX runtime,
        // useQuery, useMutation) that moved whenever any screen changed what it imported; each is a request more
        // before the first row, and a browser fetches at most 6 at a time from an HTTP/1.1 server.
        codeSplitting: {
          groups: [
            // The governor and compare pages' chart library, named so that bench/web-bundle.ts can tell that the
            // dashboard route never loads it.
            { name: 'charts', test: /[\\/]node_modules[\\/]uplot[\\/]/ },
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/](?:react-query|query-core)|zod|@lingui[\\/](?:core|react))[\\/]/,
            },
            // The app's shared code (API client and hooks, components, exports, packages/core) and the dashboard's
            // own modules, two chunks where the bundler made 19: a shared link's first screen fetched 24 scripts
            // over HTTP/1.1's 6 connections, and its scripts were in 50–130 ms later than with 7 (first row 30–100 ms
            // sooner; docs/benchmarks.md, "Issue 16: first screen, fewer scripts"). Its price: the landing page
            // loads 9 kB (gzipped) more. The dashboard's parts loaded on demand (Autarch, the filter editor, the
            // Diplomatic Overview) and the route module itself, which the server preloads by name, stay apart. What
            // other screens borrow (number formats, the export icon) lives in the shared code, so that the KvK DKP and
            // movements routes do not load the dashboard's chunk for it. The API hooks and response schemas of the
            // other screens (admin, formula, KvK DKP, governor, rallies, movements) are not shared code: they go
            // with their routes. Every zod schema is built when its chunk loads, and a profile of the dashboard's
            // first screen put 15 ms of the main thread in building the other screens' (packages/core is
            // `sideEffects: false`, so that what a screen does not import is not built; docs/benchmarks.md, "Issue 16:
            // the page's first script inline").
            { name: 'app', test: isSharedCode },
            {
              name: 'dashboard',
              test: /apps[\\/]web[\\/]src[\\/]features[\\/]dashboard[\\/](?!page\.tsx|AutarchView|FilterModal|DiploModal|lazy-parts)/,
            },
          ],
        },
      },
    },
  },
});
