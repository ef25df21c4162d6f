import {
  type Lang,
  type MarketView,
  type MicroPayableCurrency,
  type MicroPoolCurrency,
  type MicroSecondsOption,
  type MicroSide,
} from '@oex/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AvailableBalance } from '../../components/AvailableBalance.js';
import { SignInLinks } from '../../components/SignInLinks.js';
import { useToasts } from '../../components/toast.js';
import { usePlaceOnce } from '../../features/orders/use-place-once.js';
import {
  submitMicro,
  useMicroBalance,
  useMicroPlaced,
  useMicroPool,
  useMicroSeconds,
  usePayableCurrencies,
} from '../../features/micro/queries.js';
import {
  covers,
  DEFAULT_DECIMALS,
  ratioPercent,
  SIDES,
  sideSign,
  stakePreview,
  type StakePreview,
} from '../../features/micro/rules.js';
import { useSession } from '../../features/session.js';
import { currentLang } from '../../i18n/index.js';
import { formatAmount, formatPlain, SideLabel } from './parts.js';
import { Button, Dialog, DialogButtons, Fact, Failed, Loading } from '../../components/ui/index.js';

/** The transfer page, from the spot account into the micro account (type 4), in this currency. */
const transferIn = (currencyId: number) => `/assets/transfer?to=4&currency_id=${currencyId}`;
const choiceClass =
  'px-1 py-1.5 tabular-nums aria-pressed:border-accent aria-pressed:font-semibold aria-pressed:text-accent';

