import {
  Decimal,
  verifyUserProof,
  type ChainHoldingView,
  type LiabilityProofView,
  type LiabilitySnapshotView,
  type OperatorLogHeadView,
  type PublishedRoot,
  type TransparencyView,
  type VerifyStep,
} from '@oex/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInLinks } from '../../components/SignInLinks.js';
import { useExchangeTimeZone } from '../../features/content/news.js';
import { useSession } from '../../features/session.js';
import { useLiabilityProof, useTransparency } from '../../features/transparency/queries.js';
import { currentLang } from '../../i18n/index.js';
import { formatInZone } from '../../lib/format.js';
import { CopyButton } from '../assets/parts.js';
import { formatPlain } from '../micro/parts.js';
import { Button, Fact, QueryState, RecordTable } from '../../components/ui/index.js';

/**
 * Proof of liabilities (/transparency, docs/transparency.md): per currency what the exchange owes its users
 * (the total of a Merkle-sum tree over every balance, with its root), beside what its addresses hold
 * on chain where the wallet can read it, and the operator log's head. A signed-in user fetches
 * their own leaf and path and this page checks it with the protocol's verifier, the same code the
 * server builds the tree with, showing every step.
 */
export function TransparencyPage() {
  const { t } = useTranslation();
  const overview = useTransparency();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-3 text-sm sm:p-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-semibold">{t('transparency.title')}</h1>
        <p className="text-muted">{t('transparency.intro')}</p>
      </header>
      <QueryState query={overview} skeleton={{ rows: 6, rowClass: 'h-10' }}>
        {(view) => (
          <>
            <Liabilities view={view} onVerify={setChosen} />
            {chosen && <VerifyPanel currency={chosen} view={view} onClose={() => setChosen(null)} />}
            <OperatorLogHead head={view.operator_log} />
          </>
        )}
      </QueryState>
      <HowToVerify />
    </div>
  );
}

interface Row {
  currency: string;
  snapshot: LiabilitySnapshotView | null;
  holding: ChainHoldingView | null;
}

/** One row per currency that has a snapshot or a chain, in the snapshots' order. */
function rowsOf(view: TransparencyView): Row[] {
  const rows: Row[] = view.snapshots.map((snapshot) => ({
    currency: snapshot.currency,
    snapshot,
    holding: view.holdings.find((holding) => holding.currency === snapshot.currency) ?? null,
  }));
  for (const holding of view.holdings) {
    if (!rows.some((row) => row.currency === holding.currency))
      rows.push({ currency: holding.currency, snapshot: null, holding });
  }
  return rows;
}

// Figures on this page are shown exactly, every decimal place (formatPlain): a proof is about the last digit.
const hashClass = 'font-mono text-xs break-all';

/** A hash shortened for a table cell; the full text is in its title and copied by its button. */
function ShortHash({ hash }: { hash: string }) {
  return (
    <span className="font-mono text-xs" title={hash}>
      {hash.slice(0, 10)}…{hash.slice(-6)}
    </span>
  );
}

function Liabilities({ view, onVerify }: { view: TransparencyView; onVerify(currency: string): void }) {
  const { t } = useTranslation();
  const rows = rowsOf(view);
  return (
    <section aria-labelledby="transparency-liabilities" className="flex flex-col gap-2">
      <h2 id="transparency-liabilities" className="text-base font-semibold">
        {t('transparency.liabilities')}
      </h2>
      {view.snapshots.length === 0 && (
        <p role="note" className="rounded border p-3 border-line">
          {t('transparency.noSnapshot')}
        </p>
      )}
      <div className="hidden lg:block">
        <LiabilityTable rows={rows} onVerify={onVerify} />
      </div>
      <LiabilityCards rows={rows} onVerify={onVerify} />
      {view.snapshots.length > 0 && <SignInToVerify />}
      <p className="text-xs text-muted">
        {t('transparency.holdingsNote')} {t('transparency.includesMaker')}
      </p>
    </section>
  );
}

