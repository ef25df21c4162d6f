import {
  LEVER_LONG,
  type Lang,
  type LeverPositionView,
  type LeverSide,
  type MarketView,
} from '@oex/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AvailableBalance } from '../../components/AvailableBalance.js';
import { SignInLinks } from '../../components/SignInLinks.js';
import { useToasts } from '../../components/toast.js';
import { usePlaceOnce } from '../../features/orders/use-place-once.js';
import {
  leverKeys,
  submitLever,
  useLeverBalance,
  useLeverChanged,
  useLeverDeal,
} from '../../features/lever/queries.js';
import {
  acceptHands,
  chosenMultiple,
  covers,
  DEFAULT_HANDS,
  leverPreview,
  orderProblem,
  percentText,
  previewCost,
  QUOTE_DECIMALS,
  sideSign,
  SIDES,
  stepHands,
  type LeverDealState,
  type LeverPreview,
} from '../../features/lever/rules.js';
import { useSession } from '../../features/session.js';
import { MAX_DIGITS } from '../../features/trade/form-rules.js';
import { hintOf, readTyped, toInputText } from '../../lib/parse-number.js';
import { currentLang } from '../../i18n/index.js';
import { formatPrice } from '../../lib/format.js';
import { formatAmount, formatMark, Hazard, SideLabel } from './parts.js';
import {
  Button,
  Dialog,
  DialogButtons,
  Fact,
  Failed,
  inputClass,
  Loading,
  ProblemLine,
  Tabs,
} from '../../components/ui/index.js';

/** The transfer page, from the spot account into the lever account (type 3), in this currency. */
const transferIn = (currencyId: number) => `/assets/transfer?to=3&currency_id=${currencyId}`;

export interface PickedPrice {
  price: string;
  /** Changes on every pick, so picking the same price again still fills the form. */
  at: number;
}

type Mode = 'market' | 'fixed';

/**
 * Margin or fee as the positions table shows it (docs/web-app.md): the quote currency's decimals (at
 * least 2), cut; the exact value stays in data-value.
 */
function Money({ value, lang, testId }: { value: string | undefined; lang: Lang; testId: string }) {
  return (
    <span className="tabular-nums" data-testid={testId} data-value={value ?? ''}>
      {value === undefined ? '—' : formatAmount(value, lang, QUOTE_DECIMALS)}
    </span>
  );
}

