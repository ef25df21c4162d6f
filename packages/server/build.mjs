// Builds the server into dist/: one ES module per entry (the server, the signer process and the
// command-line tools) with shared code in chunks. Dependencies stay in node_modules; the protocol
// package's TypeScript is bundled in. Run by `npm run build` and, when the build is missing or older
// than a source, by `npm start` and the tests.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@oex/'));

const started = Date.now();
await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  entryPoints: {
    main: 'src/main.ts',
    'signer-main': 'src/wallet/signer-main.ts',
    'audit-cli': 'src/ledger/audit-cli.ts',
    'credit-cli': 'src/ledger/credit-cli.ts',
    'operator-cli': 'src/admin/operator-cli.ts',
    'pool-cli': 'src/micro/pool-cli.ts',
    'chain-cli': 'src/chains/chain-cli.ts',
    'demo-bot': 'src/demo/bot/main.ts',
  },
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
console.warn(`server built into packages/server/dist in ${Date.now() - started} ms`);
