// Builds the server bundle and the web app when missing or older than any of their sources, so
// `npm start`, the command-line tools and the tests always run what the sources say. Usage:
// `node scripts/build-if-stale.mjs [server] [web]` (both when none is named).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

const TARGETS = {
  server: {
    output: 'packages/server/dist/main.js',
    sources: [
      'packages/server/src',
      'packages/server/build.mjs',
      'packages/server/package.json',
      'packages/protocol/src',
    ],
    build: ['node', ['packages/server/build.mjs']],
  },
  web: {
    output: 'packages/web/dist/index.html',
    sources: [
      'packages/web/src',
      'packages/web/public',
      'packages/web/index.html',
      'packages/web/vite.config.ts',
      'packages/protocol/src',
    ],
    build: ['npm', ['run', 'build', '-w', '@oex/web']],
  },
};

/** The newest modification time under a file or folder (tests excluded: they are not built). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const wanted = process.argv.slice(2);
for (const [name, target] of Object.entries(TARGETS)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const output = join(ROOT, target.output);
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changed = Math.max(...target.sources.map((source) => newest(join(ROOT, source))));
  if (built >= changed) continue;
  const [command, args] = target.build;
  const run = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
