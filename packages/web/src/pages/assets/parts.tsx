import type { Lang, Paged } from '@oex/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { ScrollArea } from '../../components/ScrollArea.js';
import { QueryState } from '../../components/states.js';
import { useToasts } from '../../components/toast.js';
import {
  amountDirection,
  hasPages,
  lastPage,
  shownDecimals,
  signed,
  type NetworkClosure,
} from '../../features/assets/rules.js';
import { acceptDecimalInput } from '../../features/trade/form-rules.js';
import { currentLang } from '../../i18n/index.js';
import { formatNumber } from '../../lib/format.js';

/** Shared pieces of the asset centre's pages. */

export const inputStyle = { background: 'var(--bg)', borderColor: 'var(--border)', color: 'var(--text)' };
export const inputClass = 'w-full rounded border px-2 py-1.5';
export const buttonClass = 'rounded border px-3 py-1 disabled:opacity-50 aria-disabled:opacity-40';
export const primaryClass = 'rounded px-4 py-1.5 font-medium text-white disabled:opacity-60';
export const panelStyle = { background: 'var(--panel)', borderColor: 'var(--border)' };
export const borderStyle = { borderColor: 'var(--border)' };
export const muted = { color: 'var(--muted)' };

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
      className="tabular-nums"
      data-amount={text}
      style={{ color: direction === 'up' ? 'var(--up)' : direction === 'down' ? 'var(--down)' : undefined }}
    >
      {direction === 'up' ? `+${shown}` : shown}
    </span>
  );
}

/** Previous / page of pages / next, shown only past one page of 15 (spec 001 §2). */
export function Pager({
  total,
  page,
  perPage,
  onPage,
}: {
  total: number;
  page: number;
  perPage?: number;
  onPage(page: number): void;
}) {
  const { t } = useTranslation();
  if (!hasPages(total, perPage)) return null;
  const last = lastPage(total, perPage);
  return (
    <nav aria-label={t('assets.pages')} className="flex items-center justify-end gap-2 py-2 text-sm">
      <button
        type="button"
        className={buttonClass}
        style={borderStyle}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('assets.previous')}
      </button>
      <span className="tabular-nums" aria-live="polite">
        {t('assets.pageOf', { page, last })}
      </span>
      <button
        type="button"
        className={buttonClass}
        style={borderStyle}
        disabled={page >= last}
        onClick={() => onPage(page + 1)}
      >
        {t('assets.next')}
      </button>
    </nav>
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
    <button
      type="button"
      className={`${buttonClass} shrink-0 text-xs`}
      style={borderStyle}
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
    </button>
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
      <label htmlFor={id} style={muted}>
        {label}
      </label>
      <select
        id={id}
        className="rounded border px-2 py-1"
        style={inputStyle}
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

/** A table head cell; numbers are right-aligned. */
export function Th({ children, numeric }: { children: React.ReactNode; numeric?: boolean }) {
  return (
    <th
      scope="col"
      className={`px-2 py-1.5 font-normal ${numeric ? 'text-right' : 'text-left'}`}
      style={muted}
    >
      {children}
    </th>
  );
}

/** A column of a records table: its heading, right-aligned when it holds numbers. */
export interface Column {
  title: string;
  numeric?: boolean;
}

/**
 * A scrollable table of records: `columns` head it, `children` are its rows; `actionTitle` adds a
 * last column for a row's buttons, named for screen readers only. `className` sets its width and
 * text size.
 */
export function RecordTable({
  label,
  testId,
  className,
  columns,
  actionTitle,
  children,
}: {
  label: string;
  testId: string;
  className: string;
  columns: readonly Column[];
  actionTitle?: string;
  children: React.ReactNode;
}) {
  return (
    <ScrollArea label={label}>
      <table className={`w-full border-collapse ${className}`} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              // The columns are fixed, so their places are stable keys (two titles may read alike).
              <Th key={index} numeric={column.numeric}>
                {column.title}
              </Th>
            ))}
            {actionTitle !== undefined && (
              <th scope="col" className="px-2 py-1.5">
                <span className="sr-only">{actionTitle}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollArea>
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
          <Pager total={data.total} page={page} perPage={data.per_page} onPage={onPage} />
        </>
      )}
    </QueryState>
  );
}

/** The block explorer link of a transaction, or its hash shortened when there is none. */
export function TxLink({ hash, url }: { hash: string | null; url: string | null }) {
  const { t } = useTranslation();
  if (!hash) return <span style={muted}>—</span>;
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
      className="font-mono underline"
      style={{ color: 'var(--accent)' }}
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
      className="flex min-w-0 scroll-mt-16 flex-col gap-3 rounded-lg border p-4 text-sm"
      // Focused only to move the reader here; it is not a control, so it draws no ring.
      style={{ ...panelStyle, outline: 'none' }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !(event.target instanceof HTMLDialogElement)) onClose();
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="panel-title" className="text-base font-semibold">
          {title}
        </h2>
        <button type="button" className={buttonClass} style={borderStyle} onClick={onClose}>
          {t('assets.close')}
        </button>
      </div>
      {children}
    </section>
  );
}

/**
 * A labelled form field: the label names only its control (a wrapping label would add a select's
 * chosen option or a button's text to the name); `aside` sits at the label's end.
 */
export function Field({
  id,
  label,
  aside,
  className = 'flex flex-col gap-1',
  children,
}: {
  id: string;
  label: string;
  aside?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} style={muted}>
          {label}
        </label>
        {aside}
      </div>
      {children}
    </div>
  );
}

