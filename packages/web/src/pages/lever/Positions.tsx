import {
  LEVER_LONG,
  LEVER_SHORT,
  LeverStatus,
  type Lang,
  type LeverPositionView,
  type LeverView,
  type MarketView,
  type Paged,
} from '@oex/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import {
  PositionRow,
  PositionsHead,
  positionCell,
  positionNumeric,
  PositionsSection,
} from '../../components/PositionsTable.js';
import { ScrollArea } from '../../components/ScrollArea.js';
import { useExchangeTimeZone } from '../../features/content/news.js';
import {
  batchCloseLever,
  cancelLever,
  closeLever,
  leverKeys,
  setLeverStops,
  useLeverChanged,
  useLeverList,
} from '../../features/lever/queries.js';
import {
  actionsOf,
  closedReasonKey,
  expectedAt,
  MARKET_VIEWS,
  statusKey,
  stopProblem,
  stopText,
  VIEWS,
  withStops,
} from '../../features/lever/rules.js';
import { currentLang } from '../../i18n/index.js';
import { formatInZone, PRICE_DECIMALS } from '../../lib/format.js';
import { hintOf, readTyped, toInputText } from '../../lib/parse-number.js';
import { formatAmount, formatMark, Profit, SideLabel } from './parts.js';
import { VerifyDialog } from './VerifyDialog.js';
import type { TextKey } from '../../i18n/catalogs.js';
import {
  Button,
  Dialog,
  DialogButtons,
  Fact,
  inputClass,
  ListStatus,
  Pager,
  ProblemLine,
  Tabs,
} from '../../components/ui/index.js';

/** The exchange's zone until the settings say otherwise (Asia/Shanghai, the spec's). */

const OPEN_COLUMNS = [
  'symbol',
  'side',
  'profit',
  'hands',
  'multiple',
  'entry',
  'mark',
  'margin',
  'fee',
  'overnight',
  'stops',
  'time',
] as const;
const PENDING_COLUMNS = [
  'symbol',
  'side',
  'hands',
  'multiple',
  'target',
  'mark',
  'margin',
  'fee',
  'time',
] as const;
const CLOSED_COLUMNS = [
  'symbol',
  'side',
  'profit',
  'hands',
  'multiple',
  'entry',
  'closePrice',
  'margin',
  'fee',
  'overnight',
  'state',
  'closedAt',
] as const;
type Column =
  (typeof OPEN_COLUMNS)[number] | (typeof PENDING_COLUMNS)[number] | (typeof CLOSED_COLUMNS)[number];
const TEXT_COLUMNS = new Set<Column>(['symbol', 'side', 'state', 'time', 'closedAt']);

const columnsOf = (view: LeverView): readonly Column[] =>
  view === 3 ? CLOSED_COLUMNS : view === 0 || view === 6 ? PENDING_COLUMNS : OPEN_COLUMNS;

type Act = { kind: 'close' | 'cancel' | 'stops'; id: number };

interface RowContext {
  lang: Lang;
  timeZone: string;
  decimalsOf(matchId: number): number;
}

