import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect as tcpConnect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NATS_ROLES, passwordVariableOf, type NatsRole } from '../../src/cluster/nats-access.js';
import { serverPath } from '../../src/lib/paths.js';

/** The NATS the gateway and cluster tests use: the machine's own, which `.ci/run` starts where it is down. */
export const NATS_URL = 'nats://127.0.0.1:4222';

function reachableOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ port, host: '127.0.0.1' });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * Whether NATS answers, for a test file that needs it. Without it the file is skipped with a word
 * why, except under CI, where a missing NATS fails the run instead of hiding the file.
 */
export async function natsForTests(file: string): Promise<boolean> {
  const up = await reachableOn(4222);
  if (!up && process.env.CI)
    throw new Error('NATS is not reachable on 127.0.0.1:4222: CI must run it (.ci/run)');
  if (!up) console.warn(`${file} skipped: NATS is not reachable on 127.0.0.1:4222`);
  return up;
}

/** A nats-server of a test's own, with one user per role (cluster/nats-access.ts). */
export interface NatsWithUsers {
  /** NATS_URL for a process of `role`, its credentials in it. */
  urlOf(role: NatsRole): string;
  /** The server's address with no credentials. */
  url: string;
  /** What the server said (its log, refusals included), for a failure's message. */
  said(): string;
  /** The server's refusals of our own processes (their connections are named `oex-…`). */
  refusalsOfOurs(): string[];
  stop(): Promise<void>;
}

/**
 * Starts /usr/sbin/nats-server (Debian's, the one the machine runs) on a free port with JetStream
 * and the `authorization` block `npm run nats-config` prints for `prefix`, each role's password random.
 */
export async function startNatsWithUsers(prefix: string): Promise<NatsWithUsers> {
  const dir = mkdtempSync(join(tmpdir(), 'oex-nats-'));
  const port = await freePort();
  // nats-server reads the variable's value as a configuration value: letters and digits, a letter first.
  const passwords = Object.fromEntries(
    NATS_ROLES.map((role) => [role, `p${randomBytes(12).toString('hex')}`]),
  );
  const config = join(dir, 'nats.conf');
  // The block as an operator gets it: `npm run nats-config`, from its sources.
  const authorization = execFileSync(
    process.execPath,
    ['--import', 'tsx', serverPath('src/cluster/nats-config-cli.ts'), prefix],
    { encoding: 'utf8' },
  );
  writeFileSync(
    config,
    `listen: 127.0.0.1:${port}\njetstream { store_dir: ${JSON.stringify(join(dir, 'js'))} }\n${authorization}`,
  );
  const env = Object.fromEntries(NATS_ROLES.map((role) => [passwordVariableOf(role), passwords[role]!]));
  const server = spawn('/usr/sbin/nats-server', ['-c', config], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  server.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await reachableOn(port))) {
    if (server.exitCode !== null || Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error(`nats-server did not start: ${said}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    said: () => said,
    refusalsOfOurs: () =>
      said.split('\n').filter((line) => line.includes('Violation') && line.includes('nats.js:oex-')),
    urlOf: (role) => `nats://${role}:${passwords[role]}@127.0.0.1:${port}`,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