function LiabilityTable({ rows, onVerify }: { rows: Row[]; onVerify(currency: string): void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const cell = 'px-2 py-2 whitespace-nowrap align-top';
  const columns = [
    { title: t('transparency.columns.currency') },
    { title: t('transparency.columns.owed'), numeric: true },
    { title: t('transparency.columns.onChain'), numeric: true },
    { title: t('transparency.columns.balances'), numeric: true },
    { title: t('transparency.columns.snapshot') },
    { title: t('transparency.columns.root') },
  ];
  return (
    <RecordTable
      label={t('transparency.liabilities')}
      testId="transparency-table"
      className="text-sm"
      columns={columns}
      actionTitle={t('transparency.verify')}
    >
      {rows.map((row) => (
        <tr key={row.currency} className="border-t border-line" data-currency={row.currency}>
          <th scope="row" className={`${cell} text-left font-medium`}>
            {row.currency}
          </th>
          <td className={`${cell} text-right tabular-nums`}>
            {row.snapshot ? formatPlain(row.snapshot.total, lang) : '—'}
          </td>
          <td className="px-2 py-2 text-right align-top tabular-nums">
            <OnChain holding={row.holding} />
          </td>
          <td className={`${cell} text-right tabular-nums`}>{row.snapshot?.leaf_count ?? '—'}</td>
          <td className={cell}>{row.snapshot ? <SnapshotTime snapshot={row.snapshot} /> : '—'}</td>
          <td className={cell}>
            {row.snapshot && (
              <span className="flex items-center gap-2">
                <ShortHash hash={row.snapshot.root_hash} />
                <CopyButton
                  text={row.snapshot.root_hash}
                  label={t('transparency.copyRoot', { currency: row.currency })}
                />
              </span>
            )}
          </td>
          <td className={`${cell} text-right`}>
            {row.snapshot && <VerifyButton currency={row.currency} onVerify={onVerify} />}
          </td>
        </tr>
      ))}
    </RecordTable>
  );
}

/** The currencies on a phone or a tablet: one card each, the full root hash wrapped, the button in reach. */
function LiabilityCards({ rows, onVerify }: { rows: Row[]; onVerify(currency: string): void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <ul
      className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:hidden"
      aria-label={t('transparency.liabilities')}
    >
      {rows.map((row) => (
        <li key={row.currency} className="rounded border p-3 border-line" data-currency={row.currency}>
          <h3 className="mb-2 font-medium">{row.currency}</h3>
          <dl className="mb-2 flex flex-col gap-1 text-xs">
            <Fact term={t('transparency.columns.owed')}>
              {row.snapshot ? formatPlain(row.snapshot.total, lang) : '—'}
            </Fact>
            <Fact term={t('transparency.columns.onChain')}>
              <OnChain holding={row.holding} />
            </Fact>
            <Fact term={t('transparency.columns.balances')}>{row.snapshot?.leaf_count ?? '—'}</Fact>
            <Fact term={t('transparency.columns.snapshot')}>
              {row.snapshot ? <SnapshotTime snapshot={row.snapshot} /> : '—'}
            </Fact>
          </dl>
          {row.snapshot && (
            <>
              <p className="mb-1 text-xs text-muted">{t('transparency.columns.root')}</p>
              <div className="mb-2 flex items-start gap-2">
                <code className={`${hashClass} min-w-0 flex-1`}>{row.snapshot.root_hash}</code>
                <CopyButton
                  text={row.snapshot.root_hash}
                  label={t('transparency.copyRoot', { currency: row.currency })}
                />
              </div>
              <VerifyButton currency={row.currency} onVerify={onVerify} className="w-full py-1.5" />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A visitor is told how to verify their own balance. */
function SignInToVerify() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  if (token) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded border p-3 border-line">
      <p>{t('transparency.signIn')}</p>
      <SignInLinks redirect="/transparency" />
    </div>
  );
}

/** What the chain holds, or plainly that it is not known and why. */
function OnChain({ holding }: { holding: ChainHoldingView | null }) {
  const { t } = useTranslation();
  const lang = currentLang();
  if (!holding) return <span className="text-muted">{t('transparency.noChain')}</span>;
  if (holding.on_chain === null) {
    const missing = holding.networks.filter((network) => !network.available).map((n) => n.chain);
    return (
      <span className="text-muted">
        {t('transparency.notKnown')}
        <span className="block text-xs whitespace-normal">
          {t('transparency.notConnected', { chains: missing.join(', ') })}
        </span>
      </span>
    );
  }
  return <>{formatPlain(holding.on_chain, lang)}</>;
}

/** The instant the balances were read; a daily snapshot taken late says when it was due. */
function SnapshotTime({ snapshot }: { snapshot: LiabilitySnapshotView }) {
  const { t } = useTranslation();
  const zone = useExchangeTimeZone();
  const late = snapshot.due_at !== null && snapshot.taken_at - snapshot.due_at > 60_000;
  return (
    <span className="tabular-nums">
      {formatInZone(snapshot.taken_at, zone, true)}
      {late && (
        <span className="block text-xs whitespace-normal text-muted">
          {t('transparency.dueNote', { time: formatInZone(snapshot.due_at!, zone) })}
        </span>
      )}
    </span>
  );
}

function VerifyButton({
  currency,
  onVerify,
  className = 'px-3 py-1',
}: {
  currency: string;
  onVerify(currency: string): void;
  className?: string;
}) {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  if (!token) return null;
  return (
    <Button
      variant="primary"
      size="fit"
      aria-label={t('transparency.verifyName', { currency })}
      className={className}
      onClick={() => onVerify(currency)}
    >
      {t('transparency.verify')}
    </Button>
  );
}

/**
 * The caller's proof, checked here in the browser: against the root published on this page (the
 * same for everyone, and in the day's notice), not against anything the proof call says of itself.
 */
function VerifyPanel({
  currency,
  view,
  onClose,
}: {
  currency: string;
  view: TransparencyView;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const proof = useLiabilityProof(currency);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'nearest' });
  }, [currency]);
  return (
    <section
      aria-labelledby="transparency-verify"
      className="flex flex-col gap-2 rounded border p-3 border-line bg-panel"
      data-testid="transparency-verify"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="transparency-verify" ref={heading} tabIndex={-1} className="font-semibold outline-none!">
          {t('transparency.verifyTitle', { currency })}
        </h2>
        <Button className="text-xs" onClick={onClose}>
          {t('transparency.close')}
        </Button>
      </div>
      <div aria-live="polite">
        {proof.isPending && <p className="text-muted">{t('transparency.fetching')}</p>}
        {proof.isError && (
          <p role="alert" className="text-muted">
            {proof.error.message}
          </p>
        )}
        {proof.data && <ProofSteps proof={proof.data} published={publishedRoot(view, proof.data)} />}
      </div>
    </section>
  );
}

/** The root to check against: the one on the page when the proof is of that snapshot. */
function publishedRoot(view: TransparencyView, proof: LiabilityProofView): PublishedRoot {
  const shown = view.snapshots.find((snapshot) => snapshot.id === proof.snapshot.id);
  const snapshot = shown ?? proof.snapshot;
  return { root_hash: snapshot.root_hash, total: snapshot.total, leaf_count: snapshot.leaf_count };
}

function Mark({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block w-5 shrink-0 text-center font-bold ${ok ? 'text-up' : 'text-down'}`}>
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span>
      <span className="sr-only">{ok ? t('transparency.passed') : t('transparency.failedStep')}</span>
    </span>
  );
}

function ProofSteps({ proof, published }: { proof: LiabilityProofView; published: PublishedRoot }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const zone = useExchangeTimeZone();
  const result = verifyUserProof(proof, published);
  const currency = proof.snapshot.currency;
  const amount = (value: string) => `${formatPlain(value, lang)} ${currency}`;
  const sumOk = result.sum !== null && Decimal.parse(result.sum).eq(Decimal.parse(proof.balance));
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-xs sm:grid-cols-2">
        <Fact term={t('transparency.snapshotOf')}>{formatInZone(proof.snapshot.taken_at, zone, true)}</Fact>
        <Fact term={t('transparency.userId')}>{proof.user_id}</Fact>
        <Fact term={t('transparency.yourBalance')}>{amount(proof.balance)}</Fact>
      </dl>
      <p className="text-xs text-muted">{t('transparency.yourLeaves', { count: proof.leaves.length })}</p>
      {proof.leaves.map((leaf, i) => (
        <section
          key={leaf.index}
          className="flex flex-col gap-1 rounded border p-2 border-line"
          data-testid="transparency-leaf"
          aria-label={t('transparency.leafTitle', {
            index: leaf.index + 1,
            total: published.leaf_count,
            amount: amount(leaf.balance),
          })}
        >
          <h3 className="text-xs font-semibold">
            {t('transparency.leafTitle', {
              index: leaf.index + 1,
              total: published.leaf_count,
              amount: amount(leaf.balance),
            })}
          </h3>
          <p className="text-xs">
            <span className="text-muted">{t('transparency.salt')}: </span>
            <code className={hashClass}>{leaf.salt}</code>
          </p>
          <ol className="flex flex-col gap-1.5" data-testid="transparency-steps">
            {result.leaves[i]!.steps.map((step, index) => (
              <li key={index} className="flex gap-2" data-ok={step.ok}>
                <Mark ok={step.ok} />
                <span className="min-w-0">
                  <StepText step={step} amount={amount} />
                </span>
              </li>
            ))}
          </ol>
        </section>
      ))}
      <p className="flex gap-2 text-xs" data-testid="transparency-sum" data-ok={sumOk}>
        <Mark ok={sumOk} />
        <span>
          {sumOk
            ? t('transparency.leavesSumOk', { count: proof.leaves.length, sum: amount(result.sum!) })
            : t('transparency.leavesSumBad', {
                sum: result.sum === null ? '—' : amount(result.sum),
                balance: amount(proof.balance),
              })}
        </span>
      </p>
      <p
        role="status"
        data-testid="transparency-result"
        data-ok={result.ok}
        className={`flex gap-2 rounded border p-2 font-medium ${result.ok ? 'border-up' : 'border-down'}`}
      >
        <Mark ok={result.ok} />
        <span>
          {result.ok
            ? t('transparency.ok', {
                balance: formatPlain(proof.balance, lang),
                total: formatPlain(published.total, lang),
                currency,
              })
            : t('transparency.notVerified', { reason: t(`transparency.problems.${result.problem!}`) })}
        </span>
      </p>
    </div>
  );
}

function StepText({ step, amount }: { step: VerifyStep; amount(value: string): string }) {
  const { t } = useTranslation();
  const hash = (text: string) => <code className={hashClass}>{text}</code>;
  switch (step.kind) {
    case 'leaf':
      return (
        <>
          {t('transparency.steps.leaf', { balance: amount(step.sum) })} {hash(step.hash)}
        </>
      );
    case 'level':
      return (
        <>
          {t('transparency.steps.level', {
            level: step.level,
            side: t(`transparency.steps.${step.sibling.side}`),
            sibling: amount(step.sibling.sum),
            sum: amount(step.sum),
          })}{' '}
          {hash(step.hash)}
        </>
      );
    case 'root_hash':
      return step.ok ? (
        <>
          {t('transparency.steps.rootOk')} {hash(step.published)}
        </>
      ) : (
        <>
          {t('transparency.steps.rootBad')} {hash(step.computed)} ≠ {hash(step.published)}
        </>
      );
    case 'total':
      return (
        <>
          {step.ok
            ? t('transparency.steps.totalOk', { total: amount(step.computed) })
            : t('transparency.steps.totalBad', {
                computed: amount(step.computed),
                published: amount(step.published),
              })}
        </>
      );
  }
}

function OperatorLogHead({ head }: { head: OperatorLogHeadView | null }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="transparency-log"
      className="flex flex-col gap-1 rounded border p-3 border-line"
    >
      <h2 id="transparency-log" className="font-semibold">
        {t('transparency.operatorLog')}
      </h2>
      <p className="text-xs text-muted">{t('transparency.operatorLogNote')}</p>
      {head ? (
        <div className="flex items-start gap-2" data-testid="transparency-log-head">
          <span className="shrink-0 tabular-nums">{t('transparency.logEntry', { id: head.id })}</span>
          <code className={`${hashClass} min-w-0 flex-1`}>{head.hash}</code>
          <CopyButton text={head.hash} label={t('transparency.copyLog')} />
        </div>
      ) : (
        <p className="text-muted">{t('transparency.logEmpty')}</p>
      )}
    </section>
  );
}

/** The encoding of the tree, as the protocol module writes it: code, the same in every language. */
const ENCODING = `field(b)  = uint32 big-endian length of b ‖ b
text(s)   = field(UTF-8 of s)
amount(d) = text(canonical decimal: "0", "12.5", never "12.50")

leaf = SHA-256(text("oex/liabilities/leaf/v1") ‖ text(user_id) ‖ field(salt, 32 bytes) ‖ amount(balance))
node = SHA-256(text("oex/liabilities/node/v1") ‖ field(left.hash) ‖ amount(left.sum)
                                              ‖ field(right.hash) ‖ amount(right.sum))
node.sum = left.sum + right.sum      (never negative)
padding  = SHA-256(text("oex/liabilities/padding/v1")), sum 0: the partner of a last odd node`;

function HowToVerify() {
  const { t } = useTranslation();
  const steps = ['one', 'two', 'three', 'four'] as const;
  return (
    <section
      aria-labelledby="transparency-how"
      className="flex flex-col gap-2 rounded border p-3 border-line"
    >
      <h2 id="transparency-how" className="font-semibold">
        {t('transparency.howTitle')}
      </h2>
      <ol className="ml-5 flex list-decimal flex-col gap-1">
        {steps.map((step) => (
          <li key={step}>{t(`transparency.how.${step}`)}</li>
        ))}
      </ol>
      <h3 className="mt-1 text-xs font-semibold">{t('transparency.encodingTitle')}</h3>
      <pre
        tabIndex={0}
        aria-label={t('transparency.encodingTitle')}
        className="overflow-x-auto rounded p-2 font-mono text-xs bg-panel"
      >
        {ENCODING}
      </pre>
    </section>
  );
}