/** A position's cell of one column. */
function Cell({
  column,
  position,
  context,
}: {
  column: Column;
  position: LeverPositionView;
  context: RowContext;
}) {
  const { t } = useTranslation();
  const { lang, timeZone } = context;
  const decimals = context.decimalsOf(position.currency_match_id);
  const price = (value: string | null) => formatMark(value, lang, decimals);
  const money = (value: string) => formatAmount(value, lang);
  const zeroAsDash = (value: string) => (value === '0' || !value ? '—' : price(value));
  switch (column) {
    case 'symbol':
      return <td className={positionCell}>{position.symbol}</td>;
    case 'side':
      return (
        <td className={positionCell}>
          <SideLabel side={position.type} />
        </td>
      );
    case 'profit': {
      // A loss past the user's margin and balance: what the user lost, and what insurance covered.
      const covered = position.insurance_cover !== '0' && position.insurance_cover !== undefined;
      return (
        <td className={positionNumeric} data-testid="profit">
          <Profit value={covered ? `-${position.user_loss}` : position.profits} lang={lang} />
          {covered && (
            <span className="block text-xs text-muted" data-testid="insurance-cover">
              {t('lever.insuranceCovered', { amount: money(position.insurance_cover) })}
            </span>
          )}
        </td>
      );
    }
    case 'hands':
      return <td className={positionNumeric}>{position.share}</td>;
    case 'multiple':
      return <td className={positionNumeric}>{`${position.multiple}×`}</td>;
    case 'entry':
      return <td className={positionNumeric}>{price(position.price)}</td>;
    case 'target':
      return <td className={positionNumeric}>{price(position.target_price)}</td>;
    case 'mark':
      return (
        <td className={positionNumeric} data-testid="mark" data-value={position.update_price}>
          {price(position.update_price)}
        </td>
      );
    case 'closePrice':
      return <td className={positionNumeric}>{price(position.close_price)}</td>;
    case 'margin':
      return (
        <td className={positionNumeric} data-testid="margin" data-value={position.caution_money}>
          {money(position.status === 3 ? position.origin_caution_money : position.caution_money)}
        </td>
      );
    case 'fee':
      return (
        <td className={positionNumeric} data-testid="fee" data-value={position.trade_fee}>
          {money(position.trade_fee)}
        </td>
      );
    case 'overnight':
      return <td className={positionNumeric}>{money(position.overnight_money)}</td>;
    case 'stops':
      return (
        <td
          className={positionNumeric}
          data-testid="stops"
          data-tp={position.target_profit_price}
          data-sl={position.stop_loss_price}
        >
          <span className={position.target_profit_price === '0' ? undefined : 'text-up'}>
            {zeroAsDash(position.target_profit_price)}
          </span>
          <span className="text-muted"> / </span>
          <span className={position.stop_loss_price === '0' ? undefined : 'text-down'}>
            {zeroAsDash(position.stop_loss_price)}
          </span>
        </td>
      );
    case 'state': {
      const reason = closedReasonKey(position);
      return (
        <td className={positionCell}>
          {t(statusKey(position))}
          {reason && <span className="text-muted">{` · ${t(reason)}`}</span>}
        </td>
      );
    }
    case 'time':
      return (
        <td className={positionCell}>
          {formatInZone(position.transaction_time ?? position.time, timeZone, true)}
        </td>
      );
    case 'closedAt':
      return (
        <td className={positionCell}>
          {formatInZone(position.complete_time ?? position.transaction_time ?? position.time, timeZone, true)}
        </td>
      );
  }
}

/** A row's buttons, in this order, each shown when the position allows it; stops in the accent colour. */
const ROW_ACTIONS: readonly { kind: Act['kind']; label: TextKey; text: TextKey; accent: boolean }[] = [
  { kind: 'stops', label: 'lever.stopsOf', text: 'lever.stops', accent: true },
  { kind: 'close', label: 'lever.closeOf', text: 'lever.close', accent: false },
  { kind: 'cancel', label: 'lever.cancelOf', text: 'lever.cancelOrder', accent: false },
];

function Row({
  position,
  columns,
  context,
  onAct,
  onVerify,
}: {
  position: LeverPositionView;
  columns: readonly Column[];
  context: RowContext;
  onAct(act: Act): void;
  onVerify(id: number): void;
}) {
  const { t } = useTranslation();
  const actions = actionsOf(position);
  // A closed position can be checked against the tape rows whose marks opened and closed it.
  const verifiable = position.status === LeverStatus.CLOSED;
  const any = actions.close || actions.cancel || actions.stops || verifiable;
  return (
    <PositionRow data-position-id={position.id} data-status={position.status}>
      {columns.map((column) => (
        <Cell key={column} column={column} position={position} context={context} />
      ))}
      {any && (
        // Kept in view at the right edge while the row scrolls sideways (a phone shows a few columns).
        <td className={`${positionCell} sticky right-0 bg-page text-right`}>
          <div className="flex justify-end gap-1">
            {ROW_ACTIONS.map(({ kind, label, text, accent }) =>
              actions[kind] ? (
                <Button
                  key={kind}
                  size="sm"
                  className={accent ? 'text-accent' : undefined}
                  aria-label={t(label, { id: position.id })}
                  onClick={() => onAct({ kind, id: position.id })}
                >
                  {t(text)}
                </Button>
              ) : null,
            )}
            {verifiable && (
              <Button
                size="sm"
                className="text-accent"
                aria-label={t('lever.verify.actionOf', { id: position.id })}
                onClick={() => onVerify(position.id)}
              >
                {t('lever.verify.action')}
              </Button>
            )}
          </div>
        </td>
      )}
    </PositionRow>
  );
}

