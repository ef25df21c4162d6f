// Exact decimal arithmetic: operations per second of the type every amount goes through.
import { dec } from '../packages/protocol/src/decimal.js';

function measure(name: string, iterations: number, step: (i: number) => unknown): void {
  for (let i = 0; i < 10_000; i += 1) step(i);
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) step(i);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(`${name.padEnd(28)} ${Math.round(iterations / seconds).toLocaleString('en-US')} ops/s`);
}

const price = dec('68123.4567');
const quantity = dec('0.123456');
measure('parse "68123.4567"', 500_000, () => dec('68123.4567'));
measure('add', 2_000_000, () => price.add(quantity));
measure('mul (round 8 down)', 1_000_000, () => price.mul(quantity, 8, 'down'));
measure('div (round 6 up)', 500_000, () => price.div(quantity, 6, 'up'));
measure('toString', 1_000_000, () => price.toString());
