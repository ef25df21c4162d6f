import { LEVER_LONG, type Lang, type LeverSide } from '@oex/protocol';
import { useTranslation } from 'react-i18next';
import { hazardBand, sideSign, type HazardBand } from '../../features/lever/rules.js';
import { formatNumber } from '../../lib/format.js';
import { formatPlain, Profit } from '../micro/parts.js';

/** Shared pieces of the leveraged contract page; the amounts and profits are the micro page's. */
export { formatAmount, formatMark, Profit } from '../micro/parts.js';

/** Long or short, by sign and colour both: "▲ Long" in green, "▼ Short" in red. */
export function SideLabel({ side }: { side: LeverSide }) {
  const { t } = useTranslation();
  return (
    <span className={`whitespace-nowrap ${side === LEVER_LONG ? 'text-up' : 'text-down'}`} data-side={side}>
      <span aria-hidden="true">{sideSign(side)} </span>
      {t(side === LEVER_LONG ? 'lever.long' : 'lever.short')}
    </span>
  );
}

const BAND_COLORS: Record<HazardBand, string> = {
  none: 'text-muted',
  safe: 'text-up',
  caution: 'text-warn',
  warning: 'text-down',
  danger: 'text-down',
};

/**
 * The hazard rate of the user's positions in the quote currency, its band in words and colour, and
 * as it nears the liquidation rate, what will happen, in plain words.
 */
export function Hazard({
  rate,
  liquidation,
  profits,
  currency,
  lang,
}: {
  rate: string | null;
  liquidation: string;
  profits: string | undefined;
  currency: string;
  lang: Lang;
}) {
  const { t } = useTranslation();
  const band = hazardBand(rate, liquidation);
  const color = BAND_COLORS[band];
  return (
    <div className="flex flex-col gap-1 text-xs" data-testid="lever-hazard" data-band={band}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="text-muted">{t('lever.hazard')}</span>
        <span className={`tabular-nums font-medium ${color}`} data-value={rate ?? ''}>
          {rate === null
            ? t('lever.noPositions')
            : `${formatNumber(rate, 2, lang)}% · ${t(`lever.band.${band}`)}`}
        </span>
      </div>
      {profits !== undefined && rate !== null && (
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="text-muted">{t('lever.profitsAll')}</span>
          <Profit value={profits} lang={lang} currency={currency} />
        </div>
      )}
      {(band === 'warning' || band === 'danger') && (
        <p
          role={band === 'danger' ? 'alert' : undefined}
          // Near liquidation the note is filled, so it stands out from the plain warning.
          className={`rounded border px-2 py-1 ${
            band === 'danger' ? 'border-down-strong bg-down-strong text-white' : 'border-down text-down'
          }`}
        >
          {t(band === 'danger' ? 'lever.dangerNote' : 'lever.warningNote', {
            rate: formatPlain(liquidation, lang),
            currency,
          })}
        </p>
      )}
      <p className="text-[11px] leading-4 text-muted">
        {t('lever.hazardNote', { rate: formatPlain(liquidation, lang) })}
      </p>
    </div>
  );
}