/** Runs one server action for a dialog: busy while it runs, the server's words when it is refused. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setProblem(null);
    try {
      await action();
      return true;
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, run };
}

/** Closing a position or cancelling a pending order, confirmed first. */
function ActDialog({
  act,
  position,
  context,
  onClose,
}: {
  act: Act | null;
  position: LeverPositionView | undefined;
  context: RowContext;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const changed = useLeverChanged();
  const { busy, problem, setProblem, run } = useAction();
  const open = act !== null && act.kind !== 'stops' && position !== undefined;
  const closing = act?.kind === 'close';
  const done = () => {
    setProblem(null);
    onClose();
  };
  return (
    <Dialog open={open} labelledBy="lever-act-title" onClose={done}>
      {position && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void run(() => (closing ? closeLever(position.id) : cancelLever(position.id))).then((ok) => {
              changed();
              if (ok) done();
            });
          }}
        >
          <h2 id="lever-act-title" className="mb-3 font-semibold">
            {t(closing ? 'lever.closeTitle' : 'lever.cancelTitle', { symbol: position.symbol })}
          </h2>
          <dl className="mb-3 flex flex-col gap-1 text-xs">
            <Fact term={t('lever.columns.side')}>
              <SideLabel side={position.type} />
            </Fact>
            <Fact term={t('lever.columns.hands')}>{`${position.share} · ${position.multiple}×`}</Fact>
            <Fact term={t('lever.columns.mark')}>
              {formatMark(
                position.update_price,
                context.lang,
                context.decimalsOf(position.currency_match_id),
              )}
            </Fact>
            {closing && (
              <Fact term={t('lever.profitNow')}>
                <Profit
                  value={position.profits}
                  lang={context.lang}
                  currency={position.quote_currency_code}
                />
              </Fact>
            )}
          </dl>
          <p className="mb-3 text-xs text-muted">{t(closing ? 'lever.closeNote' : 'lever.cancelNote')}</p>
          <ProblemLine text={problem} testId="lever-act-problem" />
          <DialogButtons
            cancelText={t('lever.cancel')}
            confirmText={t(closing ? 'lever.close' : 'lever.cancelOrder')}
            confirmVariant={closing ? 'down' : 'primary'}
            disabled={busy}
            onCancel={done}
          />
        </form>
      )}
    </Dialog>
  );
}

/** Take-profit and stop-loss: checked against the mark now; 0 or empty clears one. */
function StopsForm({
  position,
  context,
  onDone,
}: {
  position: LeverPositionView;
  context: RowContext;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const tpId = useId();
  const slId = useId();
  const { busy, problem, setProblem, run } = useAction();
  const initial = (value: string) => (value && value !== '0' ? toInputText(value, currentLang()) : '');
  // The fields start from the position's stops each time the dialog opens for it.
  const [values, setValues] = useState({
    tp: initial(position.target_profit_price),
    sl: initial(position.stop_loss_price),
  });
  const decimals = context.decimalsOf(position.currency_match_id);
  const currency = position.quote_currency_code;
  const long = position.type === LEVER_LONG;
  // The stops as typed, read with the reader's marks (parse-number); the text is never rewritten.
  const lang = currentLang();
  const typed = { tp: readTyped(values.tp, lang), sl: readTyped(values.sl, lang) };
  const plain = { tp: typed.tp.value, sl: typed.sl.value };
  const save = () => {
    const notNumber = typed.tp.problem ?? typed.sl.problem;
    if (notNumber) {
      const hint = hintOf(notNumber, lang);
      return setProblem(t(hint.key, hint.params));
    }
    const refusal = stopProblem(position.type, position.update_price, plain.tp, plain.sl, decimals);
    if (refusal) return setProblem(t(refusal.key, refusal.params));
    const stops = {
      target_profit_price: stopText(plain.tp, decimals),
      stop_loss_price: stopText(plain.sl, decimals),
    };
    void run(() => setLeverStops(position.id, stops)).then((ok) => {
      if (!ok) return;
      for (const [key] of client.getQueriesData<Paged<LeverPositionView>>({ queryKey: leverKeys.lists })) {
        client.setQueryData<Paged<LeverPositionView>>(key, (page) =>
          page ? withStops(page, position.id, stops) : page,
        );
      }
      void client.invalidateQueries({ queryKey: leverKeys.lists });
      onDone();
    });
  };
  const field = (id: string, key: 'tp' | 'sl') => {
    const kind = key === 'tp' ? 'profit' : 'loss';
    const expected = expectedAt(kind, position.type, position.price, plain[key], position.number);
    const hint =
      key === 'tp'
        ? t(long ? 'lever.tpHintLong' : 'lever.tpHintShort')
        : t(long ? 'lever.slHintLong' : 'lever.slHintShort');
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id}>{t(key === 'tp' ? 'lever.takeProfit' : 'lever.stopLoss')}</label>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={values[key]}
          placeholder="0"
          onChange={(event) => setValues({ ...values, [key]: event.target.value.trim() })}
          className={`${inputClass} text-right tabular-nums`}
          aria-describedby={`${id}-hint`}
        />
        <p
          id={`${id}-hint`}
          className="flex flex-wrap justify-between gap-x-2 text-[11px] leading-4 text-muted"
        >
          <span>{hint}</span>
          <span>
            {t(kind === 'profit' ? 'lever.expectedProfit' : 'lever.expectedLoss')}{' '}
            <span data-testid={`expected-${kind}`}>
              <Profit value={expected} lang={context.lang} currency={currency} />
            </span>
          </span>
        </p>
      </div>
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <h2 id="lever-stops-title" className="mb-3 font-semibold">
        {t('lever.stopsTitle', { symbol: position.symbol })}
      </h2>
      <dl className="mb-3 flex flex-col gap-1 text-xs">
        <Fact term={t('lever.columns.side')}>
          <SideLabel side={position.type} />
        </Fact>
        <Fact term={t('lever.columns.entry')}>{formatMark(position.price, context.lang, decimals)}</Fact>
        <Fact term={t('lever.columns.mark')} testId="stops-mark">
          {formatMark(position.update_price, context.lang, decimals)}
        </Fact>
      </dl>
      <div className="mb-3 flex flex-col gap-3 text-xs">
        {field(tpId, 'tp')}
        {field(slId, 'sl')}
      </div>
      <p className="mb-3 text-xs text-muted">{t('lever.stopsNote')}</p>
      <ProblemLine text={problem} testId="lever-stops-problem" />
      <DialogButtons
        cancelText={t('lever.cancel')}
        confirmText={t('lever.save')}
        confirmVariant="primary"
        disabled={busy}
        onCancel={onDone}
      />
    </form>
  );
}

