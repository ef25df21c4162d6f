import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestExchange } from './helpers/exchange.js';
import { login } from './helpers/users.js';

/** The permission bits of a file, as an octal string such as '600'. */
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

let dir: string;
let umaskBefore: number;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'oex-modes-'));
  // The usual umask, which leaves new files readable by everyone (0644) unless asked otherwise.
  umaskBefore = process.umask(0o022);
});
afterEach(() => {
  process.umask(umaskBefore);
  rmSync(dir, { recursive: true, force: true });
});

describe('SQLite file modes', () => {
  it('creates the database and its -wal and -shm files owner-only (0600)', async () => {
    const file = join(dir, 'data', 'exchange.db');
    const ex = await startTestExchange({ databaseUrl: `sqlite:${file}` });
    try {
      // A sign-in writes a session, so the write-ahead log is in use.
      await login(ex.api, 'alice@demo.test', 'demo1234');
      const files = [file, `${file}-wal`, `${file}-shm`];
      for (const path of files) expect(existsSync(path), path).toBe(true);
      expect(files.map(modeOf)).toEqual(['600', '600', '600']);
    } finally {
      await ex.stop();
    }
  });

  it('narrows a database left readable by an older start to 0600', async () => {
    const file = join(dir, 'exchange.db');
    const first = await startTestExchange({ databaseUrl: `sqlite:${file}` });
    await first.stop();
    for (const path of [file, `${file}-wal`, `${file}-shm`]) {
      if (!existsSync(path)) writeFileSync(path, '');
      chmodSync(path, 0o644);
    }
    const again = await startTestExchange({ databaseUrl: `sqlite:${file}` });
    try {
      await login(again.api, 'alice@demo.test', 'demo1234');
      expect([file, `${file}-wal`, `${file}-shm`].map(modeOf)).toEqual(['600', '600', '600']);
    } finally {
      await again.stop();
    }
  });
});
