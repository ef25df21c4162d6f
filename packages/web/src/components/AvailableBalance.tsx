import { Decimal } from '@oex/protocol';
import { Link } from 'react-router';

/** The words of an available balance line, in the account's own terms. */
export interface AvailableBalanceLabels {
  available: string;
  transferIn: string;
  /** Said under the line when the balance is zero. */
  empty: string;
}

/** An account's available balance (the exact value in data-value), with a way in (a filled button when it is empty). */
export function AvailableBalance({
  balance,
  code,
  transferHref,
  labels,
  shown,
  testId,
}: {
  balance: string | null;
  /** The balance as the page writes it (grouped, its places). */
  shown: string;
  code: string;
  transferHref: string;
  labels: AvailableBalanceLabels;
  testId: string;
}) {
  const empty = balance !== null && Decimal.tryParse(balance)?.isZero() === true;
  return (
    <div className="flex flex-col gap-1 text-xs">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-muted">
          {labels.available}{' '}
          <span className="tabular-nums text-ink" data-testid={testId} data-value={balance ?? ''}>
            {shown}
          </span>{' '}
          {code}
        </span>
        <Link
          to={transferHref}
          className={
            empty ? 'rounded bg-accent-strong px-2 py-0.5 font-medium text-white' : 'text-accent underline'
          }
        >
          {labels.transferIn}
        </Link>
      </p>
      {empty && <p className="text-muted">{labels.empty}</p>}
    </div>
  );
}