function StopsDialog({
  position,
  context,
  onClose,
}: {
  position: LeverPositionView | undefined;
  context: RowContext;
  onClose(): void;
}) {
  return (
    <Dialog open={position !== undefined} labelledBy="lever-stops-title" onClose={onClose}>
      {position && <StopsForm position={position} context={context} onDone={onClose} />}
    </Dialog>
  );
}

/** Close-all: every open position, the longs or the shorts, of this market or all. */
function BatchDialog({
  open,
  market,
  onlyMarket,
  onClose,
}: {
  open: boolean;
  market: MarketView;
  onlyMarket: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const changed = useLeverChanged();
  const onlyId = useId();
  const { busy, problem, setProblem, run } = useAction();
  const [type, setType] = useState<0 | 1 | 2>(0);
  const [only, setOnly] = useState<boolean | null>(null);
  const scoped = only ?? onlyMarket;
  const done = () => {
    setType(0);
    setOnly(null);
    setProblem(null);
    onClose();
  };
  return (
    <Dialog open={open} labelledBy="lever-batch-title" onClose={done}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => batchCloseLever(type, scoped ? market.id : null)).then((ok) => {
            changed();
            if (ok) done();
          });
        }}
      >
        <h2 id="lever-batch-title" className="mb-3 font-semibold">
          {t('lever.batchTitle')}
        </h2>
        <fieldset className="mb-3 flex flex-col gap-1.5 text-sm">
          <legend className="mb-1 text-xs text-muted">{t('lever.batchWhich')}</legend>
          {([0, LEVER_LONG, LEVER_SHORT] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="lever-batch"
                checked={type === value}
                onChange={() => setType(value)}
              />
              {t(
                value === 0
                  ? 'lever.batchAll'
                  : value === LEVER_LONG
                    ? 'lever.batchLong'
                    : 'lever.batchShort',
              )}
            </label>
          ))}
        </fieldset>
        <label htmlFor={onlyId} className="mb-3 flex items-center gap-2 text-sm">
          <input
            id={onlyId}
            type="checkbox"
            checked={scoped}
            onChange={(event) => setOnly(event.target.checked)}
          />
          {t('lever.onlyMarket', { symbol: market.symbol })}
        </label>
        <p className="mb-3 text-xs text-muted">{t('lever.batchNote')}</p>
        <ProblemLine text={problem} testId="lever-batch-problem" />
        <DialogButtons
          cancelText={t('lever.cancel')}
          confirmText={t('lever.closeAll')}
          confirmVariant="down"
          disabled={busy}
          onCancel={done}
        />
      </form>
    </Dialog>
  );
}

