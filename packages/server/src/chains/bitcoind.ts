import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverPath } from '../lib/paths.js';

/**
 * A local Bitcoin node (regtest) for development and tests: Debian's bitcoind (Bitcoin Knots, the
 * Core RPC) that `bash scripts/install-bitcoind.sh` puts with its own libraries in the repo's
 * .cache/bitcoind, or any bitcoind named by BITCOIND_PATH. RPC answers in about 0.2 s; a descriptor
 * wallet can be created at once, and `generatetoaddress` mines blocks on demand.
 */
export interface BitcoindNode {
  /** http://127.0.0.1:PORT, without credentials: use rpcUser and rpcPassword (HTTP basic auth). */
  rpcUrl: string;
  rpcUser: string;
  rpcPassword: string;
  stop(): Promise<void>;
}

const WRAPPER = serverPath('../../.cache/bitcoind/bin/bitcoind');

/** The installed regtest node's wrapper, else BITCOIND_PATH; null when there is neither. */
export function bitcoindBinary(): string | null {
  if (existsSync(WRAPPER)) return WRAPPER;
  const path = process.env.BITCOIND_PATH;
  return path && existsSync(path) ? path : null;
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

type RpcTarget = Pick<BitcoindNode, 'rpcUrl' | 'rpcUser' | 'rpcPassword'>;

/**
 * One JSON-RPC 1.0 call; answers its result or throws an Error with the node's own message.
 * `wallet` sends it to /wallet/NAME, needed for wallet calls once more than one wallet is loaded.
 */
export async function rpc<T = unknown>(
  node: RpcTarget,
  method: string,
  params: unknown[] = [],
  wallet?: string,
): Promise<T> {
  const url = wallet === undefined ? node.rpcUrl : `${node.rpcUrl}/wallet/${encodeURIComponent(wallet)}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${node.rpcUser}:${node.rpcPassword}`).toString('base64')}`,
    },
    body: JSON.stringify({ jsonrpc: '1.0', id: method, method, params }),
  });
  const text = await response.text();
  let body: { result?: T; error?: { code: number; message: string } | null } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON: a 401 or a proxy's page
  }
  if (body?.error) throw new Error(`bitcoind ${method}: ${body.error.message} (code ${body.error.code})`);
  if (!response.ok || !body)
    throw new Error(`bitcoind ${method}: HTTP ${response.status} ${text.slice(0, 200)}`);
  return body.result as T;
}

async function answers(node: RpcTarget): Promise<boolean> {
  try {
    await rpc(node, 'getblockchaininfo');
    return true;
  } catch {
    return false; // not listening yet, or still warming up (code -28)
  }
}

function alive(pid: number): boolean {
  try {
    // a zombie (killed, not yet reaped) counts as gone: it holds no lock and no port
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Stops a bitcoind an earlier run left behind on the same data folder (its parent was killed -9),
 * named by its pid file, and waits until it is gone: it holds the folder's lock until then.
 */
async function stopLeftover(pidFile: string, dataDir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8'));
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!(pid > 0 && cmdline.includes('bitcoind') && cmdline.includes(dataDir))) return;
    process.kill(pid, 'SIGKILL');
  } catch {
    return; // no file, no such process, or not Linux: nothing left to stop
  }
  for (let i = 0; i < 800 && alive(pid); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (exited(child)) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export interface BitcoindOptions {
  /** A data folder kept after stop (the chain and wallets survive); default a temp folder removed at stop. */
  dataDir?: string;
}

export async function startBitcoind(options: BitcoindOptions = {}): Promise<BitcoindNode> {
  const binary = bitcoindBinary();
  if (!binary) throw new Error('no bitcoind: run `bash scripts/install-bitcoind.sh` or set BITCOIND_PATH');
  const temporary = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'oex-bitcoind-'));
  mkdirSync(dataDir, { recursive: true });
  const pidFile = join(dataDir, 'launcher.pid');
  if (!temporary) await stopLeftover(pidFile, dataDir);

  const port = await freePort();
  const rpcUser = 'oex';
  const rpcPassword = randomBytes(16).toString('hex');
  // -rpcauth keeps the password out of the process list (ps): only a salted HMAC is on the command line
  const salt = randomBytes(16).toString('hex');
  const hmac = createHmac('sha256', salt).update(rpcPassword).digest('hex');
  const args = [
    '-regtest',
    '-server',
    '-listen=0',
    '-rpcbind=127.0.0.1',
    '-rpcallowip=127.0.0.1',
    `-rpcport=${port}`,
    `-rpcauth=${rpcUser}:${salt}$${hmac}`,
    '-fallbackfee=0.0002',
    '-txindex=1',
    '-disablewallet=0',
    // Bitcoin Knots differs from Core in two defaults that matter here: relay policy (Knots refuses
    // more transactions) and, in this build, legacy addresses. Both set back to Core's.
    '-corepolicy=1',
    '-addresstype=bech32',
    '-printtoconsole=0',
    `-datadir=${dataDir}`,
  ];
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (child.pid) writeFileSync(pidFile, String(child.pid)); // the wrapper execs: this is bitcoind's pid
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  child.on('error', (error) => (errors += error.message));
  const node = { rpcUrl: `http://127.0.0.1:${port}`, rpcUser, rpcPassword };

  const cleanUp = () => {
    if (temporary) rmSync(dataDir, { recursive: true, force: true });
    else rmSync(pidFile, { force: true });
  };
  const fail = async (why: string): Promise<never> => {
    child.kill('SIGKILL');
    await waitExit(child, 5_000);
    let log = '';
    try {
      log = readFileSync(join(dataDir, 'regtest', 'debug.log'), 'utf8')
        .split('\n')
        .slice(-15)
        .join('\n');
    } catch {
      // no log written
    }
    cleanUp();
    throw new Error(`bitcoind ${why}: ${errors}\n${log}`);
  };

  for (let i = 0; i < 400; i += 1) {
    if (exited(child)) return fail('exited');
    if (await answers(node)) {
      return {
        ...node,
        stop: async () => {
          if (!exited(child)) {
            try {
              await rpc(node, 'stop');
            } catch {
              child.kill('SIGTERM'); // the RPC is gone: a signal asks for the same clean shutdown
            }
            if (!(await waitExit(child, 15_000))) {
              child.kill('SIGKILL');
              await waitExit(child, 5_000);
            }
          }
          cleanUp();
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return fail(`did not answer on ${node.rpcUrl}`);
}
