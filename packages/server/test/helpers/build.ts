import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverPath } from '../../src/lib/paths.js';

/**
 * Vitest global setup: the server's bundle is built once before the tests when missing or stale,
 * so child servers and command-line tools start the way `npm start` runs them, from `dist/`.
 */
export default function setup(): void {
  const script = fileURLToPath(new URL('../../../../scripts/build-if-stale.mjs', import.meta.url));
  const run = spawnSync(process.execPath, [script, 'server'], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error('the server build failed');
}

/** A built entry point of the server, such as `builtEntry('main')` for `dist/main.js`. */
export function builtEntry(name: string): string {
  return serverPath('dist', `${name}.js`);
}
