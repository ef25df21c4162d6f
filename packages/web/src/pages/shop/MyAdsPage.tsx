import {
  PAY_METHOD_CODES,
  type P2pAdView,
  type P2pShopInfo,
  type P2pSide,
  type PayMethodCode,
} from '@oex/protocol';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  applySeller,
  saveAd,
  setAdStatus,
  useMyAds,
  useP2pConfig,
  useP2pReload,
  useShopInfo,
} from '../../features/p2p/queries.js';
import {
  COIN_DECIMALS,
  FIAT_DECIMALS,
  TERMS_MAX,
  adProblem,
  ratePercent,
  type AdDraft,
} from '../../features/p2p/rules.js';
import { useSavedPayMethod } from '../../features/personal/pay-methods.js';
import { currentLang } from '../../i18n/index.js';
import { failureText, formatAmount } from '../assets/parts.js';
import { COIN_SHOWN, LevelBadge, PayTypes } from '../p2p/parts.js';
import type { AppCatalog } from '../../i18n/catalogs.js';
import {
  Button,
  ConfirmDialog,
  Dialog,
  DialogButtons,
  type DialogHandle,
  Fact,
  Field,
  inputClass,
  ListStatus,
  ProblemLine,
  QueryState,
  RecordsPager,
  RecordTable,
  SelectField,
} from '../../components/ui/index.js';

/**
 * /myshop/myshoporders: a seller's ads (post, edit, suspend, resume, take off shelf); anyone else sees
 * how to become one (a certified identity, then an application the operator approves).
 */
export function MyAdsPage() {
  const { t } = useTranslation();
  const info = useShopInfo();
  return (
    <section className="flex flex-col gap-3 px-3" aria-labelledby="shop-title">
      <h1 id="shop-title" className="text-lg font-semibold">
        {t('shop.nav.myshoporders')}
      </h1>
      <QueryState query={info} skeleton={{ rows: 4 }}>
        {(shop) => (shop.is_seller ? <SellerAds shop={shop} /> : <ApplyPanel shop={shop} />)}
      </QueryState>
    </section>
  );
}

/** Becoming a seller: certify identity first, then apply; pending and rejected states say so. */
function ApplyPanel({ shop }: { shop: P2pShopInfo }) {
  const { t } = useTranslation();
  const reload = useP2pReload();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { status, reason } = shop.application;
  return (
    <div
      className="flex max-w-xl flex-col gap-3 rounded-lg border p-4 text-sm bg-panel border-line"
      data-testid="shop-apply"
    >
      <h2 className="text-base font-semibold">{t('shop.applyTitle')}</h2>
      <p className="text-muted">{t('shop.applyIntro')}</p>
      {status === 1 ? (
        <p role="status" className="font-medium text-accent">
          {t('shop.applyPending')}
        </p>
      ) : !shop.certified ? (
        <p>
          {t('shop.needCertified')}{' '}
          <Link to="/personal/authentication" className="underline text-accent">
            {t('shop.toAuthentication')}
          </Link>
        </p>
      ) : (
        <>
          {status === 3 && <p className="text-down">{t('shop.applyRejected', { reason: reason ?? '—' })}</p>}
          <ProblemLine text={problem} testId="shop-apply-problem" />
          <Button
            variant="primary"
            className="w-fit"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              setProblem(null);
              applySeller()
                .then(reload)
                .catch((error: unknown) => setProblem(failureText(error)))
                .finally(() => setBusy(false));
            }}
          >
            {t('shop.apply')}
          </Button>
        </>
      )}
    </div>
  );
}