/** The preview of both sides: entry price, margin and fee as the positions table shows them. */
function Preview({
  previews,
  market,
  code,
  lang,
}: {
  previews: Record<LeverSide, LeverPreview | null>;
  market: MarketView;
  code: string;
  lang: Lang;
}) {
  const { t } = useTranslation();
  const row = (term: string, cell: (preview: LeverPreview | null, side: LeverSide) => React.ReactNode) => (
    <tr>
      <th scope="row" className="py-0.5 pr-2 text-left font-normal text-muted">
        {term}
      </th>
      {SIDES.map((side) => (
        <td key={side} className="py-0.5 pl-2 text-right tabular-nums">
          {cell(previews[side], side)}
        </td>
      ))}
    </tr>
  );
  return (
    <table className="w-full text-xs" data-testid="lever-preview">
      <caption className="sr-only">{t('lever.previewTitle')}</caption>
      <thead>
        <tr>
          <td />
          {SIDES.map((side) => (
            <th key={side} scope="col" className="pl-2 text-right font-medium">
              <SideLabel side={side} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {row(t('lever.entryPrice'), (preview) =>
          preview ? formatPrice(preview.price, lang, market.price_decimals) : '—',
        )}
        {row(t('lever.marginIn', { currency: code }), (preview, side) => (
          <Money value={preview?.margin} lang={lang} testId={`preview-margin-${side}`} />
        ))}
        {row(t('lever.feeIn', { currency: code }), (preview, side) => (
          <Money value={preview?.fee} lang={lang} testId={`preview-fee-${side}`} />
        ))}
      </tbody>
    </table>
  );
}

interface Order {
  fixed: boolean;
  hands: string;
  multiple: number;
  targetPrice: string;
}

/** The confirmation: side, market, hands, multiple, price, margin and fee as the table shows them, trade password. */
function ConfirmDialog({
  side,
  market,
  order,
  deal,
  preview,
  code,
  busy,
  problem,
  askPassword,
  onCancel,
  onConfirm,
}: {
  side: LeverSide | null;
  market: MarketView;
  order: Order;
  deal: LeverDealState;
  preview: LeverPreview | null;
  code: string;
  busy: boolean;
  problem: string | null;
  askPassword: boolean;
  onCancel(): void;
  onConfirm(password: string): void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const shown = side ?? LEVER_LONG;
  const base = order.fixed ? order.targetPrice : deal.last_price;
  return (
    <Dialog
      open={side !== null}
      labelledBy="lever-confirm-title"
      onClose={() => {
        setPassword('');
        onCancel();
      }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(password);
        }}
      >
        <h2 id="lever-confirm-title" className="mb-3 font-semibold">
          {t(shown === LEVER_LONG ? 'lever.confirmLong' : 'lever.confirmShort', { symbol: market.symbol })}
        </h2>
        <dl
          className="mb-3 flex flex-col gap-1 text-xs"
          data-testid="lever-confirm-summary"
          data-base={base ?? ''}
        >
          <Fact term={t('lever.columns.side')}>
            <SideLabel side={shown} />
          </Fact>
          <Fact term={t('lever.columns.symbol')}>{market.symbol}</Fact>
          <Fact term={t('lever.orderType')}>{t(order.fixed ? 'lever.fixed' : 'lever.market')}</Fact>
          <Fact term={t('lever.columns.hands')}>
            {t('lever.handsUnits', {
              hands: order.hands,
              units: preview ? formatAmount(preview.number, lang) : '—',
              base: market.base_currency_code,
            })}
          </Fact>
          <Fact term={t('lever.columns.multiple')}>{`${order.multiple}×`}</Fact>
          <Fact term={t(order.fixed ? 'lever.targetPrice' : 'lever.markPrice')}>
            {formatMark(base, lang, market.price_decimals)}
          </Fact>
          <Fact term={t('lever.entryPrice')}>
            {preview ? formatPrice(preview.price, lang, market.price_decimals) : '—'}
          </Fact>
          <Fact term={t('lever.marginIn', { currency: code })}>
            <Money value={preview?.margin} lang={lang} testId="confirm-margin" />
          </Fact>
          <Fact term={t('lever.feeIn', { currency: code })}>
            <Money value={preview?.fee} lang={lang} testId="confirm-fee" />
          </Fact>
        </dl>
        <p className="mb-3 text-xs text-muted">
          {t(order.fixed ? 'lever.confirmFixedNote' : 'lever.confirmMarketNote')}
        </p>
        {askPassword && (
          <label htmlFor={passwordId} className="mb-3 flex flex-col gap-1 text-xs">
            <span>{t('lever.password')}</span>
            <input
              id={passwordId}
              type="password"
              autoComplete="current-password"
              value={password}
              maxLength={64}
              onChange={(event) => setPassword(event.target.value)}
              className={inputClass}
            />
          </label>
        )}
        <ProblemLine text={problem} testId="lever-confirm-problem" />
        <DialogButtons
          cancelText={t('lever.cancel')}
          confirmText={t('lever.confirm')}
          confirmVariant={shown === LEVER_LONG ? 'up' : 'down'}
          disabled={busy || !preview}
          onCancel={() => {
            setPassword('');
            onCancel();
          }}
        />
      </form>
    </Dialog>
  );
}

/**
 * Sends an order once per confirmation; a retry of the same order after a lost answer keeps its
 * request id, so it cannot be placed twice. The dialog stays open with the server's words when the
 * order is refused (a trade password missing or wrong, the balance short).
 */
function usePlace(onPlaced: (position: LeverPositionView) => void) {
  const changed = useLeverChanged();
  const { place: placeOnce, busy, problem, setProblem } = usePlaceOnce(changed);
  const place = async (
    market: MarketView,
    order: Order,
    side: LeverSide,
    password: string,
  ): Promise<boolean> => {
    const body = {
      currency_match_id: market.id,
      share: Number(order.hands),
      multiple: order.multiple,
      type: side,
      status: order.fixed ? 0 : 1,
      target_price: order.fixed ? order.targetPrice : undefined,
    };
    // The password is not part of the order: the same order sent again keeps its request id.
    const result = await placeOnce(body, (requestId) =>
      submitLever({ ...body, password: password || undefined, request_id: requestId }),
    );
    if (result.placed) onPlaced(result.answer);
    return result.placed;
  };
  return { place, busy, problem, setProblem };
}

function OrderForm({
  market,
  deal,
  balance,
  picked,
  onPlaced,
}: {
  market: MarketView;
  deal: LeverDealState;
  balance: string | null;
  picked: PickedPrice | null;
  onPlaced(position: LeverPositionView): void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const navigate = useNavigate();
  const toast = useToasts((state) => state.show);
  const client = useQueryClient();
  const { token, user } = useSession();
  const handsId = useId();
  const priceId = useId();
  const [mode, setMode] = useState<Mode>('market');
  const [chosen, setChosen] = useState<number | null>(null);
  const [hands, setHands] = useState(DEFAULT_HANDS);
  // The fixed price as typed (parse-number reads the reader's marks; the text is never rewritten).
  const [targetText, setTargetText] = useState('');
  const target = readTyped(targetText, lang, { decimals: market.price_decimals, maxDigits: MAX_DIGITS });
  const targetPrice = target.value;
  const targetHint = target.problem ? hintOf(target.problem, lang) : null;
  const priceNote = targetHint ? t(targetHint.key, targetHint.params) : null;
  const [confirming, setConfirming] = useState<LeverSide | null>(null);
  const { place, busy, problem, setProblem } = usePlace(onPlaced);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const code = market.quote_currency_code;
  const offered = deal.multiple.muit.map((choice) => choice.value);
  const multiple = chosenMultiple(offered, chosen);
  const limit = deal.lever_share_limit;
  const fixed = mode === 'fixed';

  // A price picked in the book fills the fixed price (and shows the fixed-price tab).
  const lastPick = useRef(picked);
  useEffect(() => {
    if (!picked || picked === lastPick.current) return;
    lastPick.current = picked;
    setTargetText(toInputText(picked.price, lang));
    setMode('fixed');
  }, [picked, lang]);

  const previewOf = (side: LeverSide) =>
    leverPreview({
      side,
      basePrice: fixed ? targetPrice : deal.last_price,
      hands,
      multiple,
      pointRate: deal.lever_point_rate,
      shareNum: deal.lever_share_num,
      feeRate: deal.lever_fee_rate,
      priceDecimals: market.price_decimals,
    });
  const previews: Record<LeverSide, LeverPreview | null> = { 1: previewOf(1), 2: previewOf(2) };

  const open = (side: LeverSide) => {
    if (!token) {
      toast('error', t('lever.pleaseLogIn'));
      void navigate(`/login?redirect=${encodeURIComponent('/lever')}`);
      return;
    }
    const refusal = orderProblem({ fixed, hands, multiple, targetPrice, limit });
    if (refusal) {
      const text = t(refusal.key, refusal.params);
      toast('error', text);
      return setFormProblem(text);
    }
    const preview = previews[side];
    if (!fixed && !preview) return setFormProblem(t('lever.errors.noMark'));
    if (preview && covers(balance, previewCost(preview)) === false) {
      return setFormProblem(
        t('lever.insufficient', { cost: formatAmount(previewCost(preview), lang), currency: code }),
      );
    }
    setFormProblem(null);
    setProblem(null);
    // The dialog shows the mark as the server has it now, not as last asked.
    void client.invalidateQueries({ queryKey: leverKeys.deal(market.id) });
    setConfirming(side);
  };

  const order: Order = { fixed, hands, multiple: multiple ?? 0, targetPrice };
  const handButton = 'w-8 shrink-0 py-1.5';
  return (
    <div className="flex flex-col gap-3">
      <AvailableBalance
        balance={token ? balance : null}
        shown={formatAmount(token ? balance : null, lang)}
        code={code}
        transferHref={transferIn(market.quote_currency_id)}
        labels={{
          available: t('lever.available'),
          transferIn: t('lever.transferIn'),
          empty: t('lever.empty'),
        }}
        testId="lever-available"
      />
      <Tabs
        label={t('lever.orderType')}
        className="flex gap-4 border-b text-sm"
        values={['market', 'fixed'] as Mode[]}
        active={mode}
        text={(value) => t(value === 'market' ? 'lever.market' : 'lever.fixed')}
        onChange={(value) => {
          setMode(value);
          setFormProblem(null);
        }}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-xs text-muted">{t('lever.multiple')}</legend>
        <div className="grid grid-cols-5 gap-1">
          {offered.map((value) => (
            <Button
              key={value}
              size="fit"
              aria-pressed={value === multiple}
              className="px-1 py-1.5 text-xs tabular-nums aria-pressed:border-accent aria-pressed:font-semibold aria-pressed:text-accent"
              onClick={() => setChosen(value)}
            >
              {`${value}×`}
            </Button>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1 text-xs">
        <label htmlFor={handsId} className="text-muted">
          {t('lever.hands')}
        </label>
        <div className="flex gap-1">
          <Button
            size="fit"
            className={handButton}
            aria-label={t('lever.fewerHands')}
            disabled={Number(hands) <= limit.min}
            onClick={() => setHands(stepHands(hands, -1, limit))}
          >
            −
          </Button>
          <input
            id={handsId}
            inputMode="numeric"
            autoComplete="off"
            value={hands}
            onChange={(event) => setHands(acceptHands(event.target.value, hands))}
            className="min-w-0 flex-1 rounded border border-line bg-page px-2 py-1.5 text-right text-sm text-ink tabular-nums"
            aria-describedby={`${handsId}-hint`}
          />
          <Button
            size="fit"
            className={handButton}
            aria-label={t('lever.moreHands')}
            disabled={Number(hands) >= limit.max}
            onClick={() => setHands(stepHands(hands, 1, limit))}
          >
            +
          </Button>
        </div>
        <p id={`${handsId}-hint`} className="text-[11px] leading-4 text-muted">
          {t('lever.handsHint', {
            units: formatAmount(deal.lever_share_num, lang),
            base: market.base_currency_code,
            min: limit.min,
            max: limit.max,
          })}
        </p>
      </div>
      {fixed && (
        <div className="flex flex-col gap-1 text-xs">
          <label htmlFor={priceId} className="text-muted">
            {t('lever.targetPriceIn', { currency: code })}
          </label>
          <input
            id={priceId}
            inputMode="decimal"
            autoComplete="off"
            value={targetText}
            placeholder={formatMark(deal.last_price, lang, market.price_decimals)}
            aria-invalid={priceNote ? true : undefined}
            onChange={(event) => setTargetText(event.target.value)}
            className={`${inputClass} text-right text-sm tabular-nums aria-invalid:border-down`}
            aria-describedby={`${priceId}-hint`}
          />
          <p
            id={`${priceId}-hint`}
            role="status"
            className={`min-h-4 text-[11px] leading-4 ${priceNote ? 'text-down' : 'text-muted'}`}
          >
            {priceNote ?? t('lever.fixedHint')}
          </p>
        </div>
      )}
      <p className="flex flex-wrap justify-between gap-x-3 text-xs text-muted">
        <span>
          {t('lever.markPrice')}{' '}
          <span className="tabular-nums text-ink" data-testid="lever-mark" data-value={deal.last_price ?? ''}>
            {formatMark(deal.last_price, lang, market.price_decimals)}
          </span>
        </span>
        <span>
          {t('lever.rates', {
            spread: percentText(deal.lever_point_rate, false),
            fee: percentText(deal.lever_fee_rate, true),
            overnight: percentText(deal.overnight_rate, true),
          })}
        </span>
      </p>
      <Preview previews={previews} market={market} code={code} lang={lang} />
      <Hazard
        rate={deal.hazard_rate}
        liquidation={deal.liquidation_rate}
        profits={deal.profits_all}
        currency={code}
        lang={lang}
      />
      <p role="alert" className="text-xs text-down empty:hidden" data-testid="lever-problem">
        {formProblem}
      </p>
      {token ? (
        <div className="grid grid-cols-2 gap-2">
          {SIDES.map((side) => (
            <Button
              key={side}
              variant={side === LEVER_LONG ? 'up' : 'down'}
              size="fit"
              disabled={busy}
              className="py-2.5 font-semibold"
              onClick={() => open(side)}
            >
              <span aria-hidden="true">{sideSign(side)} </span>
              {t(side === LEVER_LONG ? 'lever.buyLong' : 'lever.sellShort')}
            </Button>
          ))}
        </div>
      ) : (
        <div className="flex flex-col items-center gap-2 py-4 text-sm">
          <p>{t('lever.signIn')}</p>
          <SignInLinks redirect="/lever" />
        </div>
      )}
      <ConfirmDialog
        side={confirming}
        market={market}
        order={order}
        deal={deal}
        preview={confirming === null ? null : previews[confirming]}
        code={code}
        busy={busy}
        problem={problem}
        askPassword={user?.has_pay_password !== false}
        onCancel={() => setConfirming(null)}
        onConfirm={(password) => {
          if (confirming === null || multiple === null) return;
          void place(market, order, confirming, password).then((done) => done && setConfirming(null));
        }}
      />
    </div>
  );
}

/** The order panel: market or fixed price, multiple, hands, the cost, then long or short. */
export function OrderPanel({
  market,
  picked,
  onPlaced,
}: {
  market: MarketView;
  picked: PickedPrice | null;
  onPlaced(position: LeverPositionView): void;
}) {
  const { t } = useTranslation();
  const deal = useLeverDeal(market.id);
  const balance = useLeverBalance(market.quote_currency_id);
  const body = deal.data ? (
    <OrderForm
      key={market.id}
      market={market}
      deal={deal.data}
      balance={balance.data?.balance ?? deal.data.user_lever}
      picked={picked}
      onPlaced={onPlaced}
    />
  ) : deal.isError ? (
    <Failed onRetry={() => void deal.refetch()} />
  ) : (
    <Loading rows={8} rowClass="h-8" />
  );
  return (
    <section id="lever-order" tabIndex={-1} aria-labelledby="lever-order-title" className="p-3 outline-none">
      <h2 id="lever-order-title" className="mb-2 text-sm font-semibold">
        {t('lever.orderTitle')}
      </h2>
      {body}
    </section>
  );
}
