// `npm run bench`: runs every bench/*.bench.ts in turn with tsx and prints their figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv[2];
const files = readdirSync(new URL('.', import.meta.url))
  .filter((name) => name.endsWith('.bench.ts') && (!only || name.includes(only)))
  .sort();
if (files.length === 0) console.log('no benchmarks match');
let failed = false;
for (const file of files) {
  console.log(`\n# ${file}`);
  const run = spawnSync('npx', ['tsx', `bench/${file}`], { stdio: 'inherit' });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
