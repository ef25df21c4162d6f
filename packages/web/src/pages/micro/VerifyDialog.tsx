import type { MarketView, MicroVerification } from '@oex/protocol';
import { useTranslation } from 'react-i18next';
import { Check, RuleText, TapeTable } from '../../components/TapeRows.js';
import { useExchangeTimeZone } from '../../features/content/news.js';
import { useMicroVerification } from '../../features/micro/queries.js';
import { markMatches, outcomeOf, ratioPercent, tapeLink } from '../../features/micro/rules.js';
import { currentLang } from '../../i18n/index.js';
import { PRICE_DECIMALS } from '../../lib/format.js';
import { formatAmount, formatMark, Profit, SideLabel } from './parts.js';
import { Button, Dialog, Fact, Failed, Loading } from '../../components/ui/index.js';

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
      <RuleText text={data.rule} />
      <TapeTable
        rows={[
          { label: t('micro.entryOpen'), entry: openEntry },
          ...(endEntry ? [{ label: t('micro.entryEnd'), entry: endEntry }] : []),
        ]}
        decimals={decimals}
        lang={lang}
        timeZone={timeZone}
      >
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
          className="mt-2 inline-block text-xs text-accent underline"
          data-testid="verify-tape-link"
        >
          {t('micro.rawTape')}
        </a>
      </TapeTable>
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
    <Dialog
      open={id !== null}
      labelledBy="micro-verify-title"
      onClose={onClose}
      className="w-[min(48rem,calc(100vw-1rem))]"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="micro-verify-title" className="font-semibold">
          {t('micro.verifyTitle', { id })}
        </h2>
        <Button onClick={onClose}>{t('micro.close')}</Button>
      </div>
      {verification.data ? (
        <Verification data={verification.data} markets={markets} />
      ) : verification.isError ? (
        <Failed onRetry={() => void verification.refetch()} />
      ) : (
        <Loading rows={5} />
      )}
    </Dialog>
  );
}
