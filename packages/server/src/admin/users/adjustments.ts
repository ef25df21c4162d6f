import {
  Decimal,
  type AdjustmentsQuery,
  type AdminAdjustment,
  type AdminAdjustmentsAnswer,
  type AdminAdjustmentStatus,
} from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import { newestFirst } from '../../db/paging.js';
import type { AdminAdjustmentsTable, Database } from '../../db/schema.js';
import { paged } from '../../lib/paged.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { SystemAccount } from '../../ledger/books.js';
import type { CurrencyDirectory } from '../../ledger/currencies.js';
import { journalEntries, JournalType } from '../../ledger/journal.js';
import type { CommandContext, Sequencer } from '../../ledger/sequencer.js';
import { postingErrorToAppError } from '../../ledger/service.js';
import { formatDateTime } from '../../lib/time.js';
import type { OperatorPrincipal } from '../operators.js';
import {
  adjustmentNotes,
  adjustmentValue,
  amountProblem,
  approvalProblem,
  rejectionProblem,
  takesTooMuch,
  valuationPrice,
} from './rules.js';

/** Who decided, as a decision's data keeps it (the role is not needed once checked). */
const nameOf = (operator: OperatorPrincipal) => ({ id: operator.id, name: operator.name });

const ADJUSTMENTS = { system: 'adjustments' satisfies SystemAccount } as const;
const PER_PAGE = 20;
const entry = journalEntries('adjustment');

type Row = Selectable<AdminAdjustmentsTable>;

/** What an adjustment moves: its row's money fields. */
type Movement = Pick<
  Row,
  'id' | 'user_id' | 'account_type_id' | 'currency_id' | 'amount' | 'reference' | 'reason'
>;

/** A proposal as data: its row before the sequencer numbers and times it. */
type Proposal = Omit<
  Row,
  'id' | 'created_at' | 'status' | 'decided_by' | 'decided_by_name' | 'decision_reason' | 'decided_at'
>;

/** A decision as data: the money to move when applied (read from the row when decided). */
interface Decision {
  id: number;
  status: 'applied' | 'rejected';
  operator: { id: number; name: string };
  reason: string;
  movement: Movement | null;
}

declare module '../../ledger/commands.js' {
  interface CommandCatalogue {
    'admin.adjustmentProposed': { data: Proposal; result: number };
    'admin.adjustmentDecided': { data: Decision; result: void };
  }
}

export interface AdjustmentsDeps {
  db: Kysely<Database>;
  sequencer: Pick<Sequencer, 'dispatch' | 'handle'>;
  currencies: CurrencyDirectory;
  /** A currency's USD price as the spot module gives it: USDT 1, else its USDT market's last trade. */
  lastUsdPrice: (currencyId: number) => Decimal;
  timeZone: string;
}

export interface ProposeInput {
  user_id: number;
  currency: string;
  account_type: number;
  amount: string;
  reason: string;
  reference: string;
}

/**
 * Balance adjustments: the console's only manual money movement, and never on one operator's say:
 * every one, of any amount, waits for a second, different operator. Each moves one currency between
 * a user's account and the public `adjustments` system account, through the sequencer, with a
 * journal row the user sees as "Adjustment" and its reference. Rows are written only by sequencer
 * commands (ids handed out there, like the sequencer's own), so a decision is taken exactly once.
 */
export class Adjustments {
  private nextId = 1;
  /** Adjustments decided since start, so a second decision queued behind the first is refused. */
  private readonly decided = new Set<number>();

  private constructor(private readonly deps: AdjustmentsDeps) {
    deps.sequencer.handle('admin.adjustmentProposed', (context, proposal) =>
      this.applyProposal(context, proposal),
    );
    deps.sequencer.handle('admin.adjustmentDecided', (context, decision) =>
      this.applyDecision(context, decision),
    );
  }

  static async open(deps: AdjustmentsDeps): Promise<Adjustments> {
    const adjustments = new Adjustments(deps);
    const { max } = await deps.db
      .selectFrom('admin_adjustments')
      .select((eb) => eb.fn.max<number>('id').as('max'))
      .executeTakeFirstOrThrow();
    adjustments.nextId = Number(max ?? 0) + 1;
    return adjustments;
  }