/** A row of choice buttons under a legend; the chosen one is pressed and outlined in the accent. */
function Choices<T extends string | number>({
  legend,
  values,
  chosen,
  text,
  onChoose,
  className,
}: {
  legend: string;
  values: readonly T[];
  chosen: NoInfer<T> | undefined;
  text(value: NoInfer<T>): string;
  onChoose(value: NoInfer<T>): void;
  className: string;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-xs text-muted">{legend}</legend>
      <div className={className}>
        {values.map((value) => (
          <Button
            key={value}
            size="fit"
            aria-pressed={value === chosen}
            className={choiceClass}
            onClick={() => onChoose(value)}
          >
            {text(value)}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

/** The stake's numbers before it is placed: profit rate, fee, cost and what a win pays. */
function Summary({
  preview,
  option,
  feeRate,
  currency,
  lang,
}: {
  preview: StakePreview | null;
  option: MicroSecondsOption | undefined;
  feeRate: string;
  currency: string;
  lang: Lang;
}) {
  const { t } = useTranslation();
  const amount = (value: string | undefined) => (value ? `${formatAmount(value, lang)} ${currency}` : '—');
  return (
    <dl className="flex flex-col gap-0.5 text-xs" data-testid="micro-preview">
      <Fact term={t('micro.profitRate')} testId="preview-rate">
        {option ? `${ratioPercent(option.profit_ratio)}%` : '—'}
      </Fact>
      <Fact term={t('micro.feeWithRate', { percent: ratioPercent(feeRate) })} testId="preview-fee">
        {amount(preview?.fee)}
      </Fact>
      <Fact term={t('micro.cost')} testId="preview-cost">
        {amount(preview?.cost)}
      </Fact>
      <Fact term={t('micro.payout')} testId="preview-payout">
        <span className="text-up">{amount(preview?.payout)}</span>
      </Fact>
    </dl>
  );
}

/** The public pool of a currency, in one line, with its raw answer. */
function PoolLine({ pool, lang }: { pool: MicroPoolCurrency | undefined; lang: Lang }) {
  const { t } = useTranslation();
  if (!pool) return null;
  return (
    <p className="text-[11px] leading-4 text-muted" data-testid="micro-pool">
      {t('micro.poolLine', {
        balance: formatAmount(pool.balance, lang),
        open: formatAmount(pool.open_worst_case, lang),
        currency: pool.code,
      })}{' '}
      <a href="/api/microtrade/pool" target="_blank" rel="noreferrer" className="underline">
        {t('micro.poolLink')}
      </a>
    </p>
  );
}

function SignIn() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-2 py-4 text-sm">
      <p>{t('micro.signIn')}</p>
      <SignInLinks redirect="/second" />
    </div>
  );
}

interface Choice {
  currency: MicroPayableCurrency;
  stake: string;
  option: MicroSecondsOption;
}

/** The confirmation: side, pair, amount, time, profit rate, fee and a win's payout. */
function ConfirmDialog({
  side,
  market,
  choice,
  preview,
  busy,
  onCancel,
  onConfirm,
}: {
  side: MicroSide | null;
  market: MarketView;
  choice: Choice;
  preview: StakePreview | null;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const code = choice.currency.code;
  const shown = side ?? 1;
  return (
    <Dialog open={side !== null} labelledBy="micro-confirm-title" onClose={onCancel}>
      <h2 id="micro-confirm-title" className="mb-3 font-semibold">
        {t(shown === 1 ? 'micro.confirmUp' : 'micro.confirmDown', { symbol: market.symbol })}
      </h2>
      <dl className="mb-3 flex flex-col gap-1 text-xs" data-testid="micro-confirm-summary">
        <Fact term={t('micro.columns.direction')}>
          <SideLabel side={shown} />
        </Fact>
        <Fact term={t('micro.amount')}>{`${formatAmount(choice.stake, lang)} ${code}`}</Fact>
        <Fact term={t('micro.time')}>{t('micro.seconds', { seconds: choice.option.seconds })}</Fact>
        <Fact term={t('micro.profitRate')}>{`${ratioPercent(choice.option.profit_ratio)}%`}</Fact>
        <Fact term={t('micro.fee')}>{preview ? `${formatAmount(preview.fee, lang)} ${code}` : '—'}</Fact>
        <Fact term={t('micro.payout')}>
          {preview ? `${formatAmount(preview.payout, lang)} ${code}` : '—'}
        </Fact>
      </dl>
      <p className="mb-3 text-xs text-muted">{t('micro.confirmNote', { seconds: choice.option.seconds })}</p>
      <DialogButtons
        cancelText={t('micro.cancel')}
        confirmText={t('micro.confirm')}
        confirmVariant={shown === 1 ? 'up' : 'down'}
        disabled={busy}
        onCancel={onCancel}
        onConfirm={onConfirm}
      />
    </Dialog>
  );
}

/** The chosen currency, amount and duration, each falling back to the first on offer. */
function useChoice(currencies: MicroPayableCurrency[], options: MicroSecondsOption[]) {
  const [currencyId, setCurrencyId] = useState<number | null>(null);
  const [stake, setStake] = useState<string | null>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  const currency = currencies.find((candidate) => candidate.id === currencyId) ?? currencies[0];
  const numbers = currency?.micro_numbers.map((entry) => entry.number) ?? [];
  const option = options.find((candidate) => candidate.seconds === seconds) ?? options[0];
  const chosen = stake !== null && numbers.includes(stake) ? stake : numbers[0];
  const choice: Choice | null = currency && option && chosen ? { currency, stake: chosen, option } : null;
  return { choice, numbers, setCurrencyId, setStake, setSeconds };
}

/**
 * Sends an order once per confirmation, then closes the dialog; a retry of the same order after a
 * lost answer keeps its request id, so it cannot be placed twice.
 */
function usePlace(onDone: () => void, onPlaced: () => void) {
  const placed = useMicroPlaced();
  const {
    place: placeOnce,
    busy,
    problem,
    setProblem,
  } = usePlaceOnce(() => {
    onDone();
    placed();
  });
  const place = async (market: MarketView, choice: Choice, side: MicroSide) => {
    const body = {
      match_id: market.id,
      currency_id: choice.currency.id,
      type: side,
      seconds: choice.option.seconds,
      number: choice.stake,
    };
    // The server's words show in the dialog (and a toast); after a lost answer the order keeps its id.
    const result = await placeOnce(body, (requestId) => submitMicro({ ...body, request_id: requestId }));
    if (result.placed) onPlaced();
  };
  return { place, busy, problem, setProblem };
}

function OrderForm({
  market,
  currencies,
  options,
  onPlaced,
}: {
  market: MarketView;
  currencies: MicroPayableCurrency[];
  options: MicroSecondsOption[];
  onPlaced(): void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const navigate = useNavigate();
  const toast = useToasts((state) => state.show);
  const token = useSession((state) => state.token);
  const { choice, numbers, setCurrencyId, setStake, setSeconds } = useChoice(currencies, options);
  const [confirming, setConfirming] = useState<MicroSide | null>(null);
  const { place, busy, problem, setProblem } = usePlace(() => setConfirming(null), onPlaced);
  const balance = useMicroBalance(choice?.currency.id);
  const pool = useMicroPool().data?.find((row) => row.currency_id === choice?.currency.id);
  if (!choice) return <p className="py-4 text-sm">{t('micro.noTerms')}</p>;
  const code = choice.currency.code;
  const decimals = balance.data?.currency.decimals ?? DEFAULT_DECIMALS;
  const available = balance.data?.balance ?? choice.currency.micro_account.balance;
  const preview = stakePreview(choice.stake, choice.option.profit_ratio, choice.currency.fee_rate, decimals);

  const open = (side: MicroSide) => {
    if (!token) {
      toast('error', t('micro.pleaseLogIn'));
      void navigate(`/login?redirect=${encodeURIComponent('/second')}`);
      return;
    }
    if (preview && covers(available, preview.cost) === false) {
      return setProblem(t('micro.insufficient', { cost: formatAmount(preview.cost, lang), currency: code }));
    }
    setProblem(null);
    setConfirming(side);
  };

  return (
    <div className="flex flex-col gap-3">
      <AvailableBalance
        balance={token ? available : null}
        shown={formatAmount(token ? available : null, lang)}
        code={choice.currency.code}
        transferHref={transferIn(choice.currency.id)}
        labels={{
          available: t('micro.available'),
          transferIn: t('micro.transferIn'),
          empty: t('micro.empty'),
        }}
        testId="micro-available"
      />
      {currencies.length > 1 && (
        <Choices
          legend={t('micro.currency')}
          values={currencies.map((currency) => currency.id)}
          chosen={choice.currency.id}
          text={(id) => currencies.find((currency) => currency.id === id)?.code ?? ''}
          onChoose={(id) => {
            setCurrencyId(id);
            setProblem(null);
          }}
          className="grid grid-cols-3 gap-1 sm:grid-cols-4"
        />
      )}
      <Choices
        legend={t('micro.amountIn', { currency: code })}
        values={numbers}
        chosen={choice.stake}
        text={(number) => formatPlain(number, lang)}
        onChoose={(number) => {
          setStake(number);
          setProblem(null);
        }}
        className="grid grid-cols-3 gap-1 sm:grid-cols-5 lg:grid-cols-3 xl:grid-cols-5"
      />
      <Choices
        legend={t('micro.time')}
        values={options.map((option) => option.seconds)}
        chosen={choice.option.seconds}
        text={(seconds) =>
          t('micro.secondsRate', {
            seconds,
            percent: ratioPercent(options.find((option) => option.seconds === seconds)!.profit_ratio),
          })
        }
        onChoose={setSeconds}
        className="grid grid-cols-2 gap-1 sm:grid-cols-4 lg:grid-cols-2"
      />
      <Summary
        preview={preview}
        option={choice.option}
        feeRate={choice.currency.fee_rate}
        currency={code}
        lang={lang}
      />
      <div role="alert" className="text-xs text-down" data-testid="micro-problem">
        {problem}
      </div>
      {token ? (
        <div className="grid grid-cols-2 gap-2">
          {SIDES.map((side) => (
            <Button
              key={side}
              variant={side === 1 ? 'up' : 'down'}
              size="fit"
              disabled={busy}
              className="py-2.5 font-semibold"
              onClick={() => open(side)}
            >
              <span aria-hidden="true">{sideSign(side)} </span>
              {t(side === 1 ? 'micro.buyUp' : 'micro.buyDown')}
            </Button>
          ))}
        </div>
      ) : (
        <SignIn />
      )}
      <PoolLine pool={pool} lang={lang} />
      <ConfirmDialog
        side={confirming}
        market={market}
        choice={choice}
        preview={preview}
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming !== null && void place(market, choice, confirming)}
      />
    </div>
  );
}

/** The order panel: payment currency, preset amount, duration, then up or down. */
export function OrderPanel({ market, onPlaced }: { market: MarketView; onPlaced(): void }) {
  const { t } = useTranslation();
  const currencies = usePayableCurrencies();
  const seconds = useMicroSeconds();
  const body =
    currencies.isError || seconds.isError ? (
      <Failed
        onRetry={() => {
          void currencies.refetch();
          void seconds.refetch();
        }}
      />
    ) : currencies.data && seconds.data ? (
      <OrderForm market={market} currencies={currencies.data} options={seconds.data} onPlaced={onPlaced} />
    ) : (
      <Loading rows={6} rowClass="h-8" />
    );
  return (
    <section id="micro-order" tabIndex={-1} aria-labelledby="micro-order-title" className="p-3 outline-none">
      <h2 id="micro-order-title" className="mb-2 text-sm font-semibold">
        {t('micro.orderTitle')}
      </h2>
      {body}
    </section>
  );
}
