import type { MarketView } from '@oex/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/http.js';
import { Tabs } from '../../components/Tabs.js';
import { useToasts } from '../../components/toast.js';
import {
  filterDecimalInput,
  orderProblem,
  orderTotal,
  PRICE_DECIMALS,
  QUANTITY_DECIMALS,
  SLIDER_STEPS,
  sliderQuantity,
  type OrderType,
  type Side,
} from '../../features/trade/form-rules.js';
import { useSession } from '../../features/session.js';
import { currentLang } from '../../i18n/index.js';
import { formatQuantity } from '../../lib/format.js';

const CONFIRM_KEY = 'confirmOrders';
const inputStyle = { background: 'var(--bg)', borderColor: 'var(--border)', color: 'var(--text)' };

export interface PickedPrice {
  price: string;
  /** Changes on every pick, so picking the same price again still fills the forms. */
  at: number;
}

interface FormProps {
  side: Side;
  type: OrderType;
  market: MarketView;
  /** Available quote (buy) or base (sell) balance. */
  balance: string | null;
  bestPrice: string | null;
  picked: PickedPrice | null;
  confirm: boolean;
  onPlaced(): void;
}

function OrderForm({ side, type, market, balance, bestPrice, picked, confirm, onPlaced }: FormProps) {
  const { t } = useTranslation();
  const toast = useToasts((state) => state.show);
  const lang = currentLang();
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [percent, setPercent] = useState(0);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const effectivePrice = type === 1 ? (bestPrice ?? '') : price;
  const unit = side === 'buy' ? market.quote_currency_code : market.base_currency_code;

  useEffect(() => {
    if (picked) setPrice(filterDecimalInput(picked.price, PRICE_DECIMALS));
  }, [picked]);

  const slide = (next: number) => {
    setPercent(next);
    setQuantity(sliderQuantity(side, next, balance ?? '0', effectivePrice));
  };

  const place = async () => {
    dialog.current?.close();
    setBusy(true);
    try {
      await call('POST', side === 'buy' ? 'tx_in/add' : 'tx_out/add', {
        currency_match_id: market.id,
        number: quantity,
        price: type === 0 ? price : undefined,
        type,
      });
      setQuantity('');
      setPercent(0);
      onPlaced();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = orderProblem({
      side,
      type,
      price,
      quantity,
      bestPrice,
      sellDisabled: market.sell_disabled === 1,
    });
    if (problem) return toast('error', t(problem));
    if (confirm) dialog.current?.showModal();
    else void place();
  };

  const color = side === 'buy' ? 'var(--up-strong)' : 'var(--down-strong)';
  const title = t(side === 'buy' ? 'trade.buyBase' : 'trade.sellBase', { base: market.base_currency_code });
  const total = orderTotal(effectivePrice, quantity);
  return (
    <form
      id={`order-form-${side}`}
      onSubmit={submit}
      aria-label={title}
      className="flex flex-col gap-2 text-xs"
      noValidate
    >
      <p style={{ color: 'var(--muted)' }}>
        {t('trade.available')}{' '}
        <span className="tabular-nums" style={{ color: 'var(--text)' }} data-testid={`available-${side}`}>
          {balance === null ? '—' : formatQuantity(balance, lang)}
        </span>{' '}
        {unit}
      </p>
      <label className="flex items-center gap-2">
        <span className="w-16 shrink-0">{t('trade.price')}</span>
        <input
          className="w-full rounded border px-2 py-1.5 text-right tabular-nums disabled:opacity-60"
          style={inputStyle}
          inputMode="decimal"
          disabled={type === 1}
          value={type === 1 ? t('trade.marketPrice') : price}
          onChange={(event) => setPrice(filterDecimalInput(event.target.value, PRICE_DECIMALS))}
        />
      </label>
      <label className="flex items-center gap-2">
        <span className="w-16 shrink-0">{t('trade.amount')}</span>
        <input
          className="w-full rounded border px-2 py-1.5 text-right tabular-nums"
          style={inputStyle}
          inputMode="decimal"
          value={quantity}
          onChange={(event) => {
            setQuantity(filterDecimalInput(event.target.value, QUANTITY_DECIMALS));
            setPercent(0);
          }}
        />
      </label>
      <fieldset className="flex gap-1">
        <legend className="sr-only">{t('trade.share')}</legend>
        {SLIDER_STEPS.slice(1).map((step) => (
          <button
            key={step}
            type="button"
            aria-pressed={percent === step}
            className="flex-1 rounded border py-0.5"
            style={{ borderColor: percent === step ? color : 'var(--border)' }}
            onClick={() => slide(step)}
          >
            {step}%
          </button>
        ))}
      </fieldset>
      <p style={{ color: 'var(--muted)' }}>
        {t('trade.total')}{' '}
        <span className="tabular-nums" style={{ color: 'var(--text)' }}>
          {total ? formatQuantity(total, lang) : '—'}
        </span>{' '}
        {market.quote_currency_code}
      </p>
      <button
        type="submit"
        disabled={busy}
        className="rounded py-2 font-medium text-white disabled:opacity-60"
        style={{ background: color }}
      >
        {title}
      </button>
      <dialog ref={dialog} className="m-auto rounded-lg border p-4 text-sm" style={{ ...inputStyle }}>
        <h3 className="mb-2 font-semibold">{t('trade.confirmTitle')}</h3>
        <p className="mb-3">
          {t(`trade.confirm${side === 'buy' ? 'Buy' : 'Sell'}${type === 1 ? 'Market' : ''}`, {
            quantity,
            base: market.base_currency_code,
            price,
            quote: market.quote_currency_code,
          })}
        </p>
        <div className="flex justify-end gap-2">
          <button
            type="button"
            className="rounded border px-3 py-1"
            style={{ borderColor: 'var(--border)' }}
            onClick={() => dialog.current?.close()}
          >
            {t('trade.cancel')}
          </button>
          <button
            type="button"
            className="rounded px-3 py-1 text-white"
            style={{ background: color }}
            onClick={() => void place()}
          >
            {t('trade.confirm')}
          </button>
        </div>
      </dialog>
    </form>
  );
}

/**
 * The buy and sell forms (spec 000 §§4-5) with the limit/market tabs (market by default). A visitor
 * sees login and register links instead.
 */
export function OrderForms({
  market,
  balances,
  bestAsk,
  bestBid,
  picked,
  onPlaced,
}: {
  market: MarketView;
  balances: { base: string | null; quote: string | null };
  bestAsk: string | null;
  bestBid: string | null;
  picked: PickedPrice | null;
  onPlaced(): void;
}) {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const [type, setType] = useState<OrderType>(1);
  const [confirm, setConfirm] = useState(() => localStorage.getItem(CONFIRM_KEY) !== '0');
  if (!token) {
    const here = encodeURIComponent(`/trade?match=${market.id}`);
    return (
      <section
        id="order-forms"
        className="flex flex-col items-center gap-2 p-6 text-sm"
        aria-label={t('trade.forms')}
      >
        <p>{t('trade.signInToTrade')}</p>
        <div className="flex gap-3">
          <Link
            to={`/login?redirect=${here}`}
            className="rounded border px-4 py-1.5"
            style={{ borderColor: 'var(--border)' }}
          >
            {t('account.login')}
          </Link>
          <Link
            to="/register"
            className="rounded px-4 py-1.5 text-white"
            style={{ background: 'var(--accent-strong)' }}
          >
            {t('account.register')}
          </Link>
        </div>
      </section>
    );
  }
  const shared = { type, market, picked, confirm, onPlaced };
  return (
    <section id="order-forms" aria-label={t('trade.forms')} className="flex flex-col gap-2 p-2">
      <div className="flex items-center justify-between">
        <Tabs<OrderType>
          className="flex gap-3 text-sm"
          values={[0, 1] as const}
          active={type}
          text={(value) => t(value === 0 ? 'trade.limit' : 'trade.market')}
          onChange={setType}
        />
        <label className="flex items-center gap-1 text-xs" style={{ color: 'var(--muted)' }}>
          <input
            type="checkbox"
            checked={confirm}
            onChange={(event) => {
              localStorage.setItem(CONFIRM_KEY, event.target.checked ? '1' : '0');
              setConfirm(event.target.checked);
            }}
          />
          {t('trade.askConfirm')}
        </label>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <OrderForm side="buy" balance={balances.quote} bestPrice={bestAsk} {...shared} />
        <OrderForm side="sell" balance={balances.base} bestPrice={bestBid} {...shared} />
      </div>
    </section>
  );
}