function SellerAds({ shop }: { shop: P2pShopInfo }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [page, setPage] = useState(1);
  const ads = useMyAds(page);
  const reload = useP2pReload();
  const [editing, setEditing] = useState<P2pAdView | 'new' | null>(null);
  const [pending, setPending] = useState<{ ad: P2pAdView; status: 1 | 2 | 3 } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirmRef = useRef<DialogHandle>(null);
  const ids = useId();
  const ask = (ad: P2pAdView, status: 1 | 2 | 3) => {
    setPending({ ad, status });
    setProblem(null);
    confirmRef.current?.showModal();
  };
  const rows = ads.data?.data ?? [];
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-muted" data-testid="shop-stats">
          <LevelBadge level={shop.level} />{' '}
          {t('shop.stats', {
            count: shop.stats.completed_orders,
            rate: ratePercent(shop.stats.completion_rate),
            ads: shop.stats.open_ads,
          })}
        </p>
        <Button variant="primary" onClick={() => setEditing('new')}>
          {t('shop.postAd')}
        </Button>
      </div>
      <div className="hidden md:block">
        <RecordTable
          label={t('shop.adsTable')}
          testId="shop-ads"
          className="min-w-[52rem] text-sm"
          columns={[
            { title: t('shop.col.ad') },
            { title: t('p2p.col.price'), numeric: true },
            { title: t('p2p.col.limits'), numeric: true },
            { title: t('shop.col.total'), numeric: true },
            { title: t('shop.col.remaining'), numeric: true },
            { title: t('p2p.col.payMethods') },
            { title: t('p2p.col.status') },
          ]}
          actionTitle={t('p2p.col.action')}
        >
          {rows.map((ad) => (
            <tr key={ad.id} className="border-t border-line" data-ad-id={ad.id}>
              <td className={`whitespace-nowrap px-2 py-1.5 ${ad.side === 'sell' ? 'text-down' : 'text-up'}`}>
                {t(ad.side === 'sell' ? 'p2p.sellCoin' : 'p2p.buyCoin', { coin: ad.currency_code })} /{' '}
                {ad.fiat}
              </td>
              <td className="px-2 py-1.5 text-right tabular-nums">
                {formatAmount(ad.price, FIAT_DECIMALS, lang)}
              </td>
              <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums">
                {formatAmount(ad.min_number, COIN_SHOWN, lang)} –{' '}
                {formatAmount(ad.max_number, COIN_SHOWN, lang)}
              </td>
              <td className="px-2 py-1.5 text-right tabular-nums">
                {formatAmount(ad.total, COIN_SHOWN, lang)}
              </td>
              <td className="px-2 py-1.5 text-right tabular-nums">
                {formatAmount(ad.remaining, COIN_SHOWN, lang)}
              </td>
              <td className="px-2 py-1.5">
                <PayTypes types={ad.pay_types} />
              </td>
              <td className="whitespace-nowrap px-2 py-1.5" data-status={ad.status}>
                <AdStatusText status={ad.status} />
              </td>
              <td className="whitespace-nowrap px-2 py-1.5 text-right">
                <AdButtons ad={ad} onEdit={setEditing} onAsk={ask} />
              </td>
            </tr>
          ))}
        </RecordTable>
      </div>
      {/* On a phone, one card per ad with its buttons in view. */}
      <ul className="flex flex-col gap-2 md:hidden" aria-label={t('shop.adsTable')}>
        {rows.map((ad) => (
          <li
            key={ad.id}
            className="flex flex-col gap-1 rounded-lg border p-3 text-sm border-line"
            data-ad-id={ad.id}
          >
            <div className="flex items-center justify-between gap-2">
              <span className={`font-medium ${ad.side === 'sell' ? 'text-down' : 'text-up'}`}>
                {t(ad.side === 'sell' ? 'p2p.sellCoin' : 'p2p.buyCoin', { coin: ad.currency_code })} /{' '}
                {ad.fiat}
              </span>
              <AdStatusText status={ad.status} />
            </div>
            <dl className="flex flex-col gap-0.5">
              <Fact term={t('p2p.col.price')}>{formatAmount(ad.price, FIAT_DECIMALS, lang)}</Fact>
              <Fact term={t('p2p.col.limits')}>
                {formatAmount(ad.min_number, COIN_SHOWN, lang)} –{' '}
                {formatAmount(ad.max_number, COIN_SHOWN, lang)}
              </Fact>
              <Fact term={t('shop.col.remaining')}>
                {formatAmount(ad.remaining, COIN_SHOWN, lang)} / {formatAmount(ad.total, COIN_SHOWN, lang)}
              </Fact>
              <Fact term={t('p2p.col.payMethods')}>
                <PayTypes types={ad.pay_types} />
              </Fact>
            </dl>
            <div className="flex justify-end">
              <AdButtons ad={ad} onEdit={setEditing} onAsk={ask} />
            </div>
          </li>
        ))}
      </ul>
      <ListStatus query={ads} emptyText={t('shop.noAds')} />
      {ads.data && (
        <RecordsPager total={ads.data.total} page={page} perPage={ads.data.per_page} onPage={setPage} />
      )}
      <ConfirmDialog
        ref={confirmRef}
        titleId={`${ids}-status`}
        title={pending ? t(`shop.statusTitle.${pending.status}`) : ''}
        confirm={pending ? t(`shop.statusConfirm.${pending.status}`) : ''}
        busy={busy}
        onConfirm={() => {
          if (!pending) return;
          setBusy(true);
          setProblem(null);
          setAdStatus(pending.ad.id, pending.status)
            .then(() => {
              reload();
              confirmRef.current?.close();
            })
            .catch((error: unknown) => setProblem(failureText(error)))
            .finally(() => setBusy(false));
        }}
      >
        <p className="mb-2">{pending ? t(`shop.statusNote.${pending.status}`) : ''}</p>
        <ProblemLine text={problem} testId="shop-status-problem" />
      </ConfirmDialog>
      <AdDialog ad={editing} onClose={() => setEditing(null)} />
    </>
  );
}

