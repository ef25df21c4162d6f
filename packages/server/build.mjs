// Builds the server into dist/: one ES module per entry (the server, the signer process and the
// command-line tools) with shared code in chunks. Dependencies stay in node_modules; the protocol
// package's TypeScript is bundled in. Run by `npm run build` and, when the build is missing or older
// than a source, by `npm start` and the tests.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
/**
 * Pure-JavaScript libraries of many small modules, bundled in rather than loaded from node_modules:
 * a start resolved and compiled hundreds of their files (viem alone is about 0.5 s), and the bundle
 * keeps only what the server uses of them. Nothing outside the bundle imports them, so there is one
 * copy of each. The rest stay external: native addons, packages that read their own files, and
 * CommonJS ones, whose `require` of Node's own modules fails inside an ES module bundle.
 */
const BUNDLED = new Set([
  'viem',
  'kysely',
  '@scure/bip32',
  '@scure/bip39',
  '@scure/btc-signer',
  'micro-packed',
  'otplib',
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
]);
const external = Object.keys(manifest.dependencies ?? {}).filter(
  (name) => !name.startsWith('@oex/') && !BUNDLED.has(name),
);

const started = Date.now();
await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  entryPoints: {
    main: 'src/main.ts',
    'signer-main': 'src/wallet/signer-main.ts',
    'signer-service': 'src/wallet/signer-service.ts',
    'gateway-main': 'src/cluster/gateway-main.ts',
    'nats-config-cli': 'src/cluster/nats-config-cli.ts',
    'watchers-main': 'src/wallet/watchers-main.ts',
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
