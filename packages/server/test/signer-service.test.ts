import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import type { WalletAnswer, WithdrawalView } from '@oex/protocol';
import { connect } from 'nats';
import { recoverTransactionAddress, type TransactionSerialized } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import {
  depositXpub,
  evmAddressOfPublicKey,
  hotWalletPrivateKey,
  publicKeyOf,
  rootFromMnemonic,
} from '../src/chains/keys.js';
import { devWallet } from '../src/demo/dev-chain.js';
import { auditLedger } from '../src/ledger/audit.js';
import { serverPath } from '../src/lib/paths.js';
import { NatsSigner } from '../src/wallet/nats-signer.js';
import { budget } from './helpers/budget.js';
import { chainTick, evmTransfer, MANUAL_CHAIN, testChain, tokensAt } from './helpers/chain.js';
import { startTestExchange } from './helpers/exchange.js';
import { balanceOf, USDT } from './helpers/ledger.js';
import { NATS_URL, natsForTests } from './helpers/nats.js';
import { signUp } from './helpers/users.js';

const natsUp = await natsForTests('signer-service.test.ts');
const prefix = `oex-signer-${randomBytes(4).toString('hex')}`;
const phrase = devWallet().exchange_mnemonic;
const running = new Set<ChildProcess>();

/** `npm run signer` from its sources, on this run's subjects: ready once it says it answers. */
async function startService(walletPhrase: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverPath('src/wallet/signer-service.ts')], {
    env: { PATH: process.env.PATH ?? '', WALLET_MNEMONIC: walletPhrase, NATS_URL, NATS_PREFIX: prefix },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  await new Promise<void>((resolve, reject) => {
    let said = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('signer answering')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the signer service exited (${code}): ${said}`)));
  });
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  for (const start = Date.now(); !check();) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const transfer = evmTransfer(3);

afterAll(async () => {
  await Promise.all([...running].map(kill));
});

describe.skipIf(!natsUp)('the signer as a service of its own on NATS (WALLET_SIGNER=nats)', () => {
  it(
    'gives public keys and signatures over the bus; refused while none runs, and while one with other keys answers',
    async () => {
      let service = await startService(phrase);
      const states: string[] = [];
      const signer = await NatsSigner.start(NATS_URL, prefix, (state) => states.push(state));
      try {
        const root = rootFromMnemonic(phrase);
        expect(signer.keys().xpubs.evm).toBe(depositXpub(root, 'evm'));
        expect(signer.keys().hot.evm).toBe(publicKeyOf(hotWalletPrivateKey(root, 'evm')));
        expect(JSON.stringify(signer.keys())).not.toMatch(/xprv|tprv/);
        const signed = await signer.sign({ family: 'evm' }, transfer);
        const from = await recoverTransactionAddress({
          serializedTransaction: signed.raw as TransactionSerialized,
        });
        expect(from.toLowerCase()).toBe(evmAddressOfPublicKey(signer.keys().hot.evm).toLowerCase());

        // Anything but a request is answered with an error, and the service goes on.
        const bus = await connect({ servers: NATS_URL });
        const junk = await bus.request(`${prefix}.signer`, new TextEncoder().encode('null'), {
          timeout: 5_000,
        });
        expect(JSON.parse(new TextDecoder().decode(junk.data))).toEqual({
          id: 0,
          error: 'not a signer request',
        });
        await bus.close();

        // None runs: refused at once, and the state says so until one answers again.
        await kill(service);
        await expect(signer.sign({ family: 'evm' }, transfer)).rejects.toThrow(
          'signer: no signer service is running',
        );
        expect(signer.state()).toBe('restarting');
        await expect(signer.sign({ family: 'evm' }, transfer)).rejects.toThrow(/not answering/);
        service = await startService(phrase);
        await until(() => signer.state() === 'running');
        expect((await signer.sign({ family: 'evm' }, transfer)).nonce).toBe(3);

        // A service started with another phrase: the probe finds other keys and signing stops.
        await kill(service);
        service = await startService(generateMnemonic(wordlist));
        await until(() => signer.state() === 'restarting');
        await expect(signer.sign({ family: 'evm' }, transfer)).rejects.toThrow(/not answering/);
        expect(states).toEqual(['restarting', 'running', 'restarting']);

        // Started with the keys it had before: refused when a service answers with others...
        await expect(
          NatsSigner.start(NATS_URL, prefix, undefined, { known: signer.keys(), knownWaitMs: 3_000 }),
        ).rejects.toThrow(/other keys than this exchange had/);
        // ...and with none running it starts on them, refusing to sign until one with them answers.
        await kill(service);
        const later: string[] = [];
        const again = await NatsSigner.start(NATS_URL, prefix, (state) => later.push(state), {
          known: signer.keys(),
          knownWaitMs: 500,
        });
        try {
          expect(again.state()).toBe('restarting');
          expect(again.keys()).toEqual(signer.keys());
          await expect(again.sign({ family: 'evm' }, transfer)).rejects.toThrow(/not answering/);
          service = await startService(phrase);
          await until(() => again.state() === 'running');
          expect((await again.sign({ family: 'evm' }, transfer)).nonce).toBe(3);
          expect(later).toEqual(['restarting', 'running']);
        } finally {
          await again.stop();
        }
      } finally {
        await signer.stop();
        await kill(service);
      }
      expect(signer.state()).toBe('stopped');
    },
    budget(60_000),
  );

  it(
    'an exchange whose process never sees the phrase: deposit addresses from the service keys, a withdrawal signed by it and paid on chain',
    async () => {
      // A phrase of its own, not the demo's that a core would use by itself: the keys must be the service's.
      const servicePhrase = generateMnemonic(wordlist);
      let service = await startService(servicePhrase);
      const { node, control } = await testChain();
      let exchange = await startTestExchange({
        evmRpcUrl: node.rpcUrl,
        ...MANUAL_CHAIN,
        walletSigner: 'nats',
        natsUrl: NATS_URL,
        natsPrefix: prefix,
      });
      try {
        expect(exchange.config.walletMnemonic).toBeUndefined();
        expect(process.env.WALLET_MNEMONIC).toBeUndefined();
        expect(exchange.wallet.signerState()).toBe('running');
        const hot = hotWalletPrivateKey(rootFromMnemonic(servicePhrase), 'evm');
        expect(exchange.wallet.hotAddress('evm')).toBe(evmAddressOfPublicKey(publicKeyOf(hot)).toLowerCase());
        const user = await signUp(exchange.api);
        await exchange.api.post('notify/send_email', { to: user.email, type: 3 }, { token: user.token });
        const code = await exchange.api.latestCode(user.email);
        const PAY = 'Trade-Harbor-77';
        await exchange.api.post(
          'user/amend_pay_password',
          { password: PAY, re_password: PAY, auth_code: code },
          { token: user.token },
        );
        const wallet = await exchange.api.get<WalletAnswer>(
          'wallet/wallet',
          { currency_id: USDT },
          { token: user.token },
        );
        await exchange.api.post('dev/chain/send', {
          address: wallet.body.data!.wallets[0]!.address,
          amount: '50',
          currency: 'USDT',
        });
        await control.mine({ blocks: 6 });
        await chainTick(exchange);
        expect(await balanceOf(exchange.api, user.token, USDT)).toBe('50');

        const outside = '0x000000000000000000000000000000000000dEaD';
        const erc20 = exchange.wallet.networks.list().find((network) => network.chain === 'ERC20')!.id;
        const asked = await exchange.api.post<WithdrawalView>(
          'account/draw',
          {
            currency_id: USDT,
            currency_protocol_id: erc20,
            pay_password: PAY,
            number: '20',
            address: outside,
          },
          { token: user.token },
        );
        expect(asked.body.code, asked.body.msg).toBe(1);
        await chainTick(exchange);
        await control.mine({ blocks: 6 });
        await chainTick(exchange);
        const row = await exchange.db.kysely
          .selectFrom('withdrawals')
          .select(['status', 'tx_hash'])
          .where('id', '=', asked.body.data!.id)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe('complete');
        const paid = await tokensAt(node.rpcUrl, exchange.wallet.devChain!.tokenAddress, outside);
        expect(paid).toBe(19_980_000n); // 20 USDT less its fee (0.1 %), in 6 decimals
        expect((await auditLedger(exchange.db.kysely)).problems).toEqual([]);

        // The public keys are kept: restarted while no service runs, the exchange starts on them
        // within seconds, trading on, its withdrawals waiting for the signer.
        await kill(service);
        exchange = await exchange.restart();
        expect(exchange.wallet.signerState()).toBe('restarting');
        expect(exchange.wallet.hotAddress('evm')).toBe(evmAddressOfPublicKey(publicKeyOf(hot)).toLowerCase());
        service = await startService(servicePhrase);
        await until(() => exchange.wallet.signerState() === 'running');
      } finally {
        await exchange.stop();
        await node.stop();
        await kill(service);
      }
    },
    budget(90_000),
  );
});
