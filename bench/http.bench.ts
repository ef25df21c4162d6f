// HTTP throughput of the real server on SQLite: public reads and sign-in (argon2id-bound).
import autocannon from 'autocannon';
import { startInProcess } from './lib/in-process.js';

const { exchange, stop } = await startInProcess({ authRateLimit: 1_000_000, maxPasswordFailures: 1_000_000 });

async function run(title: string, options: autocannon.Options): Promise<void> {
  const result = await autocannon({
    connections: 10,
    duration: 5,
    ...options,
    url: `${exchange.url}${options.url}`,
  });
  const failures = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(34)} ${Math.round(result.requests.average).toLocaleString('en-US')} req/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, failures ${failures}`,
  );
}

try {
  await run('GET /api/health', { url: '/api/health' });
  await run('GET /api/news/list?category_id=4', { url: '/api/news/list?category_id=4' });
  await run('POST /api/user/login (argon2id)', {
    url: '/api/user/login',
    method: 'POST',
    connections: 4,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_type: 'email', account: 'alice@demo.test', password: 'demo1234' }),
  });
  const memory = process.memoryUsage();
  console.log(`server process RSS after the runs: ${Math.round(memory.rss / 1048576)} MiB`);
} finally {
  await stop();
}
