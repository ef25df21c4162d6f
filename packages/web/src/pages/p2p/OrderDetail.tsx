import type { P2pImageRef, P2pOrderDetail, PayMethodView } from '@oex/protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useExchangeTimeZone } from '../../features/content/news.js';
import { useSecondTicks } from '../../features/micro/live.js';
import {
  appealOrder,
  cancelOrder,
  confirmOrder,
  markPaid,
  useOrderDetail,
  useP2pReload,
  useServerOffset,
} from '../../features/p2p/queries.js';
import {
  APPEAL_MIN_LENGTH,
  FIAT_DECIMALS,
  actionsOf,
  appealProblem,
  countdownText,
  leftMs,
  runningDeadline,
  showsPayDetails,
} from '../../features/p2p/rules.js';
import { useOwnImage } from '../../features/personal/uploads.js';
import { useTotpStatus } from '../../features/personal/security.js';
import { currentLang } from '../../i18n/index.js';
import { formatInZone } from '../../lib/format.js';
import { CopyButton, failureText, formatAmount } from '../assets/parts.js';
import { ImagePicker, type PickedImage } from '../personal/ImagePicker.js';
import { COIN_SHOWN, LevelBadge, OrderStatusBadge } from './parts.js';
import {
  Button,
  ConfirmDialog,
  Dialog,
  DialogButtons,
  type DialogHandle,
  Fact,
  inputClass,
  ProblemLine,
  QueryState,
  TextField,
} from '../../components/ui/index.js';

/** /legalIndex/orderdetail?id= — an order of mine, from my side. */
export function OrderDetailPage() {
  return <OrderDetail back="/legalIndex/orders" />;
}

/**
 * One fiat order in full, from the signed-in party's side (the same for /legalIndex/orderdetail and
 * /myshop/shoporderdetail): state and timeline, the countdown to the running deadline, the seller's
 * payment details for the buyer, the voucher, and the actions the state allows. P2P_ORDER keeps it
 * live (the section's layout listens).
 */
