// (c) Live-feed fan-out: N WebSocket subscribers (default 2,000; `npx tsx bench/fanout.bench.ts 10000`
// or FANOUT_SUBSCRIBERS) on one depth channel of the real server (its own process). Orders change
// the book; each push carries the server's send time `ts`, and every subscriber's receive time
// gives the delivery latency. Beside it, in the same run, a bare `ws` server (its own process)
// broadcasts a frame of the same size 20 times to the same number of sockets: the floor of this
// machine. The subscribers live in FANOUT_CLIENTS child processes (default 2) and read only `seq` and
// `ts` from the end of each frame, without decoding or parsing it, so the client's cost stays small;
// each client process reports its CPU time and event-loop delay during the pushes to show it.
// Fails (exit 1) when a subscriber missed a push, when the pushes were coalesced, or when the
// ledger audit is not clean. Writes bench/results/fanout-<N>.json.
// FANOUT_GATEWAYS=2 (issue 28): the server leads a cluster over NATS (NATS_URL, nats://127.0.0.1:4222)
// and the subscribers connect to that many gateways (`npm run gateway`, each its own process), client
// process i to gateway i mod N; the core sends each push once per gateway, which fans it out.
// Writes bench/results/fanout-<N>-gateways-<G>.json.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket, { WebSocketServer } from 'ws';
import { cpuMsOf, rssMb } from './lib/proc.js';

const CHANNEL = 'MARKET_DEPTH.DOT/USDT';
const PUSHES = 20;
const GAP_MS = 150;
/** Sockets a client process opens at once. */
const CONNECT_CONCURRENCY = 100;

type ToClient =
  | { cmd: 'connect'; url: string; count: number; sub: string | null }
  | { cmd: 'measure' }
  | { cmd: 'report' }
  | { cmd: 'close' };
interface ClientReport {
  latencies: number[];
  /** Per socket, the seqs it received while measuring. */
  seqs: number[][];
  /** A push as received, to size the bare server's frame. */
  sample: string;
  cpuMs: number;
  wallMs: number;
  loopDelayP99Ms: number;
  closedEarly: number;
}
type FromClient = { ev: 'connected' } | { ev: 'report'; report: ClientReport } | { ev: 'closed' };

const seqMark = Buffer.from('"seq":');
const tsMark = Buffer.from('"ts":');

/** Reads the integer after `mark` near the end of a frame (the frame's last fields), or -1. */
function intAfter(frame: Buffer, mark: Buffer): number {
  const at = frame.lastIndexOf(mark);
  if (at < 0) return -1;
  let value = 0;
  for (let i = at + mark.length; i < frame.length; i += 1) {
    const c = frame[i]!;
    if (c < 48 || c > 57) break;
    value = value * 10 + (c - 48);
  }
  return value;
}

/** A subscriber process: opens sockets, subscribes, and records `seq` and latency of each push. */
function runClient(): void {
  const send = (message: FromClient) => process.send!(message);
  const sockets: WebSocket[] = [];
  const seqs: number[][] = [];
  const latencies: number[] = [];
  let measuring = false;
  let sample = '';
  let closedEarly = 0;
  let cpuStart = process.cpuUsage();
  let wallStart = Date.now();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  process.on('message', async (message: ToClient) => {
    if (message.cmd === 'connect') {
      let next = 0;
      const open = async () => {
        while (next < message.count) {
          const index = next++;
          const received: number[] = [];
          seqs[index] = received;
          const socket = new WebSocket(message.url, { perMessageDeflate: false, skipUTF8Validation: true });
          socket.binaryType = 'nodebuffer';
          socket.on('message', (data: Buffer) => {
            if (!measuring) return;
            const ts = intAfter(data, tsMark);
            if (ts < 0) return;
            latencies.push(Date.now() - ts);
            received.push(intAfter(data, seqMark));
            if (!sample) sample = data.toString();
          });
          socket.on('close', () => {
            if (measuring) closedEarly += 1;
          });
          await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
          socket.on('error', () => {});
          if (message.sub) {
            // Waits for the answer, so every subscription is in place before the pushes start.
            const acked = new Promise((resolve) => socket.once('message', resolve));
            socket.send(JSON.stringify({ type: 'sub', params: message.sub }));
            await acked;
          }
          sockets[index] = socket;
        }
      };
      await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, open));
      send({ ev: 'connected' });
    } else if (message.cmd === 'measure') {
      measuring = true;
      cpuStart = process.cpuUsage();
      wallStart = Date.now();
      loop.enable();
    } else if (message.cmd === 'report') {
      measuring = false;
      loop.disable();
      const cpu = process.cpuUsage(cpuStart);
      send({
        ev: 'report',
        report: {
          latencies,
          seqs,
          sample,
          cpuMs: Math.round((cpu.user + cpu.system) / 1000),
          wallMs: Date.now() - wallStart,
          loopDelayP99Ms: Math.round(loop.percentile(99) / 1e5) / 10,
          closedEarly,
        },
      });
      latencies.length = 0;
      seqs.length = 0;
      sample = '';
      loop.reset();
    } else if (message.cmd === 'close') {
      await Promise.all(
        sockets.map(
          (socket) =>
            new Promise((resolve) => {
              if (socket.readyState === WebSocket.CLOSED) return resolve(null);
              socket.once('close', resolve);
              socket.terminate();
            }),
        ),
      );
      sockets.length = 0;
      send({ ev: 'closed' });
    }
  });
}

