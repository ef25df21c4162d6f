import { Decimal, type DepthEntry, type MarketView } from '@oex/protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInLinks } from '../../components/SignInLinks.js';
import { call } from '../../api/http.js';
import { Tabs } from '../../components/Tabs.js';
import { useToasts } from '../../components/toast.js';
import { useSettings } from '../../features/content/news.js';
import {
  acceptDecimalInput,
  estimateMarketFill,
  farPrice,
  orderProblem,
  orderTotal,
  SLIDER_STEPS,
  sliderQuantity,
  type OrderType,
  type Refusal,
  type Side,
} from '../../features/trade/form-rules.js';
import { useSession } from '../../features/session.js';
import { currentLang } from '../../i18n/index.js';
import { formatPrice, formatQuantity, QUANTITY_DECIMALS } from '../../lib/format.js';

const CONFIRM_KEY = 'confirmOrders';
/** The form warns past this many percent through the best opposite price until the setting arrives. */
const DEFAULT_WARNING_PERCENT = '10';
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
  /** The other side of the visible book, best first: asks for a buy, bids for a sell. */
  levels: readonly DepthEntry[];
  picked: PickedPrice | null;
  confirm: boolean;
  onPlaced(): void;
}

/** A price or amount field: refuses what cannot be the number, and says why under the field. */
function DecimalField({
  label,
  value,
  decimals,
  disabled,
  shown,
  placeholder,
  warning,
  onChange,
}: {
  label: string;
  value: string;
  decimals: number;
  disabled?: boolean;
  /** Shown instead of the value while disabled (market price). */
  shown?: string;
  placeholder?: string;
  /** A lasting note about the accepted value (a price far through the book). */
  warning?: string | null;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const hintId = useId();
  const note = refusal ? t(refusal.key, refusal.params) : (warning ?? '');
  return (
    <div className="flex flex-col gap-0.5">
      <label className="flex items-center gap-2">
        <span className="w-16 shrink-0">{label}</span>
        <input
          className="w-full rounded border px-2 py-1.5 text-right tabular-nums disabled:opacity-60"
          style={{ ...inputStyle, borderColor: refusal ? 'var(--down)' : 'var(--border)' }}
          inputMode="decimal"
          autoComplete="off"
          disabled={disabled}
          placeholder={placeholder}
          aria-describedby={note ? hintId : undefined}
          value={disabled ? (shown ?? '') : value}
          onBlur={() => setRefusal(null)}
          onChange={(event) => {
            const result = acceptDecimalInput(event.target.value, decimals);
            // A refusal stays in view while typing goes on, so a refused key is never missed.
            if ('refused' in result) return setRefusal(result.refused);
            onChange(result.value);
          }}
        />
      </label>
      <p
        id={hintId}
        role="status"
        className="min-h-4 pl-[4.5rem] text-[11px] leading-4"
        style={{ color: 'var(--down)' }}
        data-testid="field-hint"
      >
        {note}
      </p>
    </div>
  );
}

/** One line of the confirmation's summary. */
function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt style={{ color: 'var(--muted)' }}>{term}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

function OrderForm({ side, type, market, balance, bestPrice, levels, picked, confirm, onPlaced }: FormProps) {
  const { t } = useTranslation();
  const toast = useToasts((state) => state.show);
  const lang = currentLang();
  const warnPercent = useSettings().data?.price_warning_percent ?? DEFAULT_WARNING_PERCENT;
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [percent, setPercent] = useState(0);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const effectivePrice = type === 1 ? (bestPrice ?? '') : price;
  const unit = side === 'buy' ? market.quote_currency_code : market.base_currency_code;
  const base = market.base_currency_code;
  const quote = market.quote_currency_code;

  // Only a pick made while this form shows its market: one made on another pair is not its price.
  const lastPick = useRef(picked);
  useEffect(() => {
    if (!picked || picked === lastPick.current) return;
    lastPick.current = picked;
    const result = acceptDecimalInput(picked.price, market.price_decimals);
    if ('value' in result) setPrice(result.value);
  }, [picked, market.price_decimals]);

  const slide = (next: number) => {
    setPercent(next);
    setQuantity(sliderQuantity(side, next, balance ?? '0', effectivePrice, market.number_decimals));
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

  // A limit price far through the best opposite price is usually a slip of the finger.
  const far = type === 0 ? farPrice(side, price, bestPrice, warnPercent) : null;
  const farText =
    far && bestPrice
      ? t(side === 'buy' ? 'trade.farAbove' : 'trade.farBelow', {
          percent: far,
          best: formatPrice(bestPrice, lang, market.price_decimals),
          quote,
        })
      : null;
  const estimate = type === 1 ? estimateMarketFill(levels, quantity, market.price_decimals) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = orderProblem(
      { side, type, price, quantity, bestPrice, sellDisabled: market.sell_disabled === 1 },
      market,
    );
    if (problem) return toast('error', t(problem.key, { ...problem.params, base, quote }));
    // A warning is always shown before placing, even with confirmation turned off.
    if (confirm || far) dialog.current?.showModal();
    else void place();
  };

  const color = side === 'buy' ? 'var(--up-strong)' : 'var(--down-strong)';
  const title = t(side === 'buy' ? 'trade.buyBase' : 'trade.sellBase', { base });
  const total = orderTotal(effectivePrice, quantity);
  const feePercent = Decimal.tryParse(market.change_fee_rate)?.mul(Decimal.fromInt(100)).toString() ?? '—';
  return (
    <form
      id={`order-form-${side}`}
      onSubmit={submit}
      aria-label={title}
      className="flex flex-col gap-1 text-xs"
      noValidate
    >
      <p className="mb-1" style={{ color: 'var(--muted)' }}>
        {t('trade.available')}{' '}
        <span className="tabular-nums" style={{ color: 'var(--text)' }} data-testid={`available-${side}`}>
          {balance === null ? '—' : formatQuantity(balance, lang)}
        </span>{' '}
        {unit}
      </p>
      <DecimalField
        label={t('trade.price')}
        value={price}
        decimals={market.price_decimals}
        disabled={type === 1}
        shown={t('trade.marketPrice')}
        warning={farText}
        onChange={setPrice}
      />
      <DecimalField
        label={t('trade.amount')}
        value={quantity}
        decimals={market.number_decimals}
        placeholder={t('trade.minimum', { min: market.min_number, base })}
        onChange={(next) => {
          setQuantity(next);
          setPercent(0);
        }}
      />
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
      <p className="my-1" style={{ color: 'var(--muted)' }}>
        {t('trade.total')}{' '}
        <span className="tabular-nums" style={{ color: 'var(--text)' }}>
          {total ? formatQuantity(total, lang) : '—'}
        </span>{' '}
        {quote}
      </p>
      <button
        type="submit"
        disabled={busy}
        className="rounded py-2 font-medium text-white disabled:opacity-60"
        style={{ background: color }}
      >
        {title}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`confirm-${side}-title`}
        className="m-auto w-[min(22rem,calc(100vw-2rem))] rounded-lg border p-4 text-sm"
        style={{ ...inputStyle }}
      >
        <h3 id={`confirm-${side}-title`} className="mb-2 font-semibold">
          {t('trade.confirmTitle')}
        </h3>
        <p className="mb-3">
          {t(`trade.confirm${side === 'buy' ? 'Buy' : 'Sell'}${type === 1 ? 'Market' : ''}`, {
            quantity,
            base,
            price,
            quote,
          })}
        </p>
        <dl className="mb-3 flex flex-col gap-1 text-xs" data-testid="order-summary">
          <Fact term={t('trade.summary.side')}>
            <span style={{ color }}>
              {t(side === 'buy' ? 'trade.buy' : 'trade.sell')} ·{' '}
              {t(type === 0 ? 'trade.limit' : 'trade.market')}
            </span>
          </Fact>
          {type === 0 ? (
            <Fact term={t('trade.summary.price')}>
              {formatPrice(price, lang, market.price_decimals)} {quote}
            </Fact>
          ) : (
            <Fact term={t('trade.summary.estimatedAverage')}>
              {estimate ? `≈ ${formatPrice(estimate.average, lang, market.price_decimals)} ${quote}` : '—'}
            </Fact>
          )}
          <Fact term={t('trade.summary.amount')}>
            {formatQuantity(quantity, lang, market.number_decimals)} {base}
          </Fact>
          {type === 0 ? (
            <Fact term={t('trade.summary.total')}>
              {total ? formatQuantity(total, lang, QUANTITY_DECIMALS) : '—'} {quote}
            </Fact>
          ) : (
            <Fact term={t('trade.summary.estimatedTotal')}>
              {estimate ? `≈ ${formatQuantity(estimate.total, lang, QUANTITY_DECIMALS)} ${quote}` : '—'}
            </Fact>
          )}
          <Fact term={t('trade.summary.fee')}>{feePercent}%</Fact>
        </dl>
        {farText && (
          <p role="alert" className="mb-3 rounded border p-2 text-xs" style={{ borderColor: 'var(--down)' }}>
            {farText}
          </p>
        )}
        {estimate && !estimate.complete && (
          <p role="alert" className="mb-3 rounded border p-2 text-xs" style={{ borderColor: 'var(--down)' }}>
            {t('trade.thinBook', {
              filled: formatQuantity(estimate.filled, lang, market.number_decimals),
              base,
            })}
          </p>
        )}
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
  depth,
  picked,
  onPlaced,
}: {
  market: MarketView;
  balances: { base: string | null; quote: string | null };
  bestAsk: string | null;
  bestBid: string | null;
  /** The visible book, for a market order's estimated average price. */
  depth: { in: DepthEntry[]; out: DepthEntry[] } | undefined;
  picked: PickedPrice | null;
  onPlaced(): void;
}) {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const [type, setType] = useState<OrderType>(1);
  const [confirm, setConfirm] = useState(() => localStorage.getItem(CONFIRM_KEY) !== '0');
  if (!token) {
    return (
      <section
        id="order-forms"
        className="flex flex-col items-center gap-2 p-6 text-sm"
        aria-label={t('trade.forms')}
      >
        <p>{t('trade.signInToTrade')}</p>
        <SignInLinks redirect={`/trade?match=${market.id}`} />
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
      {/* Keyed by market: a price or amount typed for one pair never carries over to another. */}
      <div className="grid gap-4 sm:grid-cols-2">
        <OrderForm
          key={`buy-${market.id}`}
          side="buy"
          balance={balances.quote}
          bestPrice={bestAsk}
          levels={depth?.out ?? []}
          {...shared}
        />
        <OrderForm
          key={`sell-${market.id}`}
          side="sell"
          balance={balances.base}
          bestPrice={bestBid}
          levels={depth?.in ?? []}
          {...shared}
        />
      </div>
    </section>
  );
}