/** An ad's state in words: open green, insufficient red, the rest muted. */
function AdStatusText({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <span
      className={`whitespace-nowrap ${status === 1 ? 'text-up' : status === 4 ? 'text-down' : 'text-muted'}`}
      data-status={status}
    >
      {t(`shop.adStatus.${String(status) as keyof AppCatalog['shop']['adStatus']}`)}
    </span>
  );
}

/** Edit, suspend or resume, and off shelf; none for an ad off shelf (final). */
function AdButtons({
  ad,
  onEdit,
  onAsk,
}: {
  ad: P2pAdView;
  onEdit(ad: P2pAdView): void;
  onAsk(ad: P2pAdView, status: 1 | 2 | 3): void;
}) {
  const { t } = useTranslation();
  if (ad.status === 3) return null;
  const button = (text: string, onClick: () => void) => <Button onClick={onClick}>{text}</Button>;
  return (
    <span className="inline-flex flex-wrap justify-end gap-1">
      {button(t('shop.edit'), () => onEdit(ad))}
      {ad.status === 2
        ? button(t('shop.resume'), () => onAsk(ad, 1))
        : button(t('shop.suspend'), () => onAsk(ad, 2))}
      {button(t('shop.offShelf'), () => onAsk(ad, 3))}
    </span>
  );
}

const emptyDraft = (): AdDraft & { side: P2pSide; currency_id: number; fiat: string } => ({
  side: 'sell',
  currency_id: 0,
  fiat: '',
  price: '',
  min_number: '',
  max_number: '',
  total: '',
  pay_types: [],
  terms: '',
});

/** Posting or editing an ad; only payment methods saved in the collection settings can be chosen. */
function AdDialog({ ad, onClose }: { ad: P2pAdView | 'new' | null; onClose(): void }) {
  const ids = useId();
  const open = ad !== null;
  return (
    <Dialog
      open={open}
      labelledBy={`${ids}-title`}
      onClose={onClose}
      className="w-[min(30rem,calc(100vw-2rem))]"
    >
      {open && (
        <AdForm
          key={ad === 'new' ? 'new' : ad.id}
          ad={ad === 'new' ? null : ad}
          titleId={`${ids}-title`}
          onDone={onClose}
        />
      )}
    </Dialog>
  );
}

