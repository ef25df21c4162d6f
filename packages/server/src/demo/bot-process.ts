import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { ApiKeys } from '../apikeys/keys.js';
import type { Config } from '../config.js';
import { serverPath } from '../lib/paths.js';

/** The label of the keys the demo gives its bot; renewed (old ones revoked) at each start. */
export const BOT_KEY_LABEL = 'demo market bot';

export interface BotKeys {
  maker: { apiKey: string; secret: string };
  taker: { apiKey: string; secret: string };
}

/** Fresh trade-only keys for the two liquidity accounts, the previous start's revoked. */
export async function botKeys(apiKeys: ApiKeys, makerId: number, takerId: number): Promise<BotKeys> {
  const make = async (userId: number) => {
    await apiKeys.revokeLabelled(userId, BOT_KEY_LABEL);
    const { apiKey, secret } = await apiKeys.create(userId, {
      label: BOT_KEY_LABEL,
      trade: true,
      withdraw: false,
      ipList: ['127.0.0.1', '::1'],
      expiresAt: null,
    });
    return { apiKey, secret };
  };
  return { maker: await make(makerId), taker: await make(takerId) };
}

/**
 * The bot program (dist/demo-bot.js) as a child of the server, given its keys in its environment and
 * the server's URL once it listens. It exits when the server goes, kill -9 included (its IPC channel
 * closes).
 */
export class BotProcess {
  private child: ChildProcess | undefined;
  private stopped = false;
  readonly steps = { count: 0 };

  constructor(
    private readonly keys: BotKeys,
    private readonly config: Pick<Config, 'marketMakerStepMs' | 'marketMakerVolatility' | 'marketMakerSeed'>,
  ) {}

  start(url: string): void {
    const entry = serverPath('dist', 'demo-bot.js');
    if (this.stopped || !existsSync(entry)) return;
    this.child = fork(entry, [], {
      env: {
        ...process.env,
        BOT_URL: url,
        BOT_MAKER_KEY: this.keys.maker.apiKey,
        BOT_MAKER_SECRET: this.keys.maker.secret,
        BOT_TAKER_KEY: this.keys.taker.apiKey,
        BOT_TAKER_SECRET: this.keys.taker.secret,
        BOT_STEP_MS: String(this.config.marketMakerStepMs),
        BOT_VOLATILITY: String(this.config.marketMakerVolatility),
        // Not the seeder's walk replayed: the bot goes on from where the books are.
        BOT_SEED: String(this.config.marketMakerSeed + 1),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (message: { type?: string }) => {
      if (message.type === 'step') this.steps.count += 1;
    });
    // The server's exit is not held up by its bot.
    this.child.unref();
    this.child.channel?.unref();
  }

  stop(): void {
    this.stopped = true;
    this.child?.kill('SIGTERM');
    this.child = undefined;
  }
}