export function OrderDetail({ back }: { back: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const query = useOrderDetail(id);
  return (
    <section className="flex flex-col gap-3 px-3" aria-labelledby="p2p-order-title">
      <Link to={back} className="w-fit text-sm underline text-accent">
        {t('p2p.backToList')}
      </Link>
      {id === null ? (
        <p role="alert">{t('p2p.noSuchOrder')}</p>
      ) : (
        <QueryState query={query} skeleton={{ rows: 8 }}>
          {(order) => <OrderView order={order} />}
        </QueryState>
      )}
    </section>
  );
}

function OrderView({ order }: { order: P2pOrderDetail }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const zone = useExchangeTimeZone();
  const actions = actionsOf(order.role, order.status);
  return (
    <div className="flex flex-col gap-4" data-testid="p2p-order" data-status={order.status}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="p2p-order-title" className="text-lg font-semibold">
          <span className={order.side === 'buy' ? 'text-up' : 'text-down'}>
            {t(order.side === 'buy' ? 'p2p.buyCoin' : 'p2p.sellCoin', { coin: order.currency_code })}
          </span>{' '}
          <span className="text-sm font-normal text-muted">#{order.id}</span>
        </h1>
        <span data-testid="p2p-order-status">
          <OrderStatusBadge status={order.status} />
        </span>
      </div>
      <Countdown order={order} />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-3 rounded-lg border p-3 text-sm bg-panel border-line">
          <dl className="flex flex-col gap-1">
            <Fact term={t('p2p.col.fiatAmount')} testId="p2p-order-fiat">
              <span className="text-base font-semibold">
                {formatAmount(order.fiat_amount, FIAT_DECIMALS, lang)} {order.fiat}
              </span>
            </Fact>
            <Fact term={t('p2p.col.price')}>
              {formatAmount(order.price, FIAT_DECIMALS, lang)} {order.fiat}
            </Fact>
            <Fact term={t('p2p.col.number')} testId="p2p-order-number">
              <span data-value={order.number}>
                {formatAmount(order.number, COIN_SHOWN, lang)} {order.currency_code}
              </span>
            </Fact>
            <Fact term={t(order.role === 'buyer' ? 'p2p.seller' : 'p2p.buyer')}>
              <span className="inline-flex items-center gap-1">
                {order.counterparty.name} <LevelBadge level={order.counterparty.level} />
              </span>
            </Fact>
            <Fact term={t('p2p.createdAt')}>{formatInZone(order.created_at, zone, true)}</Fact>
          </dl>
          {order.terms && (
            <p className="whitespace-pre-wrap text-xs text-muted">
              {t('p2p.terms')}: {order.terms}
            </p>
          )}
        </div>
        <Timeline order={order} />
      </div>
      {showsPayDetails(order.role, order.status) && order.pay_methods && (
        <PayDetails methods={order.pay_methods} />
      )}
      {order.role === 'seller' && (order.status === 1 || order.status === 2 || order.status === 7) && (
        <p className="rounded border p-2 text-sm border-line text-ink">
          {t(order.status === 1 ? 'p2p.sellerWaitNote' : 'p2p.sellerCheckNote', {
            amount: formatAmount(order.fiat_amount, FIAT_DECIMALS, lang),
            fiat: order.fiat,
          })}
        </p>
      )}
      {order.vouchers.length > 0 && (
        <Images title={t('p2p.vouchers')} images={order.vouchers} testId="p2p-vouchers" />
      )}
      {order.appeal && <AppealView order={order} />}
      {actions.length > 0 && <Actions order={order} />}
    </div>
  );
}

const OVERDUE_RELOAD_MS = 3000;

/** The time left to pay (or to confirm), counted from the server's clock. */
function Countdown({ order }: { order: P2pOrderDetail }) {
  const { t } = useTranslation();
  const deadline = runningDeadline(order);
  const offset = useServerOffset().data ?? 0;
  const now = useSecondTicks(deadline !== null);
  const left = deadline ? leftMs(deadline.at, now, offset) : null;
  const reload = useP2pReload();
  // Past the deadline the server's timer changes the order and P2P_ORDER says so; should that push
  // be missed (the channel down), the order is asked again every few seconds until it has moved.
  const overdue = left === 0;
  useEffect(() => {
    if (!overdue) return;
    const timer = setInterval(reload, OVERDUE_RELOAD_MS);
    return () => clearInterval(timer);
  }, [overdue, reload]);
  if (!deadline || left === null) return null;
  return (
    <p className="text-sm" role="timer" aria-live="off" data-testid="p2p-countdown">
      {t(deadline.kind === 'pay' ? 'p2p.payWithin' : 'p2p.confirmWithin')}{' '}
      <span className={`font-semibold tabular-nums ${left < 60_000 ? 'text-down' : 'text-accent'}`}>
        {countdownText(left)}
      </span>
    </p>
  );
}

function Timeline({ order }: { order: P2pOrderDetail }) {
  const { t } = useTranslation();
  const zone = useExchangeTimeZone();
  return (
    <div className="rounded-lg border p-3 text-sm bg-panel border-line">
      <h2 className="mb-2 font-semibold">{t('p2p.timeline')}</h2>
      <ol className="flex flex-col gap-1" data-testid="p2p-timeline">
        {order.timeline.map((entry, index) => (
          <li key={index} className="flex justify-between gap-3">
            <OrderStatusBadge status={entry.status} />
            <span className="tabular-nums text-muted">{formatInZone(entry.at, zone, true)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The seller's saved methods, for the buyer to pay through: every field copyable. */
function PayDetails({ methods }: { methods: PayMethodView[] }) {
  const { t } = useTranslation();
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border p-3 text-sm bg-panel border-line"
      data-testid="p2p-pay-details"
    >
      <h2 className="font-semibold">{t('p2p.payTo')}</h2>
      <p className="text-xs text-muted">{t('p2p.payToNote')}</p>
      <div className="grid gap-3 md:grid-cols-2">
        {methods.map((method) => (
          <dl key={method.id} className="flex flex-col gap-1 rounded border p-2 border-line">
            <Fact term={t('p2p.payMethod')}>{t(`p2p.payType.${method.type}`)}</Fact>
            <CopyFact term={t('payMethod.realName')} text={method.raw_data.real_name} />
            {method.type === 'bank' ? (
              <>
                <CopyFact term={t('payMethod.bankName')} text={method.raw_data.bank_name} />
                <CopyFact term={t('payMethod.cardNo')} text={method.raw_data.card_no} />
                <CopyFact term={t('payMethod.bankAddress')} text={method.raw_data.bank_address} />
              </>
            ) : (
              <>
                <CopyFact term={t('payMethod.account')} text={method.raw_data.account} />
                <QrImage url={method.raw_data.qrcode} label={t('payMethod.qrcode')} />
              </>
            )}
          </dl>
        ))}
      </div>
    </div>
  );
}

function CopyFact({ term, text }: { term: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Fact term={term}>
      <span className="inline-flex items-center gap-2 break-all">
        {text} <CopyButton text={text} label={t('p2p.copyThe', { what: term })} />
      </span>
    </Fact>
  );
}

function QrImage({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  const image = useOwnImage(url);
  return image.src ? (
    <img src={image.src} alt={label} className="h-32 w-32 self-end object-contain" />
  ) : (
    <span className="self-end text-xs text-muted">
      {image.failed ? t('upload.loadFailed') : t('state.loading')}
    </span>
  );
}

function Images({ title, images, testId }: { title: string; images: P2pImageRef[]; testId: string }) {
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid={testId}>
      <h2 className="font-semibold">{title}</h2>
      <div className="flex flex-wrap gap-2">
        {images.map((image, index) => (
          <PrivateImage key={image.id} url={image.url} alt={`${title} ${index + 1}`} />
        ))}
      </div>
    </div>
  );
}

function PrivateImage({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation();
  const image = useOwnImage(url);
  return (
    <div className="flex h-32 w-40 items-center justify-center overflow-hidden rounded border bg-panel border-line">
      {image.src ? (
        <a href={image.src} target="_blank" rel="noreferrer">
          <img src={image.src} alt={alt} className="max-h-32 max-w-40 object-contain" />
        </a>
      ) : (
        <span className="text-xs text-muted">
          {image.failed ? t('upload.loadFailed') : t('state.loading')}
        </span>
      )}
    </div>
  );
}

function AppealView({ order }: { order: P2pOrderDetail }) {
  const { t } = useTranslation();
  const zone = useExchangeTimeZone();
  const appeal = order.appeal!;
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border p-3 text-sm bg-panel border-line"
      data-testid="p2p-appeal"
    >
      <h2 className="font-semibold">{t('p2p.appealTitle')}</h2>
      <p className="text-muted">
        {t('p2p.appealBy', {
          who: t(appeal.by === order.role ? 'p2p.you' : appeal.by === 'buyer' ? 'p2p.buyer' : 'p2p.seller'),
          time: formatInZone(appeal.opened_at, zone),
        })}
      </p>
      <p className="whitespace-pre-wrap">{appeal.reason}</p>
      {appeal.images.length > 0 && (
        <Images title={t('p2p.appealImages')} images={appeal.images} testId="p2p-appeal-images" />
      )}
      {appeal.resolution ? (
        <p>
          {t(appeal.resolution.release_to === 'buyer' ? 'p2p.resolvedBuyer' : 'p2p.resolvedSeller', {
            time: formatInZone(appeal.resolution.at, zone),
          })}{' '}
          {appeal.resolution.reason}
        </p>
      ) : (
        <p className="text-muted">{t('p2p.appealOpenNote')}</p>
      )}
    </div>
  );
}

/** The buttons the order's state allows the signed-in party, each with its confirmation. */
function Actions({ order }: { order: P2pOrderDetail }) {
  const { t } = useTranslation();
  const actions = actionsOf(order.role, order.status);
  const reload = useP2pReload();
  const ids = useId();
  const [voucher, setVoucher] = useState<PickedImage>({ state: 'empty' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'confirm' | 'appeal' | null>(null);
  const paidDialog = useRef<DialogHandle>(null);
  const cancelDialog = useRef<DialogHandle>(null);

  const run = async (work: () => Promise<unknown>, after?: () => void) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      after?.();
      reload();
    } catch (error) {
      setProblem(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="flex flex-col gap-3 rounded-lg border p-3 text-sm bg-panel border-line"
      data-testid="p2p-actions"
    >
      {actions.includes('pay') && (
        <ImagePicker
          label={t('p2p.voucher')}
          purpose="other"
          required
          testId="p2p-voucher"
          onChange={(picked) => {
            setVoucher(picked);
            setProblem(null);
          }}
        />
      )}
      <ProblemLine text={problem} testId="p2p-action-problem" />
      <div className="flex flex-wrap gap-2">
        {actions.includes('pay') && (
          <Button
            variant="up"
            disabled={busy}
            onClick={() => {
              if (voucher.state !== 'done') {
                setProblem(t(voucher.state === 'uploading' ? 'p2p.voucherUploading' : 'p2p.voucherFirst'));
                return;
              }
              paidDialog.current?.showModal();
            }}
          >
            {t('p2p.markPaid')}
          </Button>
        )}
        {actions.includes('confirm') && (
          <Button variant="up" onClick={() => setDialog('confirm')}>
            {t('p2p.confirmReceipt')}
          </Button>
        )}
        {actions.includes('cancel') && (
          <Button disabled={busy} onClick={() => cancelDialog.current?.showModal()}>
            {t('p2p.cancelOrder')}
          </Button>
        )}
        {actions.includes('appeal') && <Button onClick={() => setDialog('appeal')}>{t('p2p.appeal')}</Button>}
      </div>
      <ConfirmDialog
        ref={paidDialog}
        titleId={`${ids}-paid`}
        title={t('p2p.markPaidTitle')}
        confirm={t('p2p.markPaid')}
        busy={busy}
        onConfirm={() =>
          void run(
            () => markPaid(order.id, (voucher as { id: number }).id),
            () => paidDialog.current?.close(),
          )
        }
      >
        <p className="mb-3">
          {t('p2p.markPaidNote', {
            amount: formatAmount(order.fiat_amount, FIAT_DECIMALS, currentLang()),
            fiat: order.fiat,
          })}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        ref={cancelDialog}
        titleId={`${ids}-cancel`}
        title={t('p2p.cancelTitle')}
        confirm={t('p2p.cancelOrder')}
        busy={busy}
        onConfirm={() =>
          void run(
            () => cancelOrder(order.id),
            () => cancelDialog.current?.close(),
          )
        }
      >
        <p className="mb-3">{t('p2p.cancelNote')}</p>
      </ConfirmDialog>
      <ConfirmReceiptDialog order={order} open={dialog === 'confirm'} onClose={() => setDialog(null)} />
      <AppealDialog order={order} open={dialog === 'appeal'} onClose={() => setDialog(null)} />
    </div>
  );
}

/** The seller's release: the amount received, the trade password and (with two-factor) the code. */
function ConfirmReceiptDialog({
  order,
  open,
  onClose,
}: {
  order: P2pOrderDetail;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const reload = useP2pReload();
  const twoFactor = useTotpStatus().data?.enabled === true;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setPassword('');
    setCode('');
    setProblem(null);
    onClose();
  };
  const lang = currentLang();
  return (
    <Dialog open={open} labelledBy={`${ids}-title`} onClose={close}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!password) return setProblem(t('p2p.passwordEmpty'));
          if (twoFactor && !code.trim()) return setProblem(t('totp.emptyCode'));
          setBusy(true);
          setProblem(null);
          confirmOrder({
            id: order.id,
            pay_password: password,
            totp_code: twoFactor ? code.trim() : undefined,
          })
            .then(() => {
              reload();
              close();
            })
            .catch((error: unknown) => setProblem(failureText(error)))
            .finally(() => setBusy(false));
        }}
      >
        <h2 id={`${ids}-title`} className="text-base font-semibold">
          {t('p2p.confirmReceiptTitle')}
        </h2>
        <p>
          {t('p2p.confirmReceiptNote', {
            amount: formatAmount(order.fiat_amount, FIAT_DECIMALS, lang),
            fiat: order.fiat,
            number: order.number,
            coin: order.currency_code,
          })}
        </p>
        <TextField
          id={`${ids}-password`}
          label={t('p2p.tradePassword')}
          type="password"
          value={password}
          maxLength={64}
          onChange={setPassword}
        />
        {twoFactor && (
          <TextField
            id={`${ids}-totp`}
            label={t('totp.code')}
            value={code}
            maxLength={32}
            onChange={setCode}
          />
        )}
        <ProblemLine text={problem} testId="p2p-confirm-problem" />
        <DialogButtons
          cancelText={t('assets.cancel')}
          confirmText={t('p2p.release')}
          confirmVariant="down"
          disabled={busy}
          onCancel={close}
        />
      </form>
    </Dialog>
  );
}

/** An appeal: what happened (at least 10 characters) and up to three images. */
function AppealDialog({ order, open, onClose }: { order: P2pOrderDetail; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const ids = useId();
  const reload = useP2pReload();
  const [reason, setReason] = useState('');
  const [images, setImages] = useState<PickedImage[]>([
    { state: 'empty' },
    { state: 'empty' },
    { state: 'empty' },
  ]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setImages([{ state: 'empty' }, { state: 'empty' }, { state: 'empty' }]);
    setProblem(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      labelledBy={`${ids}-title`}
      onClose={close}
      className="w-[min(32rem,calc(100vw-2rem))]"
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const short = appealProblem(reason);
          if (short) return setProblem(t(short, { min: APPEAL_MIN_LENGTH }));
          if (images.some((image) => image.state === 'uploading'))
            return setProblem(t('p2p.voucherUploading'));
          setBusy(true);
          setProblem(null);
          appealOrder({
            id: order.id,
            reason: reason.trim(),
            images: images.flatMap((image) => (image.state === 'done' ? [image.id] : [])),
          })
            .then(() => {
              reload();
              close();
            })
            .catch((error: unknown) => setProblem(failureText(error)))
            .finally(() => setBusy(false));
        }}
      >
        <h2 id={`${ids}-title`} className="text-base font-semibold">
          {t('p2p.appealTitle')}
        </h2>
        <p className="text-muted">{t('p2p.appealNote')}</p>
        <label htmlFor={`${ids}-reason`} className="text-muted">
          {t('p2p.appealReason', { min: APPEAL_MIN_LENGTH })}
        </label>
        <textarea
          id={`${ids}-reason`}
          className={`${inputClass} min-h-24`}
          maxLength={1000}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setProblem(null);
          }}
        />
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {images.map((_, index) => (
            <ImagePicker
              key={index}
              label={t('p2p.appealImage', { n: index + 1 })}
              purpose="other"
              testId={`p2p-appeal-image-${index}`}
              onChange={(picked) =>
                setImages((list) => list.map((item, at) => (at === index ? picked : item)))
              }
            />
          ))}
        </div>
        <ProblemLine text={problem} testId="p2p-appeal-problem" />
        <DialogButtons
          cancelText={t('assets.cancel')}
          confirmText={t('p2p.appealSend')}
          confirmVariant="down"
          disabled={busy}
          onCancel={close}
        />
      </form>
    </Dialog>
  );
}