/** Which view the positions show and its page (the page's owner sets it too, after a new order). */
export interface PositionsView {
  view: LeverView;
  page: number;
}

const VIEW_TEXT: Record<LeverView, TextKey> = {
  5: 'lever.views.current',
  1: 'lever.views.allOpen',
  0: 'lever.views.allPending',
  3: 'lever.views.allClosed',
  6: 'lever.views.delegation',
};
const EMPTY_TEXT: Record<LeverView, TextKey> = {
  5: 'lever.emptyViews.current',
  1: 'lever.emptyViews.allOpen',
  0: 'lever.emptyViews.allPending',
  3: 'lever.emptyViews.allClosed',
  6: 'lever.emptyViews.delegation',
};

/**
 * The positions (docs/leverage.md): the five views, 10 a page, with close, cancel, take-profit and
 * stop-loss, and close-all; switching a view goes back to page 1. The rows are live.
 */
export function Positions({
  market,
  markets,
  view: shown,
  onView,
}: {
  market: MarketView;
  markets: readonly MarketView[];
  view: PositionsView;
  onView(view: PositionsView): void;
}) {
  const { t } = useTranslation();
  const pagerLabels = { pages: t('lever.pages'), previous: t('lever.previous'), next: t('lever.next') };
  const { view, page } = shown;
  const [act, setAct] = useState<Act | null>(null);
  const [batch, setBatch] = useState(false);
  const [verifying, setVerifying] = useState<number | null>(null);
  const matchId = MARKET_VIEWS.includes(view) ? market.id : null;
  const list = useLeverList({ view, matchId, page });
  const timeZone = useExchangeTimeZone();
  const context: RowContext = {
    lang: currentLang(),
    timeZone,
    decimalsOf: (id) => markets.find((candidate) => candidate.id === id)?.price_decimals ?? PRICE_DECIMALS,
  };
  const data = list.data;
  const columns = columnsOf(view);
  const acting = act ? data?.data.find((row) => row.id === act.id) : undefined;
  const canCloseAll = (view === 5 || view === 1) && (data?.data.length ?? 0) > 0;
  return (
    <PositionsSection
      titleId="lever-positions-title"
      title={t('lever.positions')}
      bar={
        <>
          <ScrollArea
            label={t('lever.positions')}
            className="min-w-0 max-w-full"
            innerClassName="whitespace-nowrap"
          >
            <Tabs
              label={t('lever.positions')}
              className="flex gap-4"
              values={VIEWS}
              active={view}
              text={(value) => t(VIEW_TEXT[value])}
              onChange={(value) => onView({ view: value, page: 1 })}
            />
          </ScrollArea>
          {canCloseAll && (
            <Button
              variant="bare"
              className="mb-1 rounded border border-down px-2 py-0.5 text-xs text-down"
              onClick={() => setBatch(true)}
            >
              {t('lever.closeAll')}
            </Button>
          )}
        </>
      }
      tableClassName="min-w-[900px]"
      tableTestId={`lever-view-${view}`}
      head={
        <PositionsHead<Column>
          columns={columns}
          isText={(column) => TEXT_COLUMNS.has(column)}
          label={(column) => t(`lever.columns.${column}`)}
          actionLabel={t('lever.columns.actions')}
        />
      }
      body={
        data && (
          <tbody>
            {data.data.map((position) => (
              <Row
                key={position.id}
                position={position}
                columns={columns}
                context={context}
                onAct={setAct}
                onVerify={setVerifying}
              />
            ))}
          </tbody>
        )
      }
    >
      <ListStatus query={list} emptyText={t(EMPTY_TEXT[view], { symbol: market.symbol })} />
      {data && (
        <Pager
          page={page}
          last={data.last_page}
          labels={pagerLabels}
          onPage={(next) => onView({ view, page: next })}
        />
      )}
      <ActDialog act={act} position={acting} context={context} onClose={() => setAct(null)} />
      <StopsDialog
        position={act?.kind === 'stops' ? acting : undefined}
        context={context}
        onClose={() => setAct(null)}
      />
      <VerifyDialog id={verifying} markets={markets} onClose={() => setVerifying(null)} />
      <BatchDialog open={batch} market={market} onlyMarket={view === 5} onClose={() => setBatch(false)} />
    </PositionsSection>
  );
}
