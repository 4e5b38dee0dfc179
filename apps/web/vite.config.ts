import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The browser always calls a same-origin /api; in development and preview Vite forwards it to the API server,
// in production the API server serves the built app itself.
const apiProxy = {
  '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
};

/** The page's first script (src/prefetch.ts): sends a dashboard's first API calls before the app has loaded. */
const PREFETCH_ENTRY = 'src/prefetch.ts';

/**
 * Puts the prefetch entry's script in index.html, `async`, so that it can run as soon as its few kilobytes are in,
 * before the app's bundle has even finished downloading. Chromium does not always run it that early, so main.tsx
 * imports it first as well: at the latest it runs just before the app's libraries are evaluated. It is a build input
 * of its own rather than a script tag in index.html because Vite merges every module script of a page into one
 * entry; being an entry also keeps its few modules in a chunk apart from the libraries, which it must not wait for.
 */
function prefetchScript(): Plugin {
  return {
    name: 'kingdom-stats:prefetch-script',
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
        const chunk = Object.values(context.bundle).find(
          (output) =>
            output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith(PREFETCH_ENTRY),
        );
        if (chunk?.type !== 'chunk') throw new Error(`${PREFETCH_ENTRY} is missing from the build`);
        const tags = [
          `<script type="module" async crossorigin src="/${chunk.fileName}"></script>`,
          ...chunk.imports
            .filter((file) => !html.includes(`"/${file}"`))
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ];
        const appEntry = html.indexOf('<script type="module"');
        if (appEntry === -1)
          throw new Error('index.html has no module script for the prefetch script to precede');
        return `${html.slice(0, appEntry)}${tags.join('\n    ')}\n    ${html.slice(appEntry)}`;
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

export default defineConfig({
  plugins: [react(), tailwindcss(), prefetchScript(), precompress()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest (dist/.vite/manifest.json) maps each lazy route to its chunks, so bench/web-bundle.ts can tell
    // which JavaScript a route needs: every route module is a page.tsx, so chunk names alone do not say. The server
    // reads it too, to preload a dashboard's chunks with the page (apps/server/src/plugins/web-app.ts).
    manifest: true,
    rolldownOptions: { input: { index: 'index.html', prefetch: PREFETCH_ENTRY } },
  },
});
