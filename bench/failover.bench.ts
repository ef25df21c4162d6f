// Failover on PostgreSQL (docs/cluster.md): a leader and a standby on one database, the leader
// stopped one of two ways, five times each, for two lease lives:
// - killed -9 on this host: the standby sees its holder gone at its next look;
// - paused (SIGSTOP), as a leader on another host that stopped answering looks: the standby waits
//   for the lease to expire.
// Measured from the signal to the standby's first answer as the leader. Needs BENCH_PG_URL (the
// lease is PostgreSQL's); without it, it says so and does nothing. Writes bench/results/failover.json;
// fails when a standby does not take over or the audit is not clean after.
import { mkdirSync, writeFileSync } from 'node:fs';
import { auditOf, startBenchServer, type BenchServer } from './lib/server.js';

const ROUNDS = 5;
const LEASES_MS = [1000, 3000];

if (!process.env.BENCH_PG_URL) {
  console.log('failover: needs BENCH_PG_URL (the leader lease is PostgreSQL’s); skipped');
  process.exit(0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function leadsAfter(server: BenchServer, since: number): Promise<number> {
  for (;;) {
    try {
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as {
        data?: { status?: string };
      };
      if (health.data?.status === 'ok') return Date.now() - since;
    } catch {
      // closing its standby port, about to listen as the leader
    }
    if (Date.now() - since > 30_000) throw new Error('the standby did not take over within 30 s');
    await sleep(10);
  }
}

const spread = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
};

const results: Record<string, unknown> = { date: new Date().toISOString(), rounds_each: ROUNDS };
let audit = 'not run';
for (const leaseMs of LEASES_MS) {
  const env = { LEADER_LEASE_MS: String(leaseMs) };
  let leader = await startBenchServer(env);
  const servers = [leader];
  const times = { kill: [] as number[], pause: [] as number[] };
  try {
    for (const way of ['kill', 'pause'] as const) {
      for (let round = 0; round < ROUNDS; round += 1) {
        const standby = await startBenchServer(env, leader.databaseUrl);
        servers.push(standby);
        await sleep(1500); // loaded and waiting for the lease
        const at = Date.now();
        process.kill(leader.pid, way === 'kill' ? 'SIGKILL' : 'SIGSTOP');
        times[way].push(await leadsAfter(standby, at));
        if (way === 'pause') process.kill(leader.pid, 'SIGKILL');
        leader = standby;
      }
    }
    audit = await auditOf(leader.databaseUrl);
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
  results[`lease_${leaseMs}ms_kill9_same_host_ms`] = spread(times.kill);
  results[`lease_${leaseMs}ms_paused_as_other_host_ms`] = spread(times.pause);
  if (audit !== 'clean') break;
}
results.audit = audit;
results.goal = 'the standby takes over within 5 s each time';
for (const [key, value] of Object.entries(results)) console.log(`${key.padEnd(38)} ${JSON.stringify(value)}`);
mkdirSync(new URL('results/', import.meta.url), { recursive: true });
writeFileSync(new URL('results/failover.json', import.meta.url), JSON.stringify(results, null, 2) + '\n');
if (audit !== 'clean') {
  console.error(`FAILED: audit ${audit}`);
  process.exitCode = 1;
}
