import type { Lang, Paged } from '@oex/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { useToasts } from '../../components/toast.js';
import { Button, QueryState, RecordsPager } from '../../components/ui/index.js';
import { amountDirection, shownDecimals, signed, type NetworkClosure } from '../../features/assets/rules.js';
import { currentLang } from '../../i18n/index.js';
import { formatNumber } from '../../lib/format.js';

/** Shared pieces of the asset centre's pages. */

/** A balance in its currency's decimals (at least 2), cut, grouped for the language. */
export function formatAmount(value: string, decimals: number, lang: Lang): string {
  return formatNumber(value, shownDecimals(value, decimals), lang);
}

/** A record amount with its sign, green for money in and red for money out. */
export function SignedAmount({ value, decimals, lang }: { value: string; decimals: number; lang: Lang }) {
  const direction = amountDirection(value);
  const text = signed(value);
  const shown = formatAmount(text.replace(/^\+/, ''), decimals, lang);
  return (
    <span
      className={`tabular-nums ${direction === 'up' ? 'text-up' : direction === 'down' ? 'text-down' : ''}`}
      data-amount={text}
    >
      {direction === 'up' ? `+${shown}` : shown}
    </span>
  );
}

/**
 * One column of a record's change (available or locked): signed and coloured, or a muted dash
 * when that balance did not move, so each column reconciles with its own balance.
 */
export function RecordChange({
  column,
  value,
  decimals,
  lang,
  suffix,
}: {
  column: 'available' | 'locked';
  value: string | null;
  decimals: number;
  lang: Lang;
  suffix?: React.ReactNode;
}) {
  return (
    <td className="px-2 py-1.5 text-right whitespace-nowrap" data-column={column}>
      {value === null ? (
        <span className="text-muted" aria-hidden="true">
          —
        </span>
      ) : (
        <>
          <SignedAmount value={value} decimals={decimals} lang={lang} />
          {suffix}
        </>
      )}
    </td>
  );
}

/** Copies a text and says so; the label names what is copied. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const toast = useToasts((state) => state.show);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      className="shrink-0 text-xs"
      aria-label={label}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => {
            setCopied(true);
            toast('success', t('assets.copied'));
          },
          () => toast('error', t('assets.copyFailed')),
        );
      }}
    >
      {copied ? t('assets.copiedShort') : t('assets.copy')}
    </Button>
  );
}

/** A labelled select of currencies, with "All" first when `all` is given. */
export function CurrencySelect({
  id,
  label,
  currencies,
  value,
  all,
  onChange,
}: {
  id: string;
  label: string;
  currencies: readonly { id: number; code: string }[];
  value: number | undefined;
  all?: boolean;
  onChange(id: number | undefined): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-muted">
        {label}
      </label>
      <select
        id={id}
        className="rounded border px-2 py-1 bg-page border-line text-ink"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      >
        {all && <option value="">{t('assets.all')}</option>}
        {currencies.map((currency) => (
          <option key={currency.id} value={currency.id}>
            {currency.code}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One page of records loaded by `query`, and the pager under it; `empty` says there are none. */
export function PagedRecords<T>({
  query,
  empty,
  page,
  onPage,
  children,
}: {
  query: { data: Paged<T> | undefined; isPending: boolean; isError: boolean; refetch(): unknown };
  empty: string;
  page: number;
  onPage(page: number): void;
  children(rows: T[]): React.ReactNode;
}) {
  return (
    <QueryState query={query} isEmpty={(data) => data.data.length === 0} empty={empty} skeleton={{ rows: 8 }}>
      {(data) => (
        <>
          {children(data.data)}
          <RecordsPager total={data.total} page={page} perPage={data.per_page} onPage={onPage} />
        </>
      )}
    </QueryState>
  );
}

/** The block explorer link of a transaction, or its hash shortened when there is none. */
export function TxLink({ hash, url }: { hash: string | null; url: string | null }) {
  const { t } = useTranslation();
  if (!hash) return <span className="text-muted">—</span>;
  const short = hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;
  if (!url) {
    return (
      <span className="font-mono" title={hash}>
        {short}
      </span>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer noopener"
      className="font-mono text-accent underline"
      aria-label={t('assets.viewTx', { hash: short })}
    >
      {short}
    </a>
  );
}

/** The frame of the charge and withdraw panels: a titled section with a close button; Escape closes. */
export function PanelFrame({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose(): void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLElement>(null);
  // Opening a panel takes the focus to it (below the table on a phone, it also comes into view).
  useEffect(() => frame.current?.focus(), []);
  return (
    <section
      ref={frame}
      tabIndex={-1}
      aria-labelledby="panel-title"
      // Focused only to move the reader here; it is not a control, so it draws no ring (important: the
      // global :focus-visible ring sits outside the utility layer).
      className="flex min-w-0 scroll-mt-16 flex-col gap-3 rounded-lg border border-line bg-panel p-4 text-sm outline-none!"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !(event.target instanceof HTMLDialogElement)) onClose();
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="panel-title" className="text-base font-semibold">
          {title}
        </h2>
        <Button onClick={onClose}>{t('assets.close')}</Button>
      </div>
      {children}
    </section>
  );
}

/**
 * A balance in a sentence: "Available 1,000.00 USDT". The figure carries `testId`, and with
 * `exposeValue` its exact value in data-value.
 */
export function BalanceFigure({
  label,
  amount,
  decimals,
  code,
  testId,
  exposeValue,
}: {
  label: string;
  amount: string;
  decimals: number;
  code: string;
  testId?: string;
  exposeValue?: boolean;
}) {
  return (
    <>
      {label}{' '}
      <span
        className="text-ink tabular-nums"
        data-testid={testId}
        data-value={exposeValue ? amount : undefined}
      >
        {formatAmount(amount, decimals, currentLang())}
      </span>{' '}
      {code}
    </>
  );
}

/** The available balance beside an amount field's label. */
export function AvailableAside(props: { amount: string; decimals: number; code: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className="text-xs text-muted">
      <BalanceFigure label={t('assets.available')} {...props} />
    </span>
  );
}

/** What a failed call says to the user: the server's words as they came, or the error itself. */
export function failureText(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}

/** Why this network takes no deposit or withdrawal now, said where the form would be. */
export function NetworkClosedNote({ closure, network }: { closure: NetworkClosure; network: string }) {
  const { t } = useTranslation();
  return (
    <p role="note" data-testid="network-closed" className="rounded border border-down p-3">
      {'reason' in closure ? closure.reason : t(closure.key, { network })}
    </p>
  );
}
