import { PAY_METHOD_CODES, type P2pAdView, type P2pSide, type PayMethodCode } from '@oex/protocol';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SignInLinks } from '../../components/SignInLinks.js';
import { useHallAds, useP2pConfig, useP2pReload, placeOrder } from '../../features/p2p/queries.js';
import {
  COIN_DECIMALS,
  FIAT_DECIMALS,
  maxFiat,
  orderLimit,
  orderPreview,
  ratePercent,
  type OrderBy,
} from '../../features/p2p/rules.js';
import { useSession } from '../../features/session.js';
import { currentLang } from '../../i18n/index.js';
import { CurrencySelect, failureText, formatAmount } from '../assets/parts.js';
import { COIN_SHOWN, LevelBadge, PayTypes } from './parts.js';
import {
  AllButton,
  AmountField,
  Dialog,
  DialogButtons,
  Fact,
  ListStatus,
  ProblemLine,
  RecordsPager,
  RecordTable,
  Tabs,
  Button,
} from '../../components/ui/index.js';

/**
 * /legalIndex/legal, the hall: merchants' open ads, "buy" showing their sell ads and "sell" their buy
 * ads, by coin, fiat and payment method; an ad's button opens the order dialog (by coin or by fiat
 * amount, then a confirmation). A visitor sees the ads and sign-in links.
 */
