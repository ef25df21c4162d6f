import { Decimal, type EarnProductView } from '@oex/protocol';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AvailableBalance } from '../../components/AvailableBalance.js';
import { SignInLinks } from '../../components/SignInLinks.js';
import { amountProblem, answerLost, requestFor, type PendingRequest } from '../../features/assets/rules.js';
import { useExchangeTimeZone } from '../../features/content/news.js';
import {
  buyEarn,
  useEarnBought,
  useEarnLive,
  useEarnProducts,
  useFinancialBalance,
  useInterestReserves,
} from '../../features/earn/queries.js';
import { previewDaily, previewTotal, roomLeft, soldPercent } from '../../features/earn/rules.js';
import { useSession } from '../../features/session.js';
import { currentLang } from '../../i18n/index.js';
import { failureText } from '../assets/parts.js';
import { formatAmount, formatPlain } from '../micro/parts.js';
import { EarnHeader, RatePercent } from './parts.js';
import {
  AllButton,
  AmountField,
  Dialog,
  DialogButtons,
  Fact,
  ProblemLine,
  QueryState,
  RecordTable,
  Button,
} from '../../components/ui/index.js';

/**
 * Financial products (/deposit, docs/savings.md): each product's name, term, daily rate and minimum
 * with a buy button; the purchase is confirmed in a dialog that previews the interest exactly as
 * the server pays it. Under the list, the public interest account that backs every promise.
 */
export function DepositPage() {
  const { t } = useTranslation();
  const products = useEarnProducts();
  useEarnLive();
  const [buying, setBuying] = useState<EarnProductView | null>(null);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 p-3 text-sm sm:p-4">
      <EarnHeader current="products" />
      <p className="text-muted">{t('earn.intro')}</p>
      <QueryState
        query={products}
        isEmpty={(list) => list.length === 0}
        empty={t('earn.noProducts')}
        skeleton={{ rows: 5, rowClass: 'h-10' }}
      >
        {(list) => (
          <>
            <div className="hidden sm:block">
              <ProductTable products={list} onBuy={setBuying} />
            </div>
            <ProductCards products={list} onBuy={setBuying} />
          </>
        )}
      </QueryState>
      <ReserveNote />
      <BuyDialog product={buying} onClose={() => setBuying(null)} />
    </div>
  );
}

