import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtEntry } from './helpers/build.js';

/** The files a module loads before any of its code runs: its static imports, followed through. */
function staticGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = readFileSync(entry, 'utf8');
  for (const match of code.matchAll(
    /^\s*(?:import|export)\b[^;]*?from\s+"(\.[^"]+)"|^\s*import\s+"(\.[^"]+)"/gm,
  )) {
    staticGraph(join(dirname(entry), (match[1] ?? match[2])!), seen);
  }
  return seen;
}

/** Whether any file holds the demo's code (its seed, market maker, dev chain, dev mailbox). */
function holdsDemoCode(files: Iterable<string>): string[] {
  const markers = [
    'class MarketMaker',
    'market-maker@system.invalid',
    'DemoToken.sol',
    'function mailboxPage',
  ];
  return [...files].filter((file) => markers.some((marker) => readFileSync(file, 'utf8').includes(marker)));
}

describe('the server bundle', () => {
  it('loads no demo code unless DEMO=1 asks for it: the demo is reached only through dynamic imports', () => {
    for (const entry of ['main', 'audit-cli', 'credit-cli', 'operator-cli', 'pool-cli', 'chain-cli']) {
      const graph = staticGraph(builtEntry(entry));
      expect(graph.size).toBeGreaterThan(1);
      expect(holdsDemoCode(graph), entry).toEqual([]);
    }
    // The demo does exist in the build, as chunks of its own (so the check above can fail).
    const main = readFileSync(builtEntry('main'), 'utf8');
    const everything = staticGraph(builtEntry('main'));
    const lazy = [...everything].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/import\("(\.[^"]+)"\)/g)].map((m) =>
        join(dirname(file), m[1]!),
      ),
    );
    expect(main).toContain('startExchange');
    expect(holdsDemoCode(lazy).length).toBeGreaterThan(0);
  });
});
