// (c) Live-feed fan-out: 2,000 WebSocket subscribers on one depth channel of the real server (its
// own process). Orders change the book; each push carries the server's send time, and every
// subscriber's receive time gives the delivery latency. Writes bench/results/fanout.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import WebSocket from 'ws';
import { login, startBenchServer } from './lib/server.js';

const SUBSCRIBERS = 2000;
const CHANNEL = 'MARKET_DEPTH.DOT/USDT';

const server = await startBenchServer();
const latencies: number[] = [];
const sockets: WebSocket[] = [];
try {
  await server.admin('admin/credit', { user: 'alice@demo.test', currency: 'USDT', amount: '1000000' });
  const token = await login(server.url, 'alice@demo.test');
  const wsUrl = `${server.url.replace('http', 'ws')}/ws`;
  let measuring = false;
  for (let i = 0; i < SUBSCRIBERS; i += 1) {
    const socket = new WebSocket(wsUrl);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; ts?: number };
      if (measuring && frame.type === CHANNEL && frame.ts) latencies.push(Date.now() - frame.ts);
    });
    socket.send(JSON.stringify({ type: 'sub', params: CHANNEL }));
    sockets.push(socket);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  measuring = true;
  for (let i = 0; i < 20; i += 1) {
    await fetch(`${server.url}/api/tx_in/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ currency_match_id: 4, number: '1', price: (6 + i / 100).toFixed(2) }),
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
} finally {
  for (const socket of sockets) socket.terminate();
  await server.stop();
}
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
const results = {
  date: new Date().toISOString(),
  subscribers: SUBSCRIBERS,
  pushes_received: latencies.length,
  p50_ms: at(0.5),
  p99_ms: at(0.99),
  max_ms: latencies[latencies.length - 1],
};
for (const [key, value] of Object.entries(results)) console.log(`${key.padEnd(16)} ${value}`);
mkdirSync(new URL('results/', import.meta.url), { recursive: true });
writeFileSync(new URL('results/fanout.json', import.meta.url), JSON.stringify(results, null, 2) + '\n');
