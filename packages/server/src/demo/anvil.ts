import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createServer } from 'node:net';

/**
 * A local EVM node for development and tests: anvil, shipped inside its npm package (nothing is
 * downloaded). It starts in about 0.3 s and mines a block per transaction unless given a block time.
 */
export interface AnvilNode {
  rpcUrl: string;
  stop(): Promise<void>;
}

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

export function anvilBinary(): string {
  const name = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!name) throw new Error(`anvil has no build for ${process.platform}-${process.arch}`);
  const manifest = createRequire(import.meta.url).resolve(`${name}/package.json`);
  return join(dirname(manifest), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    server.on('error', reject);
  });
}

async function answers(rpcUrl: string): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Stops an anvil an earlier run left behind (its parent was killed -9), named by its pid file. */
function stopLeftover(pidFile: string): void {
  try {
    const pid = Number(readFileSync(pidFile, 'utf8'));
    if (pid > 0 && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('anvil'))
      process.kill(pid, 'SIGKILL');
  } catch {
    // no file, no such process, or not Linux: nothing left to stop
  }
}

export interface AnvilOptions {
  /** Seconds between blocks; 0 mines one block per transaction. */
  blockTime?: number;
  /** A state file: the chain is loaded from it at start and written to it at stop. */
  stateFile?: string;
}

export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilNode> {
  const port = await freePort();
  const args = ['--host', '127.0.0.1', '--port', String(port), '--silent', '--accounts', '2'];
  if (options.blockTime) args.push('--block-time', String(options.blockTime));
  if (options.stateFile) args.push('--state', options.stateFile, '--state-interval', '5');
  const pidFile = options.stateFile ? `${options.stateFile}.pid` : undefined;
  if (pidFile) stopLeftover(pidFile);
  const child: ChildProcess = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (pidFile && child.pid) writeFileSync(pidFile, String(child.pid));
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const rpcUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    if (child.exitCode !== null) throw new Error(`anvil exited: ${errors}`);
    if (await answers(rpcUrl)) {
      return {
        rpcUrl,
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill('SIGKILL');
  throw new Error(`anvil did not answer on ${rpcUrl}: ${errors}`);
}
