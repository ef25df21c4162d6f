import type { Lang, MarketView, MarkPriceView, MicroVerification } from '@oex/protocol';
import { useTranslation } from 'react-i18next';
import { ScrollArea } from '../../components/ScrollArea.js';
import { Failed, Loading } from '../../components/states.js';
import { useExchangeTimeZone } from '../../features/content/news.js';
import { useMicroVerification } from '../../features/micro/queries.js';
import { formatTime, markMatches, outcomeOf, ratioPercent, tapeLink } from '../../features/micro/rules.js';
import { currentLang } from '../../i18n/index.js';
import { PRICE_DECIMALS } from '../../lib/format.js';
import { Fact, formatAmount, formatMark, Modal, muted, Profit, SideLabel } from './parts.js';

const TAPE_COLUMNS = ['row', 'time', 'bid', 'ask', 'last', 'mark', 'check'] as const;

/** A tick or a cross, with words, so the check never rests on a symbol alone. */
function Check({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return (
    <span style={{ color: ok ? 'var(--up)' : 'var(--down)' }} data-check={ok ? 'ok' : 'failed'}>
      <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
      {t(ok ? 'micro.checkOk' : 'micro.checkFailed')}
    </span>
  );
}

/** One tape row with its inputs, the price they give, and whether that is the row's price. */
function TapeRow({
  label,
  entry,
  decimals,
  lang,
  timeZone,
}: {
  label: string;
  entry: MarkPriceView;
  decimals: number;
  lang: Lang;
  timeZone: string;
}) {
  const price = (value: string | null) => formatMark(value, lang, decimals);
  const tradeId = entry.last_trade_id === null ? '' : ` (#${entry.last_trade_id})`;
  return (
    <tr className="border-t" style={{ borderColor: 'var(--border)' }} data-entry={label}>
      <th scope="row" className="px-2 py-1 text-left font-normal">
        {label}
      </th>
      <td className="px-2 py-1 whitespace-nowrap tabular-nums">{formatTime(entry.time, timeZone)}</td>
      <td className="px-2 py-1 text-right tabular-nums">{price(entry.best_bid)}</td>
      <td className="px-2 py-1 text-right tabular-nums">{price(entry.best_ask)}</td>
      <td className="px-2 py-1 text-right whitespace-nowrap tabular-nums">{`${price(entry.last_price)}${tradeId}`}</td>
      <td className="px-2 py-1 text-right font-semibold tabular-nums" data-testid="tape-price">
        {price(entry.price)}
      </td>
      <td className="px-2 py-1 whitespace-nowrap">
        <Check ok={markMatches(entry)} />
      </td>
    </tr>
  );
}

function Verification({ data, markets }: { data: MicroVerification; markets: readonly MarketView[] }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const timeZone = useExchangeTimeZone();
  const { order, open_entry: openEntry, end_entry: endEntry } = data;
  const decimals =
    markets.find((market) => market.id === order.currency_match_id)?.price_decimals ?? PRICE_DECIMALS;
  const code = order.currency_name;
  const recomputed = endEntry ? outcomeOf(order.type, openEntry.price, endEntry.price) : null;
  const tape = tapeLink(order.currency_match_id, openEntry.time, endEntry?.time ?? order.ends_at);
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid gap-x-6 gap-y-1 text-xs sm:grid-cols-2">
        <Fact term={t('micro.columns.pair')}>{order.symbol_name}</Fact>
        <Fact term={t('micro.columns.direction')}>
          <SideLabel side={order.type} />
        </Fact>
        <Fact term={t('micro.columns.amount')}>{`${formatAmount(order.number, lang)} ${code}`}</Fact>
        <Fact term={t('micro.columns.time')}>{t('micro.seconds', { seconds: order.seconds })}</Fact>
        <Fact term={t('micro.columns.openPrice')}>{formatMark(order.open_price, lang, decimals)}</Fact>
        <Fact term={t('micro.columns.endPrice')}>{formatMark(order.end_price, lang, decimals)}</Fact>
        <Fact term={t('micro.profitRate')}>{`${ratioPercent(order.profit_ratio)}%`}</Fact>
        <Fact term={t('micro.columns.fee')}>{`${formatAmount(order.fee, lang)} ${code}`}</Fact>
        <Fact term={t('micro.columns.outcome')} testId="verify-outcome">
          {order.outcome ? t(`micro.outcomes.${order.outcome}`) : t('micro.settling')}
        </Fact>
        <Fact term={t('micro.paidBack')} testId="verify-payout">
          {order.payout === null ? '—' : `${formatAmount(order.payout, lang)} ${code}`}
        </Fact>
        <Fact term={t('micro.columns.profit')}>
          <Profit value={order.fact_profits} lang={lang} currency={code} />
        </Fact>
      </dl>
      <section aria-labelledby="verify-rule-title">
        <h3 id="verify-rule-title" className="mb-1 text-xs font-semibold">
          {t('micro.rule')}
        </h3>
        <p
          className="rounded border p-2 text-xs"
          style={{ borderColor: 'var(--border)' }}
          data-testid="verify-rule"
        >
          {data.rule}
        </p>
      </section>
      <section aria-labelledby="verify-tape-title">
        <h3 id="verify-tape-title" className="mb-1 text-xs font-semibold">
          {t('micro.tapeTitle')}
        </h3>
        <p className="mb-1 text-[11px]" style={muted}>
          {t('micro.tapeNote')}
        </p>
        <ScrollArea label={t('micro.tapeTitle')}>
          <table className="w-full min-w-[560px] border-collapse text-xs">
            <thead>
              <tr style={muted}>
                {TAPE_COLUMNS.map((key) => (
                  <th
                    key={key}
                    scope="col"
                    className={`px-2 py-1 font-normal ${['bid', 'ask', 'last', 'mark'].includes(key) ? 'text-right' : 'text-left'}`}
                  >
                    {t(`micro.tapeColumns.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <TapeRow
                label={t('micro.entryOpen')}
                entry={openEntry}
                decimals={decimals}
                lang={lang}
                timeZone={timeZone}
              />
              {endEntry && (
                <TapeRow
                  label={t('micro.entryEnd')}
                  entry={endEntry}
                  decimals={decimals}
                  lang={lang}
                  timeZone={timeZone}
                />
              )}
            </tbody>
          </table>
        </ScrollArea>
        {recomputed && (
          <p className="mt-2 text-xs" data-testid="verify-recomputed">
            {t('micro.recomputed', {
              open: formatMark(openEntry.price, lang, decimals),
              end: formatMark(endEntry!.price, lang, decimals),
              outcome: t(`micro.outcomes.${recomputed}`),
            })}{' '}
            <Check ok={recomputed === order.outcome && markMatches(openEntry) && markMatches(endEntry!)} />
          </p>
        )}
        <a
          href={tape}
          target="_blank"
          rel="noreferrer"
          className="mt-2 inline-block text-xs underline"
          style={{ color: 'var(--accent)' }}
          data-testid="verify-tape-link"
        >
          {t('micro.rawTape')}
        </a>
      </section>
    </div>
  );
}

/** The verification of one order (microtrade/verify): everything needed to recompute it from public data. */
export function VerifyDialog({
  id,
  markets,
  onClose,
}: {
  id: number | null;
  markets: readonly MarketView[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const verification = useMicroVerification(id);
  return (
    <Modal
      open={id !== null}
      labelledBy="micro-verify-title"
      onClose={onClose}
      className="w-[min(48rem,calc(100vw-1rem))]"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="micro-verify-title" className="font-semibold">
          {t('micro.verifyTitle', { id })}
        </h2>
        <button
          type="button"
          className="rounded border px-3 py-1"
          style={{ borderColor: 'var(--border)' }}
          onClick={onClose}
        >
          {t('micro.close')}
        </button>
      </div>
      {verification.data ? (
        <Verification data={verification.data} markets={markets} />
      ) : verification.isError ? (
        <Failed onRetry={() => void verification.refetch()} />
      ) : (
        <Loading rows={5} />
      )}
    </Modal>
  );
}
