import type { ChainProtocolView, CurrencyView } from '@oex/protocol';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announceDeposit, useDeposits, usePayOrders, useWallet } from '../../features/assets/queries.js';
import { amountProblem, networkClosure } from '../../features/assets/rules.js';
import { currentLang } from '../../i18n/index.js';
import { CopyButton, formatAmount, NetworkClosedNote, PanelFrame, failureText } from './parts.js';
import { DepositsTable } from './WalletTables.js';
import { AmountField, Button, Empty, QueryState, Tabs } from '../../components/ui/index.js';

/** Recent deposits shown under the address. */
const RECENT = 5;

/**
 * Announcing a deposit (wallet/createPayOrder, the spec's deposit-amount box): the amount about
 * to be sent to this address; the first deposit of exactly that amount within a day is matched to it.
 */
function AnnounceDeposit({
  currency,
  network,
  address,
}: {
  currency: CurrencyView;
  network: ChainProtocolView;
  address: string;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const orders = usePayOrders();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const decimals = Math.min(currency.decimals, network.decimals);
  const mine = (orders.data?.data ?? []).filter(
    (order) => order.currency_id === currency.id && order.address.toLowerCase() === address.toLowerCase(),
  );
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = amountProblem(amount, { available: amount || '0', decimals });
    if (found) return setProblem(t(found.key, { ...found.params, currency: currency.code }));
    setBusy(true);
    setProblem(null);
    try {
      await announceDeposit({
        walletAddress: amount,
        in_address: address,
        currency_id: currency.id,
      });
      setAmount('');
      void orders.refetch();
    } catch (error) {
      setProblem(failureText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="announce-title"
      className="flex flex-col gap-2 rounded border p-3 border-line"
    >
      <h3 id="announce-title" className="font-medium">
        {t('assets.announceTitle')}
      </h3>
      <p className="text-xs text-muted">{t('assets.announceHint')}</p>
      <AmountField
        id="announce-amount"
        label={t('assets.announceAmount')}
        decimals={decimals}
        value={amount}
        onAmount={(value) => {
          setAmount(value);
          setProblem(null);
        }}
        onRefused={setProblem}
        action={
          <Button type="submit" disabled={busy} className="shrink-0 whitespace-nowrap">
            {t('assets.announce')}
          </Button>
        }
      />
      <p role="alert" className="min-h-4 text-xs text-down">
        {problem ?? ''}
      </p>
      {mine.length > 0 && (
        <ul
          className="flex flex-col gap-1 text-xs"
          aria-label={t('assets.announced')}
          data-testid="pay-orders"
        >
          {mine.slice(0, 5).map((order) => (
            <li key={order.id} className="flex flex-wrap justify-between gap-2" data-pay-order-id={order.id}>
              <span className="tabular-nums">
                {formatAmount(order.amount, currency.decimals, lang)} {currency.code}
              </span>
              <span
                className={
                  order.status === 'matched'
                    ? 'text-up'
                    : order.status === 'expired'
                      ? 'text-down'
                      : 'text-muted'
                }
              >
                {t(`assets.payOrderStatus.${order.status}`)}
                {order.status === 'waiting' && ` · ${t('assets.expires', { time: order.expires_at })}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

/**
 * The charge panel (docs/wallet.md): the user's address on each network of the currency (tabs when
 * there are several), memo and address with copy, a QR code on demand, the network's rules, and the
 * recent deposits, live. A network this server is not connected to says why and shows no address.
 */
export function ChargePanel({ currency, onClose }: { currency: CurrencyView; onClose(): void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const wallet = useWallet(currency.id);
  const deposits = useDeposits(currency.id, 1, RECENT);
  const [protocolId, setProtocolId] = useState<number | null>(null);
  const [qr, setQr] = useState(false);
  return (
    <PanelFrame title={t('assets.chargeOf', { currency: currency.code })} onClose={onClose}>
      <QueryState query={wallet} skeleton={{ rows: 4 }}>
        {(answer) => {
          const networks = answer.currency_protocols;
          if (networks.length === 0)
            return <Empty text={t('assets.noNetwork', { currency: currency.code })} />;
          const network = networks.find((candidate) => candidate.id === protocolId) ?? networks[0]!;
          const chain = network.chain_protocol.code;
          const mine = answer.wallets.find((candidate) => candidate.currency_protocol_id === network.id);
          const address = mine?.address ?? network.in_address ?? null;
          const memo = mine?.memo ?? '';
          const closure = networkClosure(network, 'deposit');
          const usable = closure === null && address !== null;
          return (
            <>
              {networks.length > 1 && (
                <Tabs
                  label={t('assets.network')}
                  className="flex gap-4 border-b"
                  values={networks.map((candidate) => candidate.id)}
                  active={network.id}
                  text={(id) => networks.find((candidate) => candidate.id === id)!.chain_protocol.code}
                  onChange={(id) => {
                    setProtocolId(id);
                    setQr(false);
                  }}
                />
              )}
              {!usable ? (
                <NetworkClosedNote
                  closure={closure ?? { key: 'assets.networkUnavailable' }}
                  network={chain}
                />
              ) : (
                <div className="flex flex-col gap-3" data-testid="deposit-address">
                  <div>
                    <p className="mb-1 text-xs text-muted">
                      {t('assets.addressOn', { currency: currency.code, network: chain })}
                    </p>
                    <div className="flex items-center gap-2">
                      <code
                        className="min-w-0 flex-1 rounded border px-2 py-1.5 font-mono text-xs break-all border-line bg-page"
                        data-testid="address"
                      >
                        {address}
                      </code>
                      <CopyButton text={address} label={t('assets.copyAddress')} />
                    </div>
                  </div>
                  {memo && (
                    <div>
                      <p className="mb-1 text-xs text-muted">{t('assets.memo')}</p>
                      <div className="flex items-center gap-2">
                        <code
                          className="min-w-0 flex-1 rounded border px-2 py-1.5 font-mono text-xs break-all border-line bg-page"
                          data-testid="memo"
                        >
                          {memo}
                        </code>
                        <CopyButton text={memo} label={t('assets.copyMemo')} />
                      </div>
                    </div>
                  )}
                  <div>
                    <Button aria-expanded={qr} aria-controls="deposit-qr" onClick={() => setQr(!qr)}>
                      {t(qr ? 'assets.hideQr' : 'assets.showQr')}
                    </Button>
                    <div id="deposit-qr">
                      {qr && (
                        <div className="mt-2 inline-block rounded bg-white p-3">
                          <QRCodeSVG
                            value={address}
                            size={168}
                            role="img"
                            aria-label={t('assets.qrOf', { network: chain })}
                            data-testid="qr"
                          />
                        </div>
                      )}
                    </div>
                  </div>
                </div>
              )}
              {usable && address && (
                <AnnounceDeposit currency={currency} network={network} address={address} />
              )}
              {/* The network's rules, only where it can take a deposit. */}
              {usable && (
                <ul
                  className="list-disc pl-5 text-xs leading-5 text-muted"
                  aria-label={t('assets.reminders')}
                >
                  <li>
                    {t('assets.remindMinimum', {
                      min: formatAmount(network.min_deposit, currency.decimals, lang),
                      currency: currency.code,
                    })}
                  </li>
                  <li>{t('assets.remindCredit', { count: network.confirmations_credit })}</li>
                  <li>{t('assets.remindWithdraw', { count: network.confirmations_withdraw })}</li>
                  <li>{t('assets.remindOnly', { currency: currency.code, network: chain })}</li>
                </ul>
              )}
            </>
          );
        }}
      </QueryState>
      <h3 className="mt-2 font-medium">{t('assets.recentDeposits')}</h3>
      <QueryState query={deposits} isEmpty={(page) => page.data.length === 0} empty={t('assets.noDeposits')}>
        {(page) => <DepositsTable rows={page.data} decimals={currency.decimals} compact />}
      </QueryState>
    </PanelFrame>
  );
}
