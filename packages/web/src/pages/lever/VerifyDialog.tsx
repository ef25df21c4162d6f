import type { LeverVerification, MarketView } from '@oex/protocol';
import { useTranslation } from 'react-i18next';
import { Check, RuleText, TapeTable } from '../../components/TapeRows.js';
import { useExchangeTimeZone } from '../../features/content/news.js';
import { useLeverVerification } from '../../features/lever/queries.js';
import { verifyChecks } from '../../features/lever/rules.js';
import { tapeLink } from '../../features/micro/rules.js';
import { currentLang } from '../../i18n/index.js';
import { PRICE_DECIMALS } from '../../lib/format.js';
import { formatMark, Profit, SideLabel } from './parts.js';
import { Button, Dialog, Empty, Fact, Failed, Loading } from '../../components/ui/index.js';

function Verification({ data, markets }: { data: LeverVerification; markets: readonly MarketView[] }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const timeZone = useExchangeTimeZone();
  const { position, open_entry: openEntry, close_entry: closeEntry } = data;
  const decimals =
    markets.find((market) => market.id === position.currency_match_id)?.price_decimals ?? PRICE_DECIMALS;
  const price = (value: string | null) => formatMark(value, lang, decimals);
  const rows = [
    ...(openEntry ? [{ label: t('lever.verify.entryOpen'), entry: openEntry }] : []),
    ...(closeEntry ? [{ label: t('lever.verify.entryClose'), entry: closeEntry }] : []),
  ];
  const checks = verifyChecks(data);
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid gap-x-6 gap-y-1 text-xs sm:grid-cols-2">
        <Fact term={t('lever.columns.symbol')}>{position.symbol}</Fact>
        <Fact term={t('lever.columns.side')}>
          <SideLabel side={position.type} />
        </Fact>
        <Fact term={t('lever.columns.multiple')}>{`${position.multiple}×`}</Fact>
        <Fact term={t('lever.columns.hands')}>{position.share}</Fact>
        <Fact term={t('lever.columns.entry')} testId="verify-entry-price">
          {price(position.price)}
        </Fact>
        <Fact term={t('lever.columns.closePrice')} testId="verify-close-price">
          {price(position.close_price)}
        </Fact>
        <Fact term={t('lever.columns.profit')}>
          <Profit value={position.profits} lang={lang} currency={position.quote_currency_code} />
        </Fact>
      </dl>
      <RuleText text={data.rule} />
      {rows.length === 0 ? (
        <div data-testid="verify-no-rows">
          <Empty text={t('lever.verify.noRows')} />
        </div>
      ) : (
        <TapeTable rows={rows} decimals={decimals} lang={lang} timeZone={timeZone}>
          {(!openEntry || !closeEntry) && (
            <p className="mt-2 text-xs text-muted" data-testid="verify-missing-row">
              {t(openEntry ? 'lever.verify.missingClose' : 'lever.verify.missingOpen')}
            </p>
          )}
          <h4 className="mt-3 mb-1 text-xs font-semibold">{t('lever.verify.recomputed')}</h4>
          <ul className="flex flex-col gap-1 text-xs" data-testid="verify-recomputed">
            {checks.map((check) => (
              <li key={check.which} className="flex flex-col gap-1">
                <span>
                  {t(check.which === 'open' ? 'lever.verify.openSame' : 'lever.verify.closeSame', {
                    row: price(check.rowPrice),
                    mark: price(check.mark),
                  })}{' '}
                  <Check ok={check.same} testId={`verify-${check.which}-same`} />
                </span>
                <span>
                  {t(check.which === 'open' ? 'lever.verify.openRow' : 'lever.verify.closeRow')}{' '}
                  <Check ok={check.recomputes} testId={`verify-${check.which}-row`} />
                </span>
              </li>
            ))}
          </ul>
          <a
            href={tapeLink(
              position.currency_match_id,
              rows[0]!.entry.time,
              rows[rows.length - 1]!.entry.time,
            )}
            target="_blank"
            rel="noreferrer"
            className="mt-2 inline-block text-xs text-accent underline"
            data-testid="verify-tape-link"
          >
            {t('micro.rawTape')}
          </a>
        </TapeTable>
      )}
    </div>
  );
}

/**
 * The verification of one closed position (lever/verify): the tape rows whose marks opened and
 * closed it, recomputed here from public data.
 */
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
  const verification = useLeverVerification(id);
  return (
    <Dialog
      open={id !== null}
      labelledBy="lever-verify-title"
      onClose={onClose}
      className="w-[min(48rem,calc(100vw-1rem))]"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="lever-verify-title" className="font-semibold">
          {t('lever.verify.title', { id })}
        </h2>
        <Button onClick={onClose}>{t('lever.verify.dismiss')}</Button>
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
