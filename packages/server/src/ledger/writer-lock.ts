import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/**
 * One process writes balances (docs/platform.md). The writer holds a lock file beside the
 * database naming its pid, port and an admin token, so a second process (the credit command)
 * hands its work to the writer instead of writing too. A lock left by a dead process is taken
 * over. It guards one machine; on PostgreSQL the leader's lease guards every host
 * (cluster/lease.ts), and the process holding it takes the file over whoever named it before.
 */
export interface WriterInfo {
  pid: number;
  port: number;
  adminToken: string;
}

export interface WriterLock {
  update(info: Partial<WriterInfo>): void;
  release(): void;
}

export function lockPathFor(databaseUrl: string): string {
  if (databaseUrl.startsWith('sqlite:') && databaseUrl !== 'sqlite::memory:') {
    return `${resolve(databaseUrl.slice('sqlite:'.length))}.writer.lock`;
  }
  const digest = createHash('sha256').update(databaseUrl).digest('hex').slice(0, 16);
  return join(tmpdir(), `oex-writer-${digest}.lock`);
}

/** Whether a process of this host runs under `pid` (one of another user counts as running). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live writer of this lock, if any. */
export function currentWriter(path: string): WriterInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as WriterInfo;
    return info.pid !== process.pid && processAlive(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the file still names this process: a writer that was replaced leaves it alone. */
function namesMe(path: string): boolean {
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as WriterInfo).pid === process.pid;
  } catch {
    return false;
  }
}

/**
 * Takes the lock, or answers who holds it. `takeOver`: the caller already is the one writer (it
 * holds the leader's lease), so a live process the file names is a replaced leader, not a writer.
 */
export function acquireWriterLock(
  path: string,
  info: WriterInfo,
  takeOver = false,
): WriterLock | { heldBy: WriterInfo } {
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      let current = info;
      return {
        update(change) {
          if (!namesMe(path)) return;
          current = { ...current, ...change };
          writeFileSync(path, JSON.stringify(current), { mode: 0o600 });
        },
        release() {
          if (namesMe(path)) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = currentWriter(path);
      if (holder && !takeOver) return { heldBy: holder };
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not take the writer lock ${path}`);
}
