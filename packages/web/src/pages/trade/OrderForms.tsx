import { Decimal, type DepthEntry, type MarketView } from '@oex/protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInLinks } from '../../components/SignInLinks.js';
import { useToasts } from '../../components/toast.js';
import { useSettings } from '../../features/content/news.js';
import {
  farPrice,
  MAX_DIGITS,
  orderProblem,
  orderTotal,
  protectionPrice,
  SLIDER_STEPS,
  sliderQuantity,
  sliderTotal,
  walkBook,
  type OrderType,
  type Side,
} from '../../features/trade/form-rules.js';
import { placeSpotOrder } from '../../features/trade/orders.js';
import { usePlaceOnce } from '../../features/orders/use-place-once.js';
import { useSession } from '../../features/session.js';
import { currentLang } from '../../i18n/index.js';
import { formatNumber, formatPrice, formatQuantity, QUANTITY_DECIMALS } from '../../lib/format.js';
import { shownDecimals } from '../../features/assets/rules.js';
import { hintOf, readTyped, toInputText, type TypedNumber } from '../../lib/parse-number.js';
import {
  Button,
  Dialog,
  type DialogHandle,
  Fact,
  FactList,
  inputClass,
  Tabs,
} from '../../components/ui/index.js';

const CONFIRM_KEY = 'confirmOrders';
/** The form warns past this many percent through the best opposite price until the setting arrives. */
const DEFAULT_WARNING_PERCENT = '10';

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
  /** The balance's currency's decimals (null until its account arrives). */
  balanceDecimals: number | null;
  bestPrice: string | null;
  /** The other side of the visible book, best first: asks for a buy, bids for a sell. */
  levels: readonly DepthEntry[];
  picked: PickedPrice | null;
  confirm: boolean;
  onPlaced(): void;
}

/** The message under a field whose text is not a number, in the reader's language. */
function useNumberHint(): (problem: TypedNumber['problem']) => string {
  const { t } = useTranslation();
  const lang = currentLang();
  return (problem) => {
    if (!problem) return '';
    const hint = hintOf(problem, lang);
    return t(hint.key, hint.params);
  };
}

/** A price or amount field: keeps the text as typed, and says under it why it is not a number. */
function DecimalField({
  label,
  field,
  disabled,
  shown,
  placeholder,
  warning,
  onChange,
}: {
  label: string;
  field: TypedNumber;
  disabled?: boolean;
  /** Shown instead of the value while disabled (market price). */
  shown?: string;
  placeholder?: string;
  /** A lasting note about the accepted value (a price far through the book). */
  warning?: string | null;
  onChange(text: string): void;
}) {
  const hint = useNumberHint();
  const hintId = useId();
  const refused = !disabled && field.problem !== null;
  const note = refused ? hint(field.problem) : (warning ?? '');
  return (
    <div className="flex flex-col gap-0.5">
      <label className="flex items-center gap-2">
        <span className="w-16 shrink-0">{label}</span>
        <input
          className={`${inputClass} text-right tabular-nums disabled:opacity-60 aria-invalid:border-down`}
          inputMode="decimal"
          autoComplete="off"
          disabled={disabled}
          placeholder={placeholder}
          aria-invalid={refused || undefined}
          aria-describedby={note ? hintId : undefined}
          value={disabled ? (shown ?? '') : field.text}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      <p
        id={hintId}
        role="status"
        className="min-h-4 pl-[4.5rem] text-[11px] leading-4 text-down"
        data-testid="field-hint"
      >
        {note}
      </p>
    </div>
  );
}

