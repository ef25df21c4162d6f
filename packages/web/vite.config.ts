import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwind from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
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

export default defineConfig({
  plugins: [react(), tailwind(), precompress()],
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