/** The two buttons of a confirmation dialog: cancel closes it, the red one does the irreversible thing. */
export function DialogActions({
  confirm,
  busy,
  onCancel,
  onConfirm,
}: {
  confirm: string;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-2">
      <button type="button" className={buttonClass} style={borderStyle} onClick={onCancel}>
        {t('assets.cancel')}
      </button>
      <button
        type="button"
        disabled={busy}
        className={primaryClass}
        style={{ background: 'var(--down-strong)' }}
        onClick={onConfirm}
      >
        {confirm}
      </button>
    </div>
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
        className="tabular-nums"
        style={{ color: 'var(--text)' }}
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
    <span className="text-xs" style={muted}>
      <BalanceFigure label={t('assets.available')} {...props} />
    </span>
  );
}

/** The "All" button of an amount field. */
export function AllButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`${buttonClass} shrink-0 whitespace-nowrap`}
      style={borderStyle}
      onClick={onClick}
    >
      {t('assets.all')}
    </button>
  );
}

/**
 * A labelled amount box with a button beside it (`action`): a keystroke that would make the text
 * something other than a decimal of at most `decimals` places is refused, the amount stays, and
 * `onRefused` is told why (translated); an accepted text goes to `onAmount`.
 */
export function AmountField({
  id,
  label,
  aside,
  decimals,
  value,
  placeholder,
  describedBy,
  action,
  onAmount,
  onRefused,
}: {
  id: string;
  label: string;
  aside?: React.ReactNode;
  decimals: number;
  value: string;
  placeholder?: string;
  describedBy?: string;
  action: React.ReactNode;
  onAmount(value: string): void;
  onRefused(problem: string): void;
}) {
  const { t } = useTranslation();
  return (
    <Field id={id} label={label} aside={aside}>
      <span className="flex gap-2">
        <input
          id={id}
          className={`${inputClass} text-right tabular-nums`}
          style={inputStyle}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          aria-describedby={describedBy}
          onChange={(event) => {
            const accepted = acceptDecimalInput(event.target.value, decimals);
            if ('value' in accepted) onAmount(accepted.value);
            else onRefused(t(accepted.refused.key, accepted.refused.params));
          }}
        />
        {action}
      </span>
    </Field>
  );
}

/** What a failed call says to the user: the server's words as they came, or the error itself. */
export function failureText(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}

/** A form's outcome line: an error (red, announced at once) or what was done (green). */
export interface FormNote {
  kind: 'error' | 'done';
  text: string;
}

/** The line under a form that says its outcome; it keeps its height when empty. */
export function FormNoteLine({ note }: { note: FormNote | null }) {
  return (
    <p
      role={note?.kind === 'error' ? 'alert' : 'status'}
      className="min-h-5 text-xs"
      style={{ color: note?.kind === 'error' ? 'var(--down)' : 'var(--up)' }}
    >
      {note?.text ?? ''}
    </p>
  );
}

/** A labelled select of numbered choices (currencies, networks, accounts). */
export function SelectField({
  id,
  label,
  className,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  className?: string;
  value: number;
  options: readonly { value: number; text: string }[];
  onChange(value: number): void;
}) {
  return (
    <Field id={id} label={label} className={className}>
      <select
        id={id}
        className={inputClass}
        style={inputStyle}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * A modal confirmation dialog (opened with showModal on `ref`): its title, what is about to be done
 * (`children`), then cancel, which closes it, and the `confirm` button.
 */
export function ConfirmDialog({
  ref,
  titleId,
  title,
  confirm,
  busy,
  onConfirm,
  onClose,
  children,
}: {
  ref: React.RefObject<HTMLDialogElement | null>;
  titleId: string;
  title: string;
  confirm: string;
  busy: boolean;
  onConfirm(): void;
  onClose?(): void;
  children: React.ReactNode;
}) {
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-lg border p-4 text-sm"
      style={inputStyle}
      onClose={onClose}
    >
      <h3 id={titleId} className="mb-2 font-semibold">
        {title}
      </h3>
      {children}
      <DialogActions
        confirm={confirm}
        busy={busy}
        onCancel={() => ref.current?.close()}
        onConfirm={onConfirm}
      />
    </dialog>
  );
}

/**
 * A labelled one-line text box (no autocomplete); `type` "password" hides what is typed and
 * `className` adds to the box's classes (an address's fixed-width face).
 */
export function TextField({
  id,
  label,
  value,
  maxLength,
  type,
  placeholder,
  className,
  spellCheck,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  type?: 'password';
  placeholder?: string;
  className?: string;
  spellCheck?: boolean;
  onChange(value: string): void;
}) {
  return (
    <Field id={id} label={label}>
      <input
        id={id}
        type={type}
        className={className ? `${inputClass} ${className}` : inputClass}
        style={inputStyle}
        value={value}
        maxLength={maxLength}
        autoComplete="off"
        spellCheck={spellCheck}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

/** A form's main button: it sends the form, greyed while `disabled`. */
export function SubmitButton({
  disabled,
  className,
  children,
}: {
  disabled: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="submit"
      disabled={disabled}
      className={className ? `${primaryClass} ${className}` : primaryClass}
      style={{ background: 'var(--accent-strong)' }}
    >
      {children}
    </button>
  );
}

/** Why this network takes no deposit or withdrawal now, said where the form would be. */
export function NetworkClosedNote({ closure, network }: { closure: NetworkClosure; network: string }) {
  const { t } = useTranslation();
  return (
    <p
      role="note"
      data-testid="network-closed"
      className="rounded border p-3"
      style={{ borderColor: 'var(--down)' }}
    >
      {'reason' in closure ? closure.reason : t(closure.key, { network })}
    </p>
  );
}