  /**
   * Proposes an adjustment: always left pending for a second operator, whatever its amount. A debit
   * beyond the available balance is refused at once, nothing written.
   */
  async propose(operator: OperatorPrincipal, input: ProposeInput): Promise<AdminAdjustment> {
    const { currencies } = this.deps;
    await this.checkUser(input.user_id);
    const currency = currencies.byCode(input.currency);
    const type = currencies.accountType(input.account_type);
    const amount = Decimal.parse(input.amount);
    const problem = amountProblem(amount, currency.decimals);
    if (problem) throw badRequest(problem, { decimals: currency.decimals });
    const price = valuationPrice(
      this.deps.lastUsdPrice(currency.id),
      currencies.referenceUsdPrice(currency.id),
    );
    const value = adjustmentValue(amount, price);
    const id = await this.deps.sequencer
      .dispatch('admin.adjustmentProposed', {
        user_id: input.user_id,
        currency_id: currency.id,
        account_type_id: type.id,
        amount: amount.toString(),
        usd_value: Decimal.unitsToString(value),
        reason: input.reason,
        reference: input.reference,
        proposed_by: operator.id,
        proposed_by_name: operator.name,
      })
      .catch(postingErrorToAppError);
    return this.view(await this.row(id));
  }

  /** A second operator's approval: applies the adjustment once. */
  async approve(operator: OperatorPrincipal, id: number, reason: string): Promise<AdminAdjustment> {
    const before = await this.row(id);
    const problem = approvalProblem(decidable(before), operator.id);
    if (problem) throw conflict(problem);
    const movement = {
      id,
      user_id: before.user_id,
      account_type_id: before.account_type_id,
      currency_id: before.currency_id,
      amount: String(before.amount),
      reference: before.reference,
      reason: before.reason,
    };
    await this.deps.sequencer
      .dispatch('admin.adjustmentDecided', {
        id,
        status: 'applied',
        operator: nameOf(operator),
        reason,
        movement,
      })
      .catch(postingErrorToAppError);
    return this.view(await this.row(id));
  }

  /** Withdraws a pending proposal; nothing moves. The proposer may reject their own. */
  async reject(operator: OperatorPrincipal, id: number, reason: string): Promise<AdminAdjustment> {
    const before = await this.row(id);
    const problem = rejectionProblem(decidable(before));
    if (problem) throw conflict(problem);
    await this.deps.sequencer.dispatch('admin.adjustmentDecided', {
      id,
      status: 'rejected',
      operator: nameOf(operator),
      reason,
      movement: null,
    });
    return this.view(await this.row(id));
  }

  async list(query: AdjustmentsQuery & { page: number }): Promise<AdminAdjustmentsAnswer> {
    let select = this.deps.db.selectFrom('admin_adjustments');
    if (query.status) select = select.where('status', '=', query.status);
    if (query.user_id) select = select.where('user_id', '=', Number(query.user_id));
    const { total, rows } = await newestFirst(select, query.page, PER_PAGE);
    const emails = await this.emailsOf(rows.map((row) => row.user_id));
    return {
      ...paged(
        rows.map((row) => this.view(row, emails.get(row.user_id) ?? null)),
        total,
        query.page,
        PER_PAGE,
      ),
    };
  }

  /** The status an adjustment had, for the operator log's "before". */
  async statusOf(id: number): Promise<{ status: AdminAdjustmentStatus }> {
    return { status: (await this.row(id)).status as AdminAdjustmentStatus };
  }

  // ---- inside the sequencer --------------------------------------------------------------

  private applyProposal(context: CommandContext, proposal: Proposal): number {
    const row = { ...proposal, id: this.takeId(context), created_at: context.now };
    // Refused now rather than at approval, when it is already plain it cannot be applied.
    this.refuseBeyondAvailable(context, row);
    context.insert('admin_adjustments', {
      ...row,
      status: 'pending',
      decided_by: null,
      decided_by_name: null,
      decision_reason: null,
      decided_at: null,
    });
    return row.id;
  }

