import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwind from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

/** Dev mode proxies the API, the live channel and the server's assets to the server on 8080. */
const server = process.env.OEX_SERVER ?? 'http://localhost:8080';

/** Text files worth compressing; source maps are left alone (only developer tools fetch them). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build, at
 * the highest levels, once; the server sends the copy the browser accepts (@fastify/static's
 * `preCompressed`) instead of compressing on every request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'oex-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const data = await readFile(join(dir, name));
          const copies = {
            br: await brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gz: await gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
          };
          // A copy no smaller than the file is left out; the server then sends the file itself.
          for (const [extension, copy] of Object.entries(copies)) {
            if (copy.length < data.length) await writeFile(join(dir, `${name}.${extension}`), copy);
          }
        }),
      );
    },
  };
}

/** The pages worth fetching before the app asks for them: the ones people land on. */
const LANDING_PAGES: Record<string, string> = {
  '/home': 'src/pages/home/HomePage.tsx',
  '/markets': 'src/pages/markets/MarketsPage.tsx',
  '/trade': 'src/pages/trade/TradePage.tsx',
};
const LANGUAGES = ['en', 'zh', 'hk', 'jp', 'gm', 'du', 'fr'];

/**
 * A page and its texts are chunks the app imports only once its main script runs, one network
 * round trip after it. A small script in index.html asks for the landed page's chunks and the
 * language's texts (`modulepreload`) while the main script still downloads. Chunks the main script
 * imports statically are left out: Vite preloads those already.
 */
function preloadLandingPage(): Plugin {
  let root = '';
  return {
    name: 'oex-preload-landing-page',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = chunksOf(bundle);
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry)!;
        const loaded = closure(entry, chunks);
        const files = (module: string) => {
          const chunk = [...chunks.values()].find((c) => c.facadeModuleId === resolve(root, module));
          return chunk ? [...closure(chunk, chunks)].filter((file) => !loaded.has(file)) : [];
        };
        const pages = Object.fromEntries(
          Object.entries(LANDING_PAGES).map(([path, module]) => [path, files(module)]),
        );
        const texts = Object.fromEntries(
          LANGUAGES.map((lang) => [lang, files(`src/i18n/locales/${lang}/app.json`)]),
        );
        const script =
          `(function (p, t) { try { var l = localStorage.getItem('lang'); ` +
          `var f = (p[location.pathname] || []).concat(t[l] || t.en); ` +
          `for (var i = 0; i < f.length; i++) { var k = document.createElement('link'); ` +
          `k.rel = 'modulepreload'; k.href = '/' + f[i]; document.head.appendChild(k); } } catch (e) {} })` +
          `(${JSON.stringify(pages)}, ${JSON.stringify(texts)});`;
        // Before the stylesheet: an inline script after it would wait for the stylesheet to arrive.
        return html.replace('<script type="module"', `<script>${script}</script>\n    <script type="module"`);
      },
    },
  };
}

function chunksOf(bundle: OutputBundle): Map<string, OutputChunk> {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle))
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  return chunks;
}

/** A chunk's file and every chunk it imports statically, directly or not. */
function closure(chunk: OutputChunk, chunks: Map<string, OutputChunk>): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const next of chunks.get(file)?.imports ?? []) visit(next);
  };
  visit(chunk.fileName);
  return files;
}

export default defineConfig({
  plugins: [react(), tailwind(), preloadLandingPage(), precompress()],
  server: {
    proxy: {
      '/api': server,
      '/ws': { target: server.replace('http', 'ws'), ws: true },
      '/coins': server,
      '/banners': server,
      '/dev': server,
    },
  },
  build: { outDir: 'dist', sourcemap: true },
});