/** The bare `ws` server: broadcasts one frame of a given size, with seq and ts, to every socket. */
function runBareServer(): void {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  server.on('listening', () => {
    const address = server.address();
    process.send!({ ev: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('message', async (message: { cmd: 'broadcast'; size: number } | { cmd: 'rss' }) => {
    if (message.cmd === 'rss') return process.send!({ ev: 'rss', mb: rssMb(process.pid) });
    const pad = 'x'.repeat(Math.max(0, message.size - 40));
    const cpu = process.cpuUsage();
    for (let seq = 1; seq <= PUSHES; seq += 1) {
      // As the ws README broadcasts: serialized once, the same string to every open socket.
      const frame = JSON.stringify({ pad, seq, ts: Date.now() });
      for (const socket of server.clients) if (socket.readyState === WebSocket.OPEN) socket.send(frame);
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }
    const used = process.cpuUsage(cpu);
    process.send!({ ev: 'done', cpuMsPerPush: Math.round((used.user + used.system) / 1000 / PUSHES) });
  });
}

function nextMessage<T>(child: ChildProcess, ev: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { ev: string }) => {
      if (message.ev !== ev) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as T);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited (${code}) before ${ev}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

interface Round {
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  pushes: number;
  pushes_received: number;
  missing: number;
  client_cpu_share: number;
  client_loop_delay_p99_ms: number;
  problems: string[];
  sample: string;
}

/** Opens `count` subscribers over the client processes; `during` makes the pushes. */
async function round(
  clients: ChildProcess[],
  urls: string[],
  count: number,
  sub: string | null,
  during: () => Promise<void>,
  connected: () => void,
): Promise<Round> {
  const share = clients.map(
    (_, i) => Math.floor(count / clients.length) + (i < count % clients.length ? 1 : 0),
  );
  await Promise.all(
    clients.map((child, i) => {
      const done = nextMessage(child, 'connected');
      child.send({ cmd: 'connect', url: urls[i % urls.length]!, count: share[i]!, sub } satisfies ToClient);
      return done;
    }),
  );
  connected();
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const child of clients) child.send({ cmd: 'measure' } satisfies ToClient);
  await during();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const reports = await Promise.all(
    clients.map((child) => {
      const done = nextMessage<{ report: ClientReport }>(child, 'report');
      child.send({ cmd: 'report' } satisfies ToClient);
      return done.then((m) => m.report);
    }),
  );
  await Promise.all(
    clients.map((child) => {
      const done = nextMessage(child, 'closed');
      child.send({ cmd: 'close' } satisfies ToClient);
      return done;
    }),
  );
  const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  // Every push the server made: the union of what the subscribers saw, which must be PUSHES
  // consecutive seqs (one push per order: the orders are GAP_MS apart, more than the depth
  // channel's 100 ms flush, so none is coalesced), each received by every subscriber once.
  const all = new Set<number>();
  for (const r of reports) for (const s of r.seqs) for (const seq of s) all.add(seq);
  const sorted = [...all].sort((a, b) => a - b);
  const problems: string[] = [];
  if (sorted.length !== PUSHES) problems.push(`${sorted.length} distinct pushes, expected ${PUSHES}`);
  if (sorted.length && sorted[sorted.length - 1]! - sorted[0]! + 1 !== sorted.length)
    problems.push(`seqs not consecutive: ${sorted.join(',')}`);
  let missing = 0;
  let short = 0;
  let sockets = 0;
  for (const r of reports) {
    for (const s of r.seqs) {
      sockets += 1;
      const got = new Set(s);
      const lacking = sorted.filter((seq) => !got.has(seq)).length + (s.length - got.size);
      missing += lacking;
      if (lacking) short += 1;
    }
  }
  if (sockets !== count) problems.push(`${sockets} subscribers reported, expected ${count}`);
  if (missing) problems.push(`${short} subscribers missed ${missing} pushes (or got duplicates)`);
  const closedEarly = reports.reduce((n, r) => n + r.closedEarly, 0);
  if (closedEarly) problems.push(`${closedEarly} sockets closed during the pushes`);
  const cpuMs = reports.reduce((n, r) => n + r.cpuMs, 0);
  const wallMs = Math.max(...reports.map((r) => r.wallMs));
  return {
    p50_ms: at(0.5),
    p99_ms: at(0.99),
    max_ms: latencies[latencies.length - 1] ?? NaN,
    pushes: sorted.length,
    pushes_received: latencies.length,
    missing,
    // Of one core, summed over the client processes, while measuring.
    client_cpu_share: Math.round((cpuMs / wallMs) * 100) / 100,
    client_loop_delay_p99_ms: Math.max(...reports.map((r) => r.loopDelayP99Ms)),
    problems,
    sample: reports.find((r) => r.sample)?.sample ?? '',
  };
}

async function main(): Promise<void> {
  const { auditOf, login, startBenchGateway, startBenchServer } = await import('./lib/server.js');
  const subscribers = Number(process.argv[2] ?? process.env.FANOUT_SUBSCRIBERS ?? 2000);
  const clientCount = Number(process.env.FANOUT_CLIENTS ?? 2);
  const gatewayCount = Number(process.env.FANOUT_GATEWAYS ?? 0);
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const natsPrefix = `oexfanout${Date.now()}`;
  if (!Number.isInteger(subscribers) || subscribers < 1)
    throw new Error(`bad subscriber count ${process.argv[2]}`);
  const file = fileURLToPath(import.meta.url);
  const clients = Array.from({ length: clientCount }, () => fork(file, ['client']));
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    subscribers,
    client_processes: clientCount,
    gateways: gatewayCount,
  };
  const problems: string[] = [];
  try {
    const server = await startBenchServer(
      gatewayCount > 0 ? { NATS_URL: natsUrl, NATS_PREFIX: natsPrefix } : {},
    );
    const gateways: Awaited<ReturnType<typeof startBenchGateway>>[] = [];
    let ours: Round;
    try {
      for (let i = 0; i < gatewayCount; i += 1) gateways.push(await startBenchGateway(natsUrl, natsPrefix));
      const urls = (gateways.length ? gateways.map((gateway) => gateway.url) : [server.url]).map(
        (url) => `${url.replace('http', 'ws')}/ws`,
      );
      await server.admin('admin/credit', { user: 'alice@demo.test', currency: 'USDT', amount: '1000000' });
      const token = await login(server.url, 'alice@demo.test');
      results.server_rss_mb_before = rssMb(server.pid);
      let cpuBefore = 0;
      const start = Date.now();
      ours = await round(
        clients,
        urls,
        subscribers,
        CHANNEL,
        async () => {
          cpuBefore = cpuMsOf(server.pid);
          for (let i = 0; i < PUSHES; i += 1) {
            const response = await fetch(`${server.url}/api/tx_in/add`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: token },
              body: JSON.stringify({ currency_match_id: 4, number: '1', price: (6 + i / 100).toFixed(2) }),
            });
            const answer = (await response.json()) as { code: number; msg: string };
            if (answer.code !== 1) problems.push(`order ${i}: ${answer.msg}`);
            await new Promise((resolve) => setTimeout(resolve, GAP_MS));
          }
          results.server_cpu_ms_per_push = Math.round((cpuMsOf(server.pid) - cpuBefore) / PUSHES);
        },
        () => {
          results.connect_s = (Date.now() - start) / 1000;
          results.server_rss_mb_connected = rssMb(server.pid);
          if (gateways.length)
            results.gateway_rss_mb_connected = gateways.map((gateway) => rssMb(gateway.pid));
        },
      );
      results.server_rss_mb_end = rssMb(server.pid);
      results.audit = await auditOf(server.databaseUrl);
      if (results.audit !== 'clean') problems.push(`ledger audit: ${results.audit}`);
    } finally {
      for (const gateway of gateways) await gateway.stop();
      await server.stop();
    }
    const { sample, problems: ourProblems, ...ourFigures } = ours;
    results.frame_bytes = Buffer.byteLength(sample);
    results.ours = ourFigures;
    problems.push(...ourProblems.map((p) => `ours: ${p}`));

    const bare = fork(file, ['bare']);
    try {
      const { port } = await nextMessage<{ port: number }>(bare, 'listening');
      let bareCpuMsPerPush = 0;
      const base = await round(
        clients,
        [`ws://127.0.0.1:${port}`],
        subscribers,
        null,
        async () => {
          const done = nextMessage<{ cpuMsPerPush: number }>(bare, 'done');
          bare.send({ cmd: 'broadcast', size: Buffer.byteLength(sample) });
          bareCpuMsPerPush = (await done).cpuMsPerPush;
        },
        () => {},
      );
      const rss = nextMessage<{ mb: number }>(bare, 'rss');
      bare.send({ cmd: 'rss' });
      const { sample: _, problems: bareProblems, ...bareFigures } = base;
      results.bare_ws = { ...bareFigures, server_cpu_ms_per_push: bareCpuMsPerPush, rss_mb: (await rss).mb };
      problems.push(...bareProblems.map((p) => `bare ws: ${p}`));
    } finally {
      bare.kill();
    }
  } finally {
    for (const child of clients) child.kill();
  }
  results.goal = 'p99 < 100 ms at 10,000 subscribers';
  results.problems = problems;
  for (const [key, value] of Object.entries(results))
    console.log(`${key.padEnd(26)} ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  mkdirSync(new URL('results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL(
      `results/fanout-${subscribers}${gatewayCount ? `-gateways-${gatewayCount}` : ''}.json`,
      import.meta.url,
    ),
    JSON.stringify(results, null, 2) + '\n',
  );
  if (problems.length) {
    console.error(`FAILED: ${problems.join('; ')}`);
    process.exit(1);
  }
}

if (process.argv[2] === 'client') runClient();
else if (process.argv[2] === 'bare') runBareServer();
else await main();
