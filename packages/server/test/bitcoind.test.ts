import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bitcoindBinary, rpc, startBitcoind, type BitcoindNode } from '../src/chains/bitcoind.js';

/*
 * The Bitcoin regtest node itself: it starts, a descriptor wallet mines, matures and spends coins,
 * stop() ends it, and a node whose parent was killed -9 is stopped by the next start on its folder.
 */

const binary = bitcoindBinary();
if (!binary) {
  console.warn(
    '\n*** bitcoind tests SKIPPED: no bitcoind. Install the regtest node with `bash scripts/install-bitcoind.sh` ***\n',
  );
}

const LAUNCHER = fileURLToPath(new URL('../src/chains/bitcoind.ts', import.meta.url));

function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe.skipIf(!binary)('bitcoind regtest node', () => {
  let node: BitcoindNode;
  beforeAll(async () => {
    const started = performance.now();
    node = await startBitcoind();
    console.warn(`bitcoind answered in ${Math.round(performance.now() - started)} ms`);
  });
  afterAll(async () => {
    await node?.stop();
  });

  it('answers on regtest', async () => {
    const info = await rpc<{ chain: string; blocks: number }>(node, 'getblockchaininfo');
    expect(info).toMatchObject({ chain: 'regtest', blocks: 0 });
    await expect(rpc(node, 'nosuchmethod')).rejects.toThrow(/Method not found/);
  });

  it('mines, matures and spends coins with descriptor wallets', async () => {
    await rpc(node, 'createwallet', ['miner', false, false, '', false, true]);
    await rpc(node, 'createwallet', ['user', false, false, '', false, true]);
    const info = await rpc<{ descriptors: boolean }>(node, 'getwalletinfo', [], 'miner');
    expect(info.descriptors).toBe(true);

    const mining = await rpc<string>(node, 'getnewaddress', [], 'miner');
    expect(mining).toMatch(/^bcrt1/);
    const hashes = await rpc<string[]>(node, 'generatetoaddress', [101, mining]);
    expect(hashes).toHaveLength(101);
    expect(await rpc<number>(node, 'getbalance', [], 'miner')).toBe(50);

    const receiving = await rpc<string>(node, 'getnewaddress', [], 'user');
    const txid = await rpc<string>(node, 'sendtoaddress', [receiving, 1], 'miner');
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await rpc<number>(node, 'getreceivedbyaddress', [receiving, 1], 'user')).toBe(0);
    await rpc(node, 'generatetoaddress', [1, mining]);
    expect(await rpc<number>(node, 'getreceivedbyaddress', [receiving, 1], 'user')).toBe(1);
    const tx = await rpc<{ confirmations: number }>(node, 'gettransaction', [txid], 'user');
    expect(tx.confirmations).toBe(1);
    // the second coinbase matured with block 102: 100 BTC mined, 1 sent, a fee paid
    const left = await rpc<number>(node, 'getbalance', [], 'miner');
    expect(left).toBeGreaterThan(98.99);
    expect(left).toBeLessThan(99);
  });

  it('stops, and a stopped node answers no more', async () => {
    const other = await startBitcoind();
    await other.stop();
    await expect(rpc(other, 'getblockchaininfo')).rejects.toThrow();
  });

  it('stops a node left running by a parent killed -9, named by its pid file, on the next start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'oex-bitcoind-test-'));
    let leftover = 0;
    try {
      // a parent process that starts a node on dataDir and is then killed -9, leaving the node running
      const parent = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `import(${JSON.stringify(LAUNCHER)}).then(async (m) => {
             await m.startBitcoind({ dataDir: ${JSON.stringify(dataDir)} });
             console.log('ready');
             setInterval(() => {}, 60_000);
           });`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((resolve, reject) => {
        parent.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
        parent.once('exit', (code) => reject(new Error(`the parent exited with ${code}`)));
      });
      leftover = Number(readFileSync(join(dataDir, 'regtest', 'bitcoind.pid'), 'utf8'));
      await new Promise<void>((resolve) => {
        parent.once('exit', () => resolve());
        parent.kill('SIGKILL');
      });
      expect(alive(leftover)).toBe(true);

      // the leftover holds the folder's lock: the next start must stop it first
      const again = await startBitcoind({ dataDir });
      try {
        expect(alive(leftover)).toBe(false);
        expect(await rpc<{ chain: string }>(again, 'getblockchaininfo')).toMatchObject({ chain: 'regtest' });
      } finally {
        await again.stop();
      }
    } finally {
      if (leftover && alive(leftover)) process.kill(leftover, 'SIGKILL'); // when the test failed
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