  private applyDecision(context: CommandContext, { id, status, operator, reason, movement }: Decision): void {
    this.claim(context, id);
    if (movement) this.post(context, movement);
    this.decide(context, id, status, operator, reason);
  }

  private takeId(context: CommandContext): number {
    const id = this.nextId;
    this.nextId += 1;
    context.books.onUndo(() => {
      this.nextId -= 1;
    });
    return id;
  }

  /** Marks the adjustment decided for the rest of this run; a second decision is refused. */
  private claim(context: CommandContext, id: number): void {
    if (this.decided.has(id)) throw conflict('error.adjust_not_pending');
    this.decided.add(id);
    context.books.onUndo(() => this.decided.delete(id));
  }

  private refuseBeyondAvailable(
    context: CommandContext,
    row: Pick<Row, 'user_id' | 'account_type_id' | 'currency_id' | 'amount'>,
  ): void {
    const amount = Decimal.parse(String(row.amount));
    const account = context.books.find({ userId: row.user_id }, row.account_type_id, row.currency_id);
    const available = Decimal.fromUnits(account?.balance ?? 0n);
    if (takesTooMuch(amount, available)) {
      throw badRequest('error.adjust_beyond_available', {
        available: available.toString(),
        currency: this.deps.currencies.currency(row.currency_id).code,
      });
    }
  }

  /** The money: the user's available balance against the adjustments account, one journal entry. */
  private post(context: CommandContext, row: Movement): void {
    this.refuseBeyondAvailable(context, row);
    const { books } = context;
    const units = Decimal.parse(String(row.amount)).units;
    books.post(
      [
        { account: books.ensure(ADJUSTMENTS, 0, row.currency_id), available: -units, locked: 0n },
        {
          account: books.ensure({ userId: row.user_id }, row.account_type_id, row.currency_id),
          available: units,
          locked: 0n,
        },
      ],
      // The user's records say "Adjustment" with its reference and reason: never a deposit.
      { ...entry(JournalType.ADJUSTMENT, row.id), notes: adjustmentNotes(row.reference, row.reason) },
    );
  }

  private decide(
    context: CommandContext,
    id: number,
    status: AdminAdjustmentStatus,
    operator: { id: number; name: string },
    reason: string,
  ): void {
    context.write(
      this.deps.db
        .updateTable('admin_adjustments')
        .set({
          status,
          decided_by: operator.id,
          decided_by_name: operator.name,
          decision_reason: reason,
          decided_at: context.now,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .compile(),
    );
  }

  // ---- reading ---------------------------------------------------------------------------

  private async checkUser(userId: number): Promise<void> {
    const user = await this.deps.db
      .selectFrom('users')
      .select(['id', 'is_system'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw notFound('error.user_unknown');
    if (user.is_system) throw badRequest('error.admin_system_user');
  }

  private async row(id: number): Promise<Row> {
    const row = await this.deps.db
      .selectFrom('admin_adjustments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  private async emailsOf(userIds: number[]): Promise<Map<number, string | null>> {
    if (userIds.length === 0) return new Map();
    const users = await this.deps.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', 'in', [...new Set(userIds)])
      .execute();
    return new Map(users.map((user) => [user.id, user.email]));
  }

  view(row: Row, email: string | null = null): AdminAdjustment {
    const { currencies, timeZone } = this.deps;
    return {
      id: row.id,
      user_id: row.user_id,
      user_email: email,
      currency_id: row.currency_id,
      currency_code: currencies.currency(row.currency_id).code,
      account_type_id: row.account_type_id,
      account_code: currencies.accountType(row.account_type_id).code,
      amount: Decimal.parse(String(row.amount)).toString(),
      usd_value: row.usd_value,
      status: row.status as AdminAdjustmentStatus,
      reason: row.reason,
      reference: row.reference,
      proposed_by: row.proposed_by_name,
      decided_by: row.decided_by_name,
      decision_reason: row.decision_reason,
      created_at: formatDateTime(row.created_at, timeZone),
      decided_at: row.decided_at === null ? null : formatDateTime(row.decided_at, timeZone),
    };
  }
}

function decidable(row: Row) {
  return { status: row.status as AdminAdjustmentStatus, proposedBy: row.proposed_by };
}
