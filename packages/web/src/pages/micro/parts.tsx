import { Decimal, type Lang, type MicroSide } from '@oex/protocol';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { shownDecimals } from '../../features/assets/rules.js';
import { DEFAULT_DECIMALS, sideSign, signedProfit } from '../../features/micro/rules.js';
import { formatNumber } from '../../lib/format.js';

/** Shared pieces of the seconds-contract page. */

export const inputStyle = { background: 'var(--bg)', borderColor: 'var(--border)', color: 'var(--text)' };
export const muted = { color: 'var(--muted)' };

export function Panel({ children, className = '' }: { children: React.ReactNode; className?: string }) {
  return (
    <div className={`min-w-0 rounded border ${className}`} style={{ borderColor: 'var(--border)' }}>
      {children}
    </div>
  );
}

/** An amount in full (its own places, at least 2, at most the currency's), grouped for the language. */
export function formatAmount(value: string | null, lang: Lang, decimals = DEFAULT_DECIMALS): string {
  if (value === null) return '—';
  return formatNumber(value, shownDecimals(value, decimals), lang);
}

/** A preset amount as written, no padding: "10", "0.0002". */
export function formatPlain(value: string, lang: Lang): string {
  const places = Decimal.tryParse(value)?.decimalPlaces() ?? 0;
  return formatNumber(value, places, lang);
}

/** A tape price in full: at least the market's places, more when the tape has them (a mean of two). */
export function formatMark(value: string | null, lang: Lang, priceDecimals: number): string {
  if (value === null) return '—';
  const places = Decimal.tryParse(value)?.decimalPlaces() ?? 0;
  return formatNumber(value, Math.max(priceDecimals, places), lang);
}

/** Up or down, by sign and colour both: "▲ Up" in green, "▼ Down" in red. */
export function SideLabel({ side }: { side: MicroSide }) {
  const { t } = useTranslation();
  return (
    <span
      className="whitespace-nowrap"
      style={{ color: side === 1 ? 'var(--up)' : 'var(--down)' }}
      data-side={side}
    >
      <span aria-hidden="true">{sideSign(side)} </span>
      {t(side === 1 ? 'micro.up' : 'micro.down')}
    </span>
  );
}

/** A profit with its sign and colour; the exact value in data-value. */
export function Profit({ value, lang, currency }: { value: string | null; lang: Lang; currency?: string }) {
  const { text, direction } = signedProfit(value);
  const shown = value === null ? '—' : formatAmount(text.replace(/^[+-]/, ''), lang);
  const sign = direction === 'up' ? '+' : direction === 'down' ? '−' : '';
  return (
    <span
      className="whitespace-nowrap tabular-nums"
      data-value={value ?? ''}
      style={{ color: direction === 'up' ? 'var(--up)' : direction === 'down' ? 'var(--down)' : undefined }}
    >
      {sign}
      {shown}
      {currency ? ` ${currency}` : ''}
    </span>
  );
}

/** One line of a summary: the term muted on the left, the value on the right. */
export function Fact({
  term,
  children,
  testId,
}: {
  term: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex justify-between gap-4">
      <dt style={muted}>{term}</dt>
      <dd className="text-right tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * A modal dialog (the browser's own: the page behind is inert, so focus stays inside, and Escape
 * closes it); on closing, the focus goes back to the control that opened it.
 */
export function Modal({
  open,
  labelledBy,
  onClose,
  className = 'w-[min(24rem,calc(100vw-2rem))]',
  children,
}: {
  open: boolean;
  labelledBy: string;
  onClose(): void;
  className?: string;
  children: React.ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    } else if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      className={`m-auto max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-lg border p-4 text-sm shadow-xl backdrop:bg-black/50 ${className}`}
      style={inputStyle}
      onClose={() => {
        onClose();
        opener.current?.focus();
        opener.current = null;
      }}
    >
      {open && children}
    </dialog>
  );
}