function ProductTable({
  products,
  onBuy,
}: {
  products: EarnProductView[];
  onBuy(product: EarnProductView): void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const cell = 'px-2 py-2 whitespace-nowrap';
  const columns = [
    { title: t('earn.columns.name') },
    { title: t('earn.columns.days'), numeric: true },
    { title: t('earn.columns.rate'), numeric: true },
    { title: t('earn.columns.min'), numeric: true },
    { title: t('earn.columns.quota'), numeric: true },
  ];
  return (
    <RecordTable
      label={t('earn.products')}
      testId="earn-products"
      className="text-sm"
      columns={columns}
      actionTitle={t('earn.buy')}
    >
      {products.map((product) => {
        return (
          <tr key={product.id} className="border-t border-line" data-product={product.id}>
            <th scope="row" className={`${cell} text-left font-medium`}>
              {product.name}
              {Decimal.parse(product.my_number).isPositive() && (
                <span className="ml-2 text-xs font-normal text-muted">
                  {t('earn.holding', {
                    amount: formatPlain(product.my_number, lang),
                    currency: product.currency_code,
                  })}
                </span>
              )}
            </th>
            <td className={`${cell} text-right tabular-nums`}>
              {t('earn.daysValue', { count: product.days })}
            </td>
            <td className={`${cell} text-right tabular-nums text-up`}>
              <RatePercent rate={product.rate} />
            </td>
            <td className={`${cell} text-right tabular-nums`}>
              {formatPlain(product.min_number, lang)} {product.currency_code}
            </td>
            <td className={`${cell} text-right`}>
              <QuotaBar product={product} />
            </td>
            <td className={`${cell} text-right`}>
              <BuyButton product={product} onBuy={onBuy} />
            </td>
          </tr>
        );
      })}
    </RecordTable>
  );
}

/** The products on a phone: one card each, the buy button in reach of a thumb. */
function ProductCards({
  products,
  onBuy,
}: {
  products: EarnProductView[];
  onBuy(product: EarnProductView): void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <ul
      className="flex flex-col gap-2 sm:hidden"
      aria-label={t('earn.products')}
      data-testid="earn-product-cards"
    >
      {products.map((product) => (
        <li key={product.id} className="rounded border p-3 border-line">
          <div className="mb-2 flex items-baseline justify-between gap-2">
            <h2 className="font-medium">{product.name}</h2>
            <span className="text-base tabular-nums text-up">
              <RatePercent rate={product.rate} />
            </span>
          </div>
          <dl className="mb-2 flex flex-col gap-1 text-xs">
            <Fact term={t('earn.columns.days')}>{t('earn.daysValue', { count: product.days })}</Fact>
            <Fact term={t('earn.columns.min')}>
              {formatPlain(product.min_number, lang)} {product.currency_code}
            </Fact>
            <Fact term={t('earn.columns.quota')}>
              <QuotaBar product={product} />
            </Fact>
            {Decimal.parse(product.my_number).isPositive() && (
              <Fact term={t('earn.holdings')}>
                {formatPlain(product.my_number, lang)} {product.currency_code}
              </Fact>
            )}
          </dl>
          <BuyButton product={product} onBuy={onBuy} className="w-full py-1.5" />
        </li>
      ))}
    </ul>
  );
}

function BuyButton({
  product,
  onBuy,
  className = 'px-3 py-1',
}: {
  product: EarnProductView;
  onBuy(product: EarnProductView): void;
  className?: string;
}) {
  const { t } = useTranslation();
  const closed = product.is_open === 0 || Decimal.parse(product.remaining).isZero();
  return (
    <Button
      variant="primary"
      size="fit"
      disabled={closed}
      aria-label={t('earn.buyName', { name: product.name })}
      className={className}
      onClick={() => onBuy(product)}
    >
      {closed ? t('earn.soldOut') : t('earn.buy')}
    </Button>
  );
}

/** What is left of the quota, as a figure and a bar (the bar is decoration; the figure says it). */
function QuotaBar({ product }: { product: EarnProductView }) {
  const lang = currentLang();
  const percent = soldPercent(product.total_quota, product.remaining);
  return (
    <span className="inline-flex items-center justify-end gap-2 tabular-nums">
      <span>
        {formatAmount(product.remaining, lang, product.decimals)} {product.currency_code}
      </span>
      <span aria-hidden="true" className="hidden h-1.5 w-16 overflow-hidden rounded sm:inline-block bg-line">
        {/* The width is the share sold, known only when the product arrives. */}
        <span className="block h-full bg-accent" style={{ width: `${percent}%` }} />
      </span>
    </span>
  );
}

/** The interest account per currency in use: what it holds beside what it has promised. */
function ReserveNote() {
  const { t } = useTranslation();
  const lang = currentLang();
  const reserves = useInterestReserves();
  const shown = (reserves.data ?? []).filter(
    (row) => Decimal.parse(row.balance).isPositive() || Decimal.parse(row.promised).isPositive(),
  );
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="earn-reserve" className="rounded border p-3 text-xs border-line">
      <h2 id="earn-reserve" className="mb-1 font-medium">
        {t('earn.reserveTitle')}
      </h2>
      <p className="mb-2 text-muted">{t('earn.reserveNote')}</p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-3" data-testid="earn-reserves">
        {shown.map((row) => (
          <Fact key={row.currency_id} term={row.currency_code}>
            {t('earn.reserveValue', {
              balance: formatAmount(row.balance, lang),
              promised: formatAmount(row.promised, lang),
            })}
          </Fact>
        ))}
      </dl>
    </section>
  );
}

/** The purchase: amount from the financial account, the exact interest preview, then confirm. */
function BuyDialog({ product, onClose }: { product: EarnProductView | null; onClose(): void }) {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  return (
    <Dialog
      open={product !== null}
      labelledBy="earn-buy-title"
      onClose={onClose}
      className="w-[min(28rem,calc(100vw-2rem))]"
    >
      {product && (
        <>
          <h2 id="earn-buy-title" className="mb-3 font-semibold">
            {t('earn.buyTitle', { name: product.name })}
          </h2>
          {token ? (
            <BuyForm product={product} onClose={onClose} />
          ) : (
            <div className="flex flex-col gap-3">
              <p className="text-muted">{t('earn.signInToBuy')}</p>
              <SignInLinks redirect="/deposit" />
            </div>
          )}
        </>
      )}
    </Dialog>
  );
}