function OrderForm({
  side,
  type,
  market,
  balance,
  balanceDecimals,
  bestPrice,
  levels,
  picked,
  confirm,
  onPlaced,
}: FormProps) {
  const { t } = useTranslation();
  const toast = useToasts((state) => state.show);
  const lang = currentLang();
  const warnPercent = useSettings().data?.price_warning_percent ?? DEFAULT_WARNING_PERCENT;
  const priceLimits = { decimals: market.price_decimals, maxDigits: MAX_DIGITS };
  const amountLimits = { decimals: market.number_decimals, maxDigits: MAX_DIGITS };
  const [priceText, setPriceText] = useState('');
  const [quantityText, setQuantityText] = useState('');
  /** A market buy by the total to spend (docs/spot.md): the quote typed or set by the slider. */
  const [spendText, setSpendText] = useState('');
  const [percent, setPercent] = useState(0);
  const { place: placeOnce, busy } = usePlaceOnce();
  const dialog = useRef<DialogHandle>(null);
  const priceField = readTyped(priceText, lang, priceLimits);
  const quantityField = readTyped(quantityText, lang, amountLimits);
  const spendField = readTyped(spendText, lang, { maxDigits: 30 });
  const price = priceField.value;
  const quantity = quantityField.value;
  const byTotal = side === 'buy' && type === 1;
  const spend = byTotal && quantityText.trim() === '' ? spendField.value : '';
  const effectivePrice = type === 1 ? (bestPrice ?? '') : price;
  const unit = side === 'buy' ? market.quote_currency_code : market.base_currency_code;
  const base = market.base_currency_code;
  const quote = market.quote_currency_code;

  // Only a pick made while this form shows its market: one made on another pair is not its price.
  const lastPick = useRef(picked);
  useEffect(() => {
    if (!picked || picked === lastPick.current) return;
    lastPick.current = picked;
    setPriceText(toInputText(picked.price, lang));
  }, [picked, lang]);

  const slide = (next: number) => {
    setPercent(next);
    if (byTotal) {
      // A market buy spends its share of the balance exactly: 100 % is the whole balance.
      setQuantityText('');
      setSpendText(toInputText(sliderTotal(next, balance ?? '0'), lang));
      return;
    }
    setQuantityText(
      toInputText(sliderQuantity(side, next, balance ?? '0', effectivePrice, market.number_decimals), lang),
    );
  };

  const place = async () => {
    dialog.current?.close();
    const body = {
      currency_match_id: market.id,
      ...(spend ? { total: spend } : { number: quantity }),
      price: type === 0 ? price : undefined,
      type,
    };
    // A refusal shows as the client's toast; a lost answer keeps the request id for the retry.
    const result = await placeOnce(body, (requestId) =>
      placeSpotOrder(side, { ...body, request_id: requestId }),
    );
    if (!result.placed) return;
    setQuantityText('');
    setSpendText('');
    setPercent(0);
    onPlaced();
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
  // A market order: one walk of the book, within the protection limit, for the form and the dialog.
  const protection =
    type === 1 ? protectionPrice(side, bestPrice, market.price_protection, market.price_decimals) : null;
  const estimate =
    type === 1
      ? walkBook(
          side,
          levels,
          spend ? { total: spend, numberDecimals: market.number_decimals } : { quantity },
          market.price_decimals,
          protection,
        )
      : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // A field that is not a number says so under itself; nothing is sent.
    const fields = [type === 0 ? priceField : null, quantityField, byTotal ? spendField : null];
    if (fields.some((field) => field?.problem)) return;
    const problem = spend
      ? bestPrice === null
        ? { key: 'trade.noBestPrice' as const }
        : null
      : orderProblem(
          { side, type, price, quantity, bestPrice, sellDisabled: market.sell_disabled === 1 },
          market,
        );
    if (problem) return toast('error', t(problem.key, { ...problem.params, base, quote }));
    // A warning is always shown before placing, even with confirmation turned off.
    if (confirm || far) dialog.current?.showModal();
    else void place();
  };

  const buy = side === 'buy';
  const title = t(side === 'buy' ? 'trade.buyBase' : 'trade.sellBase', { base });
  // The form's total is the dialog's: a limit order's price × amount, a market order's walk.
  const total = type === 0 ? orderTotal(price, quantity) : spend || (estimate?.total ?? '');
  const feePercent = Decimal.tryParse(market.change_fee_rate)?.mul(Decimal.fromInt(100)).toString() ?? '—';
  const shownQuantity = spend ? (estimate?.filled ?? '') : quantity;
  return (
    <form
      id={`order-form-${side}`}
      onSubmit={submit}
      aria-label={title}
      className="flex flex-col gap-1 text-xs"
      noValidate
    >
      <p className="mb-1 text-muted">
        {t('trade.available')}{' '}
        <span className="tabular-nums text-ink" data-testid={`available-${side}`}>
          {/* As /assets shows it: the currency's decimals (at least 2), cut. */}
          {balance === null
            ? '—'
            : formatNumber(balance, shownDecimals(balance, balanceDecimals ?? QUANTITY_DECIMALS), lang)}
        </span>{' '}
        {unit}
      </p>
      <DecimalField
        label={t('trade.price')}
        field={priceField}
        disabled={type === 1}
        shown={t('trade.marketPrice')}
        warning={farText}
        onChange={setPriceText}
      />
      <DecimalField
        label={t('trade.amount')}
        field={quantityField}
        placeholder={t('trade.minimum', { min: market.min_number, base })}
        onChange={(next) => {
          setQuantityText(next);
          if (next.trim()) setSpendText('');
          setPercent(0);
        }}
      />
      {byTotal && (
        <DecimalField
          label={t('trade.spend')}
          field={spendField}
          placeholder={quote}
          onChange={(next) => {
            setSpendText(next);
            if (next.trim()) setQuantityText('');
            setPercent(0);
          }}
        />
      )}
      <fieldset className="flex gap-1">
        <legend className="sr-only">{t('trade.share')}</legend>
        {SLIDER_STEPS.slice(1).map((step) => (
          <Button
            key={step}
            size="fit"
            aria-pressed={percent === step}
            className={`flex-1 py-0.5 ${buy ? 'aria-pressed:border-up-strong' : 'aria-pressed:border-down-strong'}`}
            onClick={() => slide(step)}
          >
            {step}%
          </Button>
        ))}
      </fieldset>
      <p className="my-1 text-muted">
        {t('trade.total')}{' '}
        <span className="tabular-nums text-ink" data-testid={`total-${side}`}>
          {total ? `${type === 1 && !spend ? '≈ ' : ''}${formatQuantity(total, lang)}` : '—'}
        </span>{' '}
        {quote}
      </p>
      <Button type="submit" variant={buy ? 'up' : 'down'} size="fit" disabled={busy} className="py-2">
        {title}
      </Button>
      <Dialog ref={dialog} labelledBy={`confirm-${side}-title`} className="w-[min(22rem,calc(100vw-2rem))]">
        <h3 id={`confirm-${side}-title`} className="mb-2 font-semibold">
          {t('trade.confirmTitle')}
        </h3>
        <p className="mb-3">
          {spend
            ? t('trade.confirmBuyTotal', { total: formatQuantity(spend, lang), base, quote })
            : t(`trade.confirm${side === 'buy' ? 'Buy' : 'Sell'}${type === 1 ? 'Market' : ''}`, {
                quantity,
                base,
                price,
                quote,
              })}
        </p>
        <FactList className="mb-3 flex flex-col gap-1 text-xs" testId="order-summary">
          <Fact term={t('trade.summary.side')}>
            <span className={buy ? 'text-up-strong' : 'text-down-strong'}>
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
          {protection && (
            <Fact term={t('trade.summary.protection')}>
              <span data-testid="protection-limit">
                {t('trade.fillsNoFurther', {
                  price: formatPrice(protection, lang, market.price_decimals),
                  quote,
                  percent: market.price_protection,
                })}
              </span>
            </Fact>
          )}
          <Fact term={t(spend ? 'trade.summary.estimatedAmount' : 'trade.summary.amount')}>
            {shownQuantity
              ? `${spend ? '≈ ' : ''}${formatQuantity(shownQuantity, lang, market.number_decimals)}`
              : '—'}{' '}
            {base}
          </Fact>
          {type === 0 ? (
            <Fact term={t('trade.summary.total')}>
              {total ? formatQuantity(total, lang, QUANTITY_DECIMALS) : '—'} {quote}
            </Fact>
          ) : (
            <Fact term={t(spend ? 'trade.summary.spendAtMost' : 'trade.summary.estimatedTotal')}>
              <span data-testid="dialog-total">
                {total ? `${spend ? '' : '≈ '}${formatQuantity(total, lang, QUANTITY_DECIMALS)}` : '—'}
              </span>{' '}
              {quote}
            </Fact>
          )}
          <Fact term={t('trade.summary.fee')}>{feePercent}%</Fact>
        </FactList>
        {farText && (
          <p role="alert" className="mb-3 rounded border border-down p-2 text-xs">
            {farText}
          </p>
        )}
        {estimate && !estimate.complete && (
          <p role="alert" className="mb-3 rounded border border-down p-2 text-xs">
            {t('trade.thinBook', {
              filled: formatQuantity(estimate.filled, lang, market.number_decimals),
              base,
            })}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={() => dialog.current?.close()}>{t('trade.cancel')}</Button>
          <Button variant={buy ? 'up' : 'down'} onClick={() => void place()}>
            {t('trade.confirm')}
          </Button>
        </div>
      </Dialog>
    </form>
  );
}

/**
 * The buy and sell forms (docs/spot.md) with the limit/market tabs (market by default). A visitor
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
  balances: {
    base: string | null;
    quote: string | null;
    baseDecimals: number | null;
    quoteDecimals: number | null;
  };
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
        <label className="flex items-center gap-1 text-xs text-muted">
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
          balanceDecimals={balances.quoteDecimals}
          bestPrice={bestAsk}
          levels={depth?.out ?? []}
          {...shared}
        />
        <OrderForm
          key={`sell-${market.id}`}
          side="sell"
          balance={balances.base}
          balanceDecimals={balances.baseDecimals}
          bestPrice={bestBid}
          levels={depth?.in ?? []}
          {...shared}
        />
      </div>
    </section>
  );
}
