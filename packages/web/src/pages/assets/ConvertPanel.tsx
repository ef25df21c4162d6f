import type { ConvertResult, CurrencyView, MarketView } from '@oex/protocol';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { convert, useAssetsRefresh } from '../../features/assets/queries.js';
import {
  amountProblem,
  answerLost,
  convertEstimate,
  cutDecimals,
  requestFor,
  type PendingRequest,
} from '../../features/assets/rules.js';
import { parseNumber } from '../../lib/parse-number.js';
import { AvailableAside, failureText, PanelFrame } from './parts.js';
import {
  ConfirmDialog,
  type DialogHandle,
  AllButton,
  AmountField,
  SubmitButton,
} from '../../components/ui/index.js';

/**
 * The convert panel of the spot account (docs/wallet.md): sells the currency for USDT at market on its
 * spot market, through the same engine and fee as any order, after a confirmation; the answer is the
 * real fill (sold, average price, fee, received, and whether the book took it all).
 */
export function ConvertPanel({
  currency,
  market,
  available,
  onClose,
}: {
  currency: CurrencyView;
  market: MarketView;
  available: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const refresh = useAssetsRefresh();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ConvertResult | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  /** This conversion's request id, kept after a lost answer so sending again cannot sell twice. */
  const pending = useRef<PendingRequest | null>(null);
  const dialog = useRef<DialogHandle>(null);
  // The preview before anything is sent: amount × the USD price, in USDT, and the fee.
  const estimate = convertEstimate(amount, currency.usd_price, market.change_fee_rate, market.price_decimals);
  const preview = (testId: string) =>
    estimate && (
      <div className="flex flex-col gap-0.5 text-xs tabular-nums" data-testid={testId}>
        <p>
          {t('assets.convertEstimate', {
            amount,
            currency: currency.code,
            price: currency.usd_price,
            gross: estimate.gross,
          })}
        </p>
        <p className="text-muted">{t('assets.convertFee', { fee: estimate.fee, net: estimate.net })}</p>
      </div>
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = amountProblem(amount, {
      available,
      decimals: market.number_decimals,
      min: market.min_number,
    });
    if (found) return setProblem(t(found.key, { ...found.params, currency: currency.code }));
    setProblem(null);
    dialog.current?.showModal();
  };

  const send = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const body = { currency_id: currency.id, number: amount };
      const request = requestFor(pending.current, JSON.stringify(body));
      pending.current = request;
      const fill = await convert({ ...body, request_id: request.id });
      pending.current = null;
      setResult(fill);
      setAmount('');
      refresh();
    } catch (error) {
      // The server's words, as they came.
      setProblem(failureText(error));
      // A refusal ends this conversion; after a lost answer, converting the same amount again
      // sends the same request id, and the server answers the first fill.
      if (!answerLost(error)) pending.current = null;
    } finally {
      dialog.current?.close();
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <PanelFrame title={t('assets.convertOf', { currency: currency.code })} onClose={onClose}>
      <p className="text-xs text-muted">{t('assets.convertNote', { symbol: market.symbol })}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <AmountField
          id="convert-amount"
          label={t('assets.amount')}
          aside={<AvailableAside amount={available} decimals={currency.decimals} code={currency.code} />}
          decimals={market.number_decimals}
          value={amount}
          placeholder={t('assets.minimum', { min: market.min_number, currency: currency.code })}
          onAmount={(value) => {
            setAmount(value);
            setProblem(null);
          }}
          onRefused={setProblem}
          action={
            <AllButton
              onClick={() => {
                // The market takes this many decimals: the rest of the balance stays.
                const accepted = parseNumber(cutDecimals(available, market.number_decimals), 'en', {
                  decimals: market.number_decimals,
                });
                if ('value' in accepted) setAmount(accepted.value);
              }}
            />
          }
        />
        {preview('convert-estimate')}
        <div role="alert" className="min-h-5 text-xs text-down">
          {problem ?? ''}
        </div>
        <SubmitButton disabled={busy}>{t('assets.convert')}</SubmitButton>
        <ConfirmDialog
          ref={dialog}
          titleId="convert-confirm-title"
          title={t('assets.confirmConvert')}
          confirm={t('assets.convertNow')}
          busy={busy}
          onConfirm={() => void send()}
        >
          <p className="mb-3">
            {t('assets.convertSummary', { amount, currency: currency.code, symbol: market.symbol })}
          </p>
          <div className="mb-3">{preview('convert-confirm-estimate')}</div>
        </ConfirmDialog>
      </form>
      {result && (
        <div role="status" className="rounded border p-3 text-xs border-line" data-testid="convert-result">
          <p>
            {t('assets.converted', {
              sold: result.sold,
              currency: currency.code,
              price: result.avg_price ?? '—',
              received: result.received,
              fee: result.fee,
              feeCurrency: result.fee_currency,
            })}
          </p>
          {result.partial && <p className="mt-1">{t('assets.convertPartial')}</p>}
        </div>
      )}
    </PanelFrame>
  );
}