function BuyForm({ product, onClose }: { product: EarnProductView; onClose(): void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const timeZone = useExchangeTimeZone();
  const balance = useFinancialBalance(product.currency_id);
  const bought = useEarnBought();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = useRef<PendingRequest | null>(null);
  const available = balance.data?.balance ?? null;
  const code = product.currency_code;
  const room = roomLeft(product);
  const daily = previewDaily(amount, product.rate, product.decimals);

  const check = (): string | null => {
    const found = amountProblem(amount, {
      available: available ?? '0',
      decimals: product.decimals,
      min: product.min_number,
      max: room,
    });
    return found ? t(found.key, { ...found.params, currency: code }) : null;
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const refused = check();
    setProblem(refused);
    if (refused || busy) return;
    setBusy(true);
    const body = { id: product.id, number: amount.trim() };
    const request = requestFor(pending.current, JSON.stringify(body));
    pending.current = request;
    try {
      await buyEarn({ ...body, request_id: request.id });
      pending.current = null;
      onClose();
    } catch (error) {
      setProblem(failureText(error));
      if (!answerLost(error)) pending.current = null;
    } finally {
      bought();
      setBusy(false);
    }
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <dl className="flex flex-col gap-1 text-xs">
        <Fact term={t('earn.columns.days')}>{t('earn.daysValue', { count: product.days })}</Fact>
        <Fact term={t('earn.columns.rate')}>
          <RatePercent rate={product.rate} />
        </Fact>
        <Fact term={t('earn.limits')}>
          {t('earn.limitsValue', {
            min: formatPlain(product.min_number, lang),
            max: formatPlain(room, lang),
            currency: code,
          })}
        </Fact>
      </dl>
      <AvailableBalance
        balance={available}
        shown={available === null ? '—' : formatAmount(available, lang, product.decimals)}
        code={code}
        transferHref={`/assets/transfer?to=5&currency_id=${product.currency_id}`}
        labels={{
          available: t('earn.available'),
          transferIn: t('earn.transferIn'),
          empty: t('earn.emptyAccount'),
        }}
        testId="earn-available"
      />
      <AmountField
        id="earn-amount"
        label={t('earn.amount')}
        decimals={product.decimals}
        value={amount}
        placeholder={t('earn.amountPlaceholder', { min: formatPlain(product.min_number, lang) })}
        action={
          <AllButton
            onClick={() =>
              setAmount(
                Decimal.min(Decimal.parse(available ?? '0'), Decimal.parse(room)).toString(product.decimals),
              )
            }
          />
        }
        onAmount={(value) => {
          setAmount(value);
          setProblem(null);
        }}
        onRefused={setProblem}
      />
      <dl className="flex flex-col gap-1 rounded border p-2 text-xs border-line" data-testid="earn-preview">
        <Fact term={t('earn.dailyInterest')} testId="earn-daily">
          {daily ? `${formatAmount(daily.toString(), lang, product.decimals)} ${code}` : '—'}
        </Fact>
        <Fact term={t('earn.totalInterest', { days: product.days })} testId="earn-total">
          {daily
            ? `${formatAmount(previewTotal(daily, product.days).toString(), lang, product.decimals)} ${code}`
            : '—'}
        </Fact>
        <Fact term={t('earn.paidAt')}>{t('earn.paidAtValue', { zone: timeZone })}</Fact>
        <Fact term={t('earn.principalBack')}>{t('earn.principalBackValue', { days: product.days })}</Fact>
      </dl>
      <p className="text-xs text-muted">{t('earn.lockNote')}</p>
      <ProblemLine text={problem} testId="earn-problem" />
      <DialogButtons
        cancelText={t('earn.cancel')}
        confirmText={t('earn.confirm')}
        confirmVariant="primary"
        disabled={busy}
        onCancel={onClose}
      />
    </form>
  );
}
