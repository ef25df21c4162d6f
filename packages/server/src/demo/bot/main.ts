import { MarketBot } from './market-bot.js';
import { TradingClient } from './trading-client.js';

/**
 * The demo's market bot as a program: `node packages/server/dist/demo-bot.js`, started by the demo
 * server (npm start) with its accounts' keys, or by hand against any deployment:
 * BOT_URL, BOT_MAKER_KEY/SECRET, BOT_TAKER_KEY/SECRET, BOT_STEP_MS, BOT_VOLATILITY, BOT_SEED.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`market bot: ${name} is required`);
    process.exit(2);
  }
  return value;
}

const url = required('BOT_URL').replace(/\/$/, '');
const stepMs = Number(process.env.BOT_STEP_MS || '2000');
const bot = new MarketBot(
  new TradingClient(url, required('BOT_MAKER_KEY'), required('BOT_MAKER_SECRET')),
  new TradingClient(url, required('BOT_TAKER_KEY'), required('BOT_TAKER_SECRET')),
  {
    volatility: Number(process.env.BOT_VOLATILITY || '0.0008'),
    seed: Number(process.env.BOT_SEED || '42'),
    log: (line) => console.error(line),
  },
);

// Started by a server: when it goes away (even by kill -9), so does the bot.
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));

/** Waits for the server to answer, then reads its markets. */
async function load(): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const count = await bot.load();
      process.send?.({ type: 'ready', markets: count });
      return;
    } catch (error) {
      if (attempt % 20 === 19) console.error(`market bot: waiting for ${url}: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

await load();
for (;;) {
  const started = Date.now();
  await bot.step();
  process.send?.({ type: 'step' });
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, stepMs - (Date.now() - started))));
}
