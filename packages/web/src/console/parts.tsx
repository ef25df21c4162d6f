import type { CallSpec, Paged, PayloadOf, ReplyOf, ReplyType } from '@oex/protocol';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Fragment, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { currentLang } from '../i18n/index.js';
import { formatExact, formatTime as formatExchangeTime } from '../lib/format.js';
import { ApiError } from '../api/http.js';
import { adminImage, callAdmin } from './api.js';
import { useAdminT } from './i18n.js';
import { DialogButtons, Pager, ProblemLine, type ButtonVariant } from '../components/ui/index.js';
import { Dialog, type DialogHandle } from '../components/ui/index.js';

/** Pieces the console's pages share: paged queries, dense tables, decision dialogs, images. */

/** The console's pager, with the shell's labels. */
export function AdminPager({
  page,
  last,
  onPage,
}: {
  page: number;
  last: number;
  onPage(next: number): void;
}) {
  const shell = useAdminT('shell');
  return (
    <Pager
      page={page}
      last={last}
      labels={{ pages: shell('pager.pages'), previous: shell('pager.previous'), next: shell('pager.next') }}
      onPage={onPage}
    />
  );
}

/** An action of a form or dialog: busy while it runs, the server's refusal shown, `done` after it worked. */
export function useAction<A extends unknown[]>(run: (...args: A) => Promise<unknown>, done?: () => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const act = async (...args: A) => {
    setBusy(true);
    setProblem(null);
    try {
      await run(...args);
      done?.();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, act };
}

/** An admin call that answers a page of rows of T (a review queue's list). */
export type PagedCall<T> = CallSpec & { reply: ReplyType<Paged<T>> };

/** One page of an admin list, by its contract entry; the previous page stays on screen while the next loads. */
export function useAdminPage<S extends CallSpec>(entry: S, params: PayloadOf<S>): UseQueryResult<ReplyOf<S>>;
/** A list whose rows are known only as T (a queue given its call): its page of T. */
export function useAdminPage<T>(
  entry: PagedCall<T>,
  params: Record<string, unknown>,
): UseQueryResult<Paged<T>>;
export function useAdminPage(entry: CallSpec, params: unknown): UseQueryResult<unknown> {
  return useQuery({
    queryKey: ['admin', entry.path, params],
    queryFn: () => callAdmin(entry, params as never, { quiet: true }),
    placeholderData: keepPreviousData,
  });
}

/** An exact amount as the console shows it: every digit, grouped, with the reader's decimal mark. */
export function formatAmount(value: string | number | null | undefined): string {
  return formatExact(value, currentLang());
}

/** A date and time in the exchange's zone, as on the web: `YYYY-MM-DD HH:mm` (`:ss` when asked). */
export function formatTime(ms: number | string | null | undefined, seconds = false): string {
  return formatExchangeTime(ms, seconds);
}

const NARROW = '(max-width: 767px)';

/** Whether the screen is phone-narrow: tables become one card per row there. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    () => window.matchMedia(NARROW).matches,
  );
}

export interface Column<T> {
  key: string;
  header: string;
  cell(row: T): ReactNode;
  /** Right-aligned, tabular figures (amounts). */
  numeric?: boolean;
}

/**
 * A dense table of rows; on a phone one card per row with each column as a labelled line. `selected`
 * marks the row whose detail is open; `expanded` draws more under a row (a full-width line).
 */
