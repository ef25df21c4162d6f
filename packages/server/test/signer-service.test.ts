import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import type { Paged, WalletAnswer, WithdrawalView } from '@oex/protocol';
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
import { killHard, spawnUntilSaid } from './helpers/child-server.js';
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
function startService(walletPhrase: string, limits: Record<string, string> = {}): Promise<ChildProcess> {
  return spawnUntilSaid(
    ['--import', 'tsx', serverPath('src/wallet/signer-service.ts')],
    { WALLET_MNEMONIC: walletPhrase, NATS_URL, NATS_PREFIX: prefix, ...limits },
    'signer answering',
    running,
  );
}

const kill = killHard;

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
        const draw = async (number: string) => {
          const asked = await exchange.api.post<WithdrawalView>(
            'account/draw',
            { currency_id: USDT, currency_protocol_id: erc20, pay_password: PAY, number, address: outside },
            { token: user.token },
          );
          expect(asked.body.code, asked.body.msg).toBe(1);
          return asked.body.data!.id;
        };
        const withdrawal = (id: number) =>
          exchange.db.kysely
            .selectFrom('withdrawals')
            .select(['status', 'tx_hash', 'reason'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
        const paidOut = () => tokensAt(node.rpcUrl, exchange.wallet.devChain!.tokenAddress, outside);
        const settle = async () => {
          await chainTick(exchange);
          await control.mine({ blocks: 6 });
          await chainTick(exchange);
        };
        /**
         * Passes until the withdrawal is as expected, at most five: the pass right after a restart
         * of the service may find it not yet reached, and the sender asks again on its next pass.
         */
        const settleTo = async (id: number, status: string, reason?: string) => {
          for (let pass = 1; ; pass++) {
            await settle();
            const row = await withdrawal(id);
            if ((row.status === status && (reason === undefined || row.reason === reason)) || pass === 5)
              return row;
          }
        };
        const first = await draw('20');
        await settle();
        expect((await withdrawal(first)).status).toBe('complete');
        expect(await paidOut()).toBe(19_980_000n); // 20 USDT less its fee (0.1 %), in 6 decimals

        // The service's own limit: 15 USDT out a day, counted in a file of its own. The second 10
        // USDT would pass it: the withdrawal waits, its owner sees why, and a kill -9 of the signer
        // forgets nothing. With the limit raised, it is paid.
        const token = exchange.wallet.devChain!.tokenAddress.toLowerCase();
        const spent = join(mkdtempSync(join(tmpdir(), 'oex-signer-spent-')), 'spent.jsonl');
        const limited = (day: string) => ({
          SIGNER_LIMITS: JSON.stringify({ [`evm:${token}`]: { day } }),
          SIGNER_SPENT_FILE: spent,
        });
        await kill(service);
        service = await startService(servicePhrase, limited('15000000'));
        await until(() => exchange.wallet.signerState() === 'running');
        const within = await draw('10');
        expect((await settleTo(within, 'complete')).status).toBe('complete');
        const over = await draw('10');
        expect(await settleTo(over, 'queued', 'wallet.reason_signer_limit')).toMatchObject({
          status: 'queued',
          tx_hash: null,
          reason: 'wallet.reason_signer_limit',
        });
        const view = (
          await exchange.api.get<Paged<WithdrawalView>>('wallet/withdrawals', {}, { token: user.token })
        ).body.data!.data.find((row) => row.id === over)!;
        expect(view).toMatchObject({
          status: 'queued',
          reason: "Waiting for the wallet's daily withdrawal limit; your funds stay held and safe",
        });
        await kill(service);
        service = await startService(servicePhrase, limited('15000000'));
        await until(() => exchange.wallet.signerState() === 'running');
        await settle();
        expect((await withdrawal(over)).status).toBe('queued');
        await kill(service);
        service = await startService(servicePhrase, limited('30000000'));
        await until(() => exchange.wallet.signerState() === 'running');
        expect(await settleTo(over, 'complete')).toMatchObject({ status: 'complete', reason: null });
        expect(await paidOut()).toBe(19_980_000n + 2n * 9_990_000n);
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