function AdForm({ ad, titleId, onDone }: { ad: P2pAdView | null; titleId: string; onDone(): void }) {
  const { t } = useTranslation();
  const ids = useId();
  const config = useP2pConfig();
  const reload = useP2pReload();
  const bank = useSavedPayMethod('bank');
  const alipay = useSavedPayMethod('alipay');
  const wxpay = useSavedPayMethod('wxpay');
  const saved = new Set<PayMethodCode>(
    (
      [
        ['bank', bank.data],
        ['alipay', alipay.data],
        ['wxpay', wxpay.data],
      ] as const
    ).flatMap(([code, method]) => (method ? [code] : [])),
  );
  const currencies = config.data?.currencies ?? [];
  const fiats = config.data?.fiats ?? [];
  const [draft, setDraft] = useState(() =>
    ad
      ? {
          side: ad.side,
          currency_id: ad.currency_id,
          fiat: ad.fiat,
          price: ad.price,
          min_number: ad.min_number,
          max_number: ad.max_number,
          total: ad.total,
          pay_types: ad.pay_types,
          terms: ad.terms,
        }
      : emptyDraft(),
  );
  const currencyId = draft.currency_id || currencies[0]?.id || 0;
  const fiat = draft.fiat || fiats[0] || '';
  const decimals = currencies.find((currency) => currency.id === currencyId)?.decimals ?? COIN_DECIMALS;
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblem(null);
  };
  const amount = (key: 'price' | 'min_number' | 'max_number' | 'total', label: string, places: number) => (
    <Field id={`${ids}-${key}`} label={label}>
      <input
        id={`${ids}-${key}`}
        className={`${inputClass} text-right tabular-nums`}
        inputMode="decimal"
        autoComplete="off"
        value={draft[key]}
        onChange={(event) => {
          const text = event.target.value.trim();
          if (text === '' || new RegExp(`^\\d{0,16}(\\.\\d{0,${places}})?$`).test(text)) set({ [key]: text });
        }}
      />
    </Field>
  );
  const coin = currencies.find((currency) => currency.id === currencyId)?.code ?? '';
  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = adProblem(draft, saved);
        if (found) return setProblem(t(found));
        setBusy(true);
        saveAd({
          id: ad?.id,
          side: draft.side,
          currency_id: currencyId,
          fiat,
          price: draft.price,
          min_number: draft.min_number,
          max_number: draft.max_number,
          total: draft.total,
          pay_types: [...draft.pay_types],
          terms: draft.terms.trim(),
        })
          .then(() => {
            reload();
            onDone();
          })
          .catch((error: unknown) => setProblem(failureText(error)))
          .finally(() => setBusy(false));
      }}
    >
      <h2 id={titleId} className="text-base font-semibold">
        {t(ad ? 'shop.editAd' : 'shop.postAd')}
      </h2>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Field id={`${ids}-side`} label={t('shop.side')}>
          <select
            id={`${ids}-side`}
            className={inputClass}
            value={draft.side}
            disabled={ad !== null}
            onChange={(event) => set({ side: event.target.value as P2pSide })}
          >
            <option value="sell">{t('shop.sideSell')}</option>
            <option value="buy">{t('shop.sideBuy')}</option>
          </select>
        </Field>
        <SelectField
          id={`${ids}-coin`}
          label={t('p2p.coin')}
          value={currencyId}
          options={currencies.map((currency) => ({ value: currency.id, text: currency.code }))}
          onChange={(value) => set({ currency_id: value })}
        />
        <Field id={`${ids}-fiat`} label={t('p2p.fiat')}>
          <select
            id={`${ids}-fiat`}
            className={inputClass}
            value={fiat}
            onChange={(event) => set({ fiat: event.target.value })}
          >
            {fiats.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-2">
        {amount('price', t('shop.price', { fiat }), FIAT_DECIMALS)}
        {amount('total', t('shop.total', { coin }), decimals)}
        {amount('min_number', t('shop.min', { coin }), decimals)}
        {amount('max_number', t('shop.max', { coin }), decimals)}
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-muted">{t('p2p.col.payMethods')}</legend>
        <div className="flex flex-wrap gap-3">
          {PAY_METHOD_CODES.map((code) => (
            <label key={code} className="inline-flex items-center gap-1">
              <input
                type="checkbox"
                checked={draft.pay_types.includes(code)}
                disabled={!saved.has(code) && !draft.pay_types.includes(code)}
                onChange={(event) =>
                  set({
                    pay_types: event.target.checked
                      ? [...draft.pay_types, code]
                      : draft.pay_types.filter((type) => type !== code),
                  })
                }
              />
              {t(`p2p.payType.${code}`)}
              {!saved.has(code) && <span className="text-xs text-muted">({t('shop.notSaved')})</span>}
            </label>
          ))}
        </div>
        <Link to="/personal/collectionSettings" className="w-fit text-xs underline text-accent">
          {t('shop.toCollection')}
        </Link>
      </fieldset>
      <Field id={`${ids}-terms`} label={t('shop.termsLabel')}>
        <textarea
          id={`${ids}-terms`}
          className={`${inputClass} min-h-16`}
          maxLength={TERMS_MAX}
          value={draft.terms}
          onChange={(event) => set({ terms: event.target.value })}
        />
      </Field>
      {draft.side === 'sell' && <p className="text-xs text-muted">{t('shop.sellNote')}</p>}
      <ProblemLine text={problem} testId="shop-ad-problem" />
      <DialogButtons
        cancelText={t('assets.cancel')}
        confirmText={t('shop.save')}
        confirmVariant="primary"
        disabled={busy}
        onCancel={onDone}
      />
    </form>
  );
}
