import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (`packages/server`), found by walking up from this module to the
 * `package.json` named `@oex/server`. The same answer from the sources under `src/` and from the
 * bundle in `dist/`, so data files and assets are found by their place in the package either way.
 */
export const SERVER_ROOT: string = findPackageRoot(dirname(fileURLToPath(import.meta.url)), '@oex/server');

/** A path inside the server package, such as `serverPath('src/spot/price-protection.json')`. */
export function serverPath(...parts: string[]): string {
  return join(SERVER_ROOT, ...parts);
}

function findPackageRoot(start: string, name: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name
    )
      return folder;
    if (dirname(folder) === folder) throw new Error(`No package ${name} above ${start}`);
  }
}