export function HallPage() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const lang = currentLang();
  const config = useP2pConfig();
  // The taker's side: "buy" lists the merchants' sell ads.
  const [taker, setTaker] = useState<'buy' | 'sell'>('buy');
  const [currencyId, setCurrencyId] = useState<number | undefined>(undefined);
  const [fiat, setFiat] = useState<string | undefined>(undefined);
  const [payType, setPayType] = useState<PayMethodCode | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<P2pAdView | null>(null);
  const side: P2pSide = taker === 'buy' ? 'sell' : 'buy';
  const ads = useHallAds({ side, currencyId, fiat, payType, page });
  const rows = ads.data?.data ?? [];
  const decimalsOf = (id: number) =>
    config.data?.currencies.find((currency) => currency.id === id)?.decimals ?? COIN_DECIMALS;

  return (
    <section className="flex flex-col gap-3 px-3" aria-labelledby="p2p-hall-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="p2p-hall-title" className="text-lg font-semibold">
          {t('p2p.hallTitle')}
        </h1>
        {token ? (
          <Link to="/myshop" className="text-sm underline text-accent">
            {t('p2p.toShop')}
          </Link>
        ) : (
          <SignInLinks redirect="/legalIndex/legal" />
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <Tabs
          label={t('p2p.sideTabs')}
          values={['buy', 'sell'] as const}
          active={taker}
          text={(value) => t(value === 'buy' ? 'p2p.iBuy' : 'p2p.iSell')}
          onChange={(value) => {
            setTaker(value);
            setPage(1);
          }}
        />
        <CurrencySelect
          id="p2p-coin"
          label={t('p2p.coin')}
          currencies={config.data?.currencies ?? []}
          value={currencyId}
          all
          onChange={(id) => {
            setCurrencyId(id);
            setPage(1);
          }}
        />
        <FilterSelect
          id="p2p-fiat"
          label={t('p2p.fiat')}
          value={fiat}
          options={(config.data?.fiats ?? []).map((code) => ({ value: code, text: code }))}
          onChange={(value) => {
            setFiat(value);
            setPage(1);
          }}
        />
        <FilterSelect
          id="p2p-pay-type"
          label={t('p2p.payMethod')}
          value={payType}
          options={PAY_METHOD_CODES.map((code) => ({ value: code, text: t(`p2p.payType.${code}`) }))}
          onChange={(value) => {
            setPayType(value as PayMethodCode | undefined);
            setPage(1);
          }}
        />
      </div>
      <div className="hidden md:block">
        <RecordTable
          label={t('p2p.adsTable')}
          testId="p2p-ads"
          className="min-w-[46rem] text-sm"
          columns={[
            { title: t('p2p.col.merchant') },
            { title: t('p2p.col.price'), numeric: true },
            { title: t('p2p.col.limits'), numeric: true },
            { title: t('p2p.col.available'), numeric: true },
            { title: t('p2p.col.payMethods') },
          ]}
          actionTitle={t('p2p.col.action')}
        >
          {rows.map((ad) => (
            <tr key={ad.id} className="border-t align-top border-line" data-ad-id={ad.id}>
              <td className="px-2 py-2">
                <div className="flex items-center gap-1 font-medium">
                  {ad.merchant.name} <LevelBadge level={ad.merchant.level} />
                </div>
                <div className="text-xs text-muted">
                  {t('p2p.merchantStats', {
                    count: ad.merchant.completed_orders,
                    rate: ratePercent(ad.merchant.completion_rate),
                  })}
                </div>
              </td>
              <td className="px-2 py-2 text-right font-medium tabular-nums">
                {formatAmount(ad.price, FIAT_DECIMALS, lang)} {ad.fiat}
              </td>
              <td className="px-2 py-2 text-right tabular-nums">
                {formatAmount(ad.min_number, COIN_SHOWN, lang)} –{' '}
                {formatAmount(orderLimit(ad), COIN_SHOWN, lang)} {ad.currency_code}
              </td>
              <td className="px-2 py-2 text-right tabular-nums">
                {formatAmount(ad.remaining, COIN_SHOWN, lang)} {ad.currency_code}
              </td>
              <td className="px-2 py-2">
                <PayTypes types={ad.pay_types} />
              </td>
              <td className="px-2 py-2 text-right">
                <AdAction ad={ad} taker={taker} signedIn={token !== null} onChoose={setChosen} />
              </td>
            </tr>
          ))}
        </RecordTable>
      </div>
      {/* On a phone, one card per ad: everything in view, the button under it. */}
      <ul className="flex flex-col gap-2 md:hidden" aria-label={t('p2p.adsTable')}>
        {rows.map((ad) => (
          <li
            key={ad.id}
            className="flex flex-col gap-1 rounded-lg border p-3 text-sm border-line"
            data-ad-id={ad.id}
          >
            <div className="flex items-center justify-between gap-2">
              <span className="flex items-center gap-1 font-medium">
                {ad.merchant.name} <LevelBadge level={ad.merchant.level} />
              </span>
              <span className="font-semibold tabular-nums">
                {formatAmount(ad.price, FIAT_DECIMALS, lang)} {ad.fiat}
              </span>
            </div>
            <div className="text-xs text-muted">
              {t('p2p.merchantStats', {
                count: ad.merchant.completed_orders,
                rate: ratePercent(ad.merchant.completion_rate),
              })}
            </div>
            <dl className="flex flex-col gap-0.5">
              <Fact term={t('p2p.col.limits')}>
                {formatAmount(ad.min_number, COIN_SHOWN, lang)} –{' '}
                {formatAmount(orderLimit(ad), COIN_SHOWN, lang)} {ad.currency_code}
              </Fact>
              <Fact term={t('p2p.col.available')}>
                {formatAmount(ad.remaining, COIN_SHOWN, lang)} {ad.currency_code}
              </Fact>
              <Fact term={t('p2p.col.payMethods')}>
                <PayTypes types={ad.pay_types} />
              </Fact>
            </dl>
            <div className="flex justify-end">
              <AdAction ad={ad} taker={taker} signedIn={token !== null} onChoose={setChosen} />
            </div>
          </li>
        ))}
      </ul>
      <ListStatus query={ads} emptyText={t('p2p.noAds')} />
      {ads.data && (
        <RecordsPager total={ads.data.total} page={page} perPage={ads.data.per_page} onPage={setPage} />
      )}
      <PlaceDialog
        ad={chosen}
        taker={taker}
        decimals={chosen ? decimalsOf(chosen.currency_id) : COIN_DECIMALS}
        onClose={() => setChosen(null)}
      />
    </section>
  );
}

/** An ad's button: buy or sell in the side's colour, or a link to log in for a visitor. */
function AdAction({
  ad,
  taker,
  signedIn,
  onChoose,
}: {
  ad: P2pAdView;
  taker: 'buy' | 'sell';
  signedIn: boolean;
  onChoose(ad: P2pAdView): void;
}) {
  const { t } = useTranslation();
  if (!signedIn) {
    return (
      <Link
        to={`/login?redirect=${encodeURIComponent('/legalIndex/legal')}`}
        className="whitespace-nowrap underline text-accent"
      >
        {t('p2p.logInToTrade')}
      </Link>
    );
  }
  return (
    <Button
      variant={taker === 'buy' ? 'up' : 'down'}
      size="fit"
      className="whitespace-nowrap px-3 py-1"
      onClick={() => onChoose(ad)}
    >
      {t(taker === 'buy' ? 'p2p.buyCoin' : 'p2p.sellCoin', { coin: ad.currency_code })}
    </Button>
  );
}

function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  options: readonly { value: string; text: string }[];
  onChange(value: string | undefined): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-muted">
        {label}
      </label>
      <select
        id={id}
        className="rounded border px-2 py-1 bg-page border-line text-ink"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{t('assets.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The order dialog: the ad's terms, an amount by coin or by fiat (the other shown as typed, exactly
 * as the server will compute it), then a confirmation of what will be placed.
 */
function PlaceDialog({
  ad,
  taker,
  decimals,
  onClose,
}: {
  ad: P2pAdView | null;
  taker: 'buy' | 'sell';
  decimals: number;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const lang = currentLang();
  const navigate = useNavigate();
  const reload = useP2pReload();
  const [by, setBy] = useState<OrderBy>('number');
  const [typed, setTyped] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setTyped('');
    setConfirming(false);
    setProblem(null);
    onClose();
  };
  const preview = ad ? orderPreview(ad, by, typed, decimals) : null;
  const titleId = `${ids}-title`;
  const place = async () => {
    if (!ad || !preview?.ok) return;
    setBusy(true);
    setProblem(null);
    try {
      const order = await placeOrder({
        ad_id: ad.id,
        ...(by === 'number' ? { number: preview.number } : { fiat_amount: typed.trim() }),
        request_id: crypto.randomUUID(),
      });
      reload();
      close();
      void navigate(`/legalIndex/orderdetail?id=${order.id}`);
    } catch (error) {
      setProblem(failureText(error));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={ad !== null}
      labelledBy={titleId}
      onClose={close}
      className="w-[min(26rem,calc(100vw-2rem))]"
    >
      {ad && (
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!preview?.ok) {
              if (preview) setProblem(t(preview.key, preview.params));
              return;
            }
            if (!confirming) {
              setProblem(null);
              setConfirming(true);
            } else void place();
          }}
        >
          <h2 id={titleId} className="text-base font-semibold">
            {confirming
              ? t('p2p.confirmTitle')
              : t(taker === 'buy' ? 'p2p.buyCoin' : 'p2p.sellCoin', { coin: ad.currency_code })}
          </h2>
          <dl className="flex flex-col gap-1">
            <Fact term={t('p2p.col.merchant')}>{ad.merchant.name}</Fact>
            <Fact term={t('p2p.col.price')}>
              {formatAmount(ad.price, FIAT_DECIMALS, lang)} {ad.fiat}
            </Fact>
            <Fact term={t('p2p.col.limits')}>
              {formatAmount(ad.min_number, COIN_SHOWN, lang)} –{' '}
              {formatAmount(orderLimit(ad), COIN_SHOWN, lang)} {ad.currency_code}
            </Fact>
            <Fact term={t('p2p.col.payMethods')}>
              <PayTypes types={ad.pay_types} />
            </Fact>
          </dl>
          {ad.terms && (
            <p className="whitespace-pre-wrap rounded border border-line p-2 text-xs text-muted">
              {ad.terms}
            </p>
          )}
          {confirming && preview?.ok ? (
            <div
              className="flex flex-col gap-1 rounded border p-2 border-line"
              data-testid="p2p-place-summary"
            >
              <dl className="flex flex-col gap-1">
                <Fact term={t('p2p.youGet')} testId="p2p-place-number">
                  {taker === 'buy'
                    ? `${preview.number} ${ad.currency_code}`
                    : `${formatAmount(preview.fiat_amount, FIAT_DECIMALS, lang)} ${ad.fiat}`}
                </Fact>
                <Fact term={t('p2p.youPay')} testId="p2p-place-fiat">
                  {taker === 'buy'
                    ? `${formatAmount(preview.fiat_amount, FIAT_DECIMALS, lang)} ${ad.fiat}`
                    : `${preview.number} ${ad.currency_code}`}
                </Fact>
              </dl>
              <p className="text-xs text-muted">
                {t(taker === 'buy' ? 'p2p.confirmBuyNote' : 'p2p.confirmSellNote')}
              </p>
            </div>
          ) : (
            <>
              <Tabs
                label={t('p2p.orderBy')}
                values={['number', 'fiat'] as const}
                active={by}
                text={(value) =>
                  t(value === 'number' ? 'p2p.byNumber' : 'p2p.byFiat', {
                    coin: ad.currency_code,
                    fiat: ad.fiat,
                  })
                }
                onChange={(value) => {
                  setBy(value);
                  setTyped('');
                  setProblem(null);
                }}
              />
              <AmountField
                id={`${ids}-amount`}
                label={
                  by === 'number'
                    ? t('p2p.amountCoin', { coin: ad.currency_code })
                    : t('p2p.amountFiat', { fiat: ad.fiat })
                }
                decimals={by === 'number' ? decimals : FIAT_DECIMALS}
                value={typed}
                describedBy={`${ids}-other`}
                action={
                  <AllButton
                    onClick={() => {
                      setTyped(by === 'number' ? orderLimit(ad) : (maxFiat(ad) ?? ''));
                    }}
                  />
                }
                onAmount={(value) => {
                  setTyped(value);
                  setProblem(null);
                }}
                onRefused={setProblem}
              />
              <p
                id={`${ids}-other`}
                className="text-xs tabular-nums text-muted"
                data-testid="p2p-place-other"
              >
                {preview?.ok
                  ? by === 'number'
                    ? t(taker === 'buy' ? 'p2p.comesToFiat' : 'p2p.receivesFiat', {
                        amount: formatAmount(preview.fiat_amount, FIAT_DECIMALS, lang),
                        fiat: ad.fiat,
                      })
                    : t('p2p.comesToCoin', {
                        amount: preview.number,
                        coin: ad.currency_code,
                        fiat: `${formatAmount(preview.fiat_amount, FIAT_DECIMALS, lang)} ${ad.fiat}`,
                      })
                  : preview && typed
                    ? t(preview.key, preview.params)
                    : ' '}
              </p>
            </>
          )}
          <ProblemLine text={problem} testId="p2p-place-problem" />
          <DialogButtons
            cancelText={confirming ? t('p2p.back') : t('assets.cancel')}
            confirmText={confirming ? t('p2p.placeOrder') : t('p2p.next')}
            confirmVariant={taker === 'buy' ? 'up' : 'down'}
            disabled={busy}
            onCancel={() => (confirming ? setConfirming(false) : close())}
          />
          {busy && <span className="sr-only">{t('state.loading')}</span>}
        </form>
      )}
    </Dialog>
  );
}