export function AdminTable<T>({
  label,
  columns,
  rows,
  rowKey,
  selected,
  expanded,
  testId,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T): string | number;
  selected?: string | number | null;
  expanded?(row: T): ReactNode;
  testId?: string;
}) {
  const narrow = useNarrow();
  if (narrow) {
    return (
      <ul aria-label={label} className="flex flex-col gap-2" data-testid={testId}>
        {rows.map((row) => (
          <li
            key={rowKey(row)}
            className={`rounded border bg-panel p-2 ${selected === rowKey(row) ? 'border-accent' : 'border-line'}`}
            data-row={rowKey(row)}
          >
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
              {columns.map((column) => (
                <div key={column.key} className="contents">
                  <dt className="text-muted">{column.header}</dt>
                  <dd className="min-w-0 break-words">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
            {expanded?.(row)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} className="w-full border-collapse text-left" data-testid={testId}>
        <thead>
          <tr className="text-muted">
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`border-b border-line px-2 py-1 font-normal whitespace-nowrap ${column.numeric ? 'text-right' : ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const more = expanded?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr data-row={rowKey(row)} className={selected === rowKey(row) ? 'bg-panel' : undefined}>
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={`border-b border-line px-2 py-1 align-top ${column.numeric ? 'text-right tabular-nums' : ''}`}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
                {more && (
                  <tr>
                    <td colSpan={columns.length} className="border-b border-line px-2 py-2">
                      {more}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The colours of a console form box (input, select, textarea); its size and shape stay with each box. */
export const fieldColours = 'border-line bg-page text-ink';

export interface DecisionTexts {
  title: string;
  confirm: string;
  cancel: string;
  /** The reason's label; without it the dialog only confirms. */
  reasonLabel?: string;
  /** Under the reason: who will read it. */
  reasonHint?: string;
}

/**
 * A confirmation before a decision the operator cannot take back, with the reason when one is
 * asked (`reasonRequired`: at least 3 characters). The server's refusal shows in the dialog.
 */
export function DecisionDialog({
  texts,
  summary,
  confirmVariant,
  reasonRequired = false,
  reasonMax = 500,
  onConfirm,
  onClose,
  testId,
}: {
  texts: DecisionTexts;
  summary?: ReactNode;
  /** The confirming button's filled look. */
  confirmVariant: Exclude<ButtonVariant, 'plain' | 'bare'>;
  reasonRequired?: boolean;
  reasonMax?: number;
  onConfirm(reason: string): Promise<unknown>;
  onClose(): void;
  testId: string;
}) {
  const ref = useRef<DialogHandle>(null);
  const titleId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const {
    busy,
    problem,
    act: confirm,
  } = useAction(
    () => onConfirm(reason.trim()),
    () => ref.current?.close(),
  );
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const tooShort = reasonRequired && reason.trim().length < 3;
  return (
    <Dialog
      ref={ref}
      labelledBy={titleId}
      className="w-[min(28rem,calc(100vw-2rem))]"
      onClose={onClose}
      testId={testId}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (!tooShort && !busy) void confirm();
        }}
      >
        <h2 id={titleId} className="mb-2 font-semibold">
          {texts.title}
        </h2>
        {summary && <div className="mb-3">{summary}</div>}
        {texts.reasonLabel && (
          <div className="mb-3 flex flex-col gap-1">
            <label htmlFor={reasonId}>{texts.reasonLabel}</label>
            <textarea
              id={reasonId}
              rows={3}
              maxLength={reasonMax}
              required={reasonRequired}
              aria-describedby={texts.reasonHint ? `${reasonId}-hint` : undefined}
              className={`w-full rounded border px-2 py-1 ${fieldColours}`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            {texts.reasonHint && (
              <span id={`${reasonId}-hint`} className="text-xs text-muted">
                {texts.reasonHint}
              </span>
            )}
          </div>
        )}
        <ProblemLine text={problem} testId={`${testId}-problem`} />
        <DialogButtons
          cancelText={texts.cancel}
          confirmText={texts.confirm}
          confirmVariant={confirmVariant}
          disabled={busy || tooShort}
          onCancel={() => ref.current?.close()}
        />
      </form>
    </Dialog>
  );
}

/**
 * An image behind the authenticated route, fetched with the operator's header into an object URL
 * (the token never goes into a URL); a click opens it full size in a new tab.
 */
export function ProtectedImage({
  path,
  alt,
  failedText,
  className = 'h-32 w-48',
}: {
  path: string;
  alt: string;
  failedText: string;
  className?: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let revoked = false;
    let objectUrl: string | null = null;
    setUrl(null);
    setFailed(false);
    adminImage(path.replace(/^\/?api\//, '')).then(
      (made) => {
        objectUrl = made;
        if (revoked) URL.revokeObjectURL(made);
        else setUrl(made);
      },
      () => !revoked && setFailed(true),
    );
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  const frame = `${className} flex items-center justify-center overflow-hidden rounded border`;
  if (failed) {
    return <span className={`${frame} border-line p-2 text-center text-xs text-muted`}>{failedText}</span>;
  }
  if (!url) {
    return (
      <span
        role="status"
        aria-label={alt}
        className={`${frame} border-line bg-panel motion-safe:animate-pulse`}
      />
    );
  }
  return (
    <a href={url} target="_blank" rel="noreferrer" className={`${frame} border-line`}>
      <img src={url} alt={alt} className="max-h-full max-w-full object-contain" />
    </a>
  );
}
