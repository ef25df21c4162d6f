import { AccountTypeId, Decimal, EARN_ENDED, EARN_IN_FORCE } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError, badRequest } from '../platform/errors.js';
import type { SystemAccount } from '../ledger/books.js';
import { fundSystemAccount } from '../ledger/funding.js';
import { journalEntries, JournalType } from '../ledger/journal.js';
import type { AsData } from '../ledger/commands.js';
import type { Command, CommandContext, Sequencer } from '../ledger/sequencer.js';
import type { Holding, Holdings } from './holdings.js';
import { promisedInterest, purchaseProblem, reserveCovers, type ProductTerms } from './rules.js';

const FINANCIAL = AccountTypeId.financial_account;
const INTEREST = { system: 'interest' satisfies SystemAccount } as const;
const REF = 'earn_holding';

// The records (account_log/financial) name the holding.
const entry = journalEntries(REF);

/** A purchase before the sequencer gives it an id. */
export interface NewHolding extends Omit<Holding, 'id' | 'paidDays' | 'income'> {
  product: ProductTerms;
  decimals: number;
  payMinute: number;
  requestId: string | null;
  requestHash: string | null;
}

/** What a day's payment did. */
export interface PaidDay {
  holding: Holding;
  day: number;
  amount: Decimal;
  ended: boolean;
}

/** One day of one holding that is due. */
interface DueDay {
  holdingId: number;
  day: number;
}

declare module '../ledger/commands.js' {
  interface CommandCatalogue {
    'earn.buy': { data: NewHolding; result: Holding };
    'earn.payDays': { data: { due: DueDay[] }; result: { paid: PaidDay[]; unpaid: number } };
    'earn.fund': { data: { currencyId: number; amount: Decimal }; result: void };
  }
}

/** A purchase as its data carries it, with its decimals parsed again. */
function newHoldingFrom(data: AsData<NewHolding>): NewHolding {
  const { product } = data;
  return {
    ...data,
    principal: Decimal.parse(data.principal),
    rate: Decimal.parse(data.rate),
    daily: Decimal.parse(data.daily),
    product: {
      ...product,
      minNumber: Decimal.parse(product.minNumber),
      maxNumber: Decimal.parse(product.maxNumber),
      totalQuota: Decimal.parse(product.totalQuota),
      sold: Decimal.parse(product.sold),
    },
  };
}

/**
 * The sequencer commands of savings. Money moves only between the user's financial account
 * (principal held and released, interest received) and the public interest account; each
 * holding row and each paid day's row are written in the same commit as the money.
 */
export class EarnCommands {
  constructor(
    private readonly db: Kysely<Database>,
    readonly holdings: Holdings,
  ) {}

  /** Names the handler of each savings command: its data parsed back, then the command below. */
  register(sequencer: Sequencer): void {
    sequencer.handle('earn.buy', (context, data) => this.buy(newHoldingFrom(data))(context));
    sequencer.handle('earn.payDays', (context, { due }) => this.payDays(due)(context));
    sequencer.handle('earn.fund', (context, { currencyId, amount }) =>
      this.fund(currencyId, Decimal.parse(amount))(context),
    );
  }

  /**
   * Holds the principal for the term, if the product, the user's limit and the quota allow it and
   * the interest account already covers every promised payment with this one's.
   */
  buy(order: NewHolding): Command<Holding> {
    return (context) => {
      const { books } = context;
      const product = { ...order.product, sold: this.holdings.soldOf(order.productId) };
      const problem = purchaseProblem(
        product,
        order.principal,
        this.holdings.heldBy(order.userId, order.productId),
        order.decimals,
        order.boughtAt,
      );
      if (problem) throw badRequest(problem.key, problem.params);
      const account = books.find({ userId: order.userId }, FINANCIAL, order.currencyId);
      if (!account || account.balance < order.principal.units) throw badRequest('error.insufficient_balance');
      const reserve = books.find(INTEREST, 0, order.currencyId);
      const promise = promisedInterest(order.daily, order.days, 0);
      if (
        !reserveCovers(
          Decimal.fromUnits(reserve?.balance ?? 0n),
          this.holdings.promisedOf(order.currencyId),
          promise,
        )
      ) {
        throw badRequest('error.earn_reserve_short');
      }
      const id = context.nextId('earn_holdings');
      books.post(
        [{ account, available: -order.principal.units, locked: order.principal.units }],
        entry(JournalType.EARN_HOLD, id),
      );
      const holding: Holding = {
        id,
        userId: order.userId,
        productId: order.productId,
        currencyId: order.currencyId,
        principal: order.principal,
        rate: order.rate,
        daily: order.daily,
        days: order.days,
        paidDays: 0,
        income: Decimal.ZERO,
        boughtAt: order.boughtAt,
        payAt: order.payAt,
      };
      context.insert('earn_holdings', {
        id,
        user_id: order.userId,
        product_id: order.productId,
        currency_id: order.currencyId,
        days: order.days,
        pay_minute: order.payMinute,
        status: EARN_IN_FORCE,
        paid_days: 0,
        bought_at: order.boughtAt,
        ends_at: order.payAt[order.payAt.length - 1]!,
        request_id: order.requestId,
        request_hash: order.requestHash,
        number: order.principal.toString(),
        rate: order.rate.toString(),
        daily_interest: order.daily.toString(),
        income: '0',
      });
      this.holdings.put(books, id, holding);
      const sold = this.holdings.addSold(books, order.productId, order.principal);
      context.writeLatest(
        `earn_products|${order.productId}`,
        this.db
          .updateTable('earn_products')
          .set({ sold: sold.toString() })
          .where('id', '=', order.productId)
          .compile(),
      );
      return holding;
    };
  }

  /**
   * Pays one day of a holding, as of that day's instant; the last day also releases the principal.
   * A day already paid (a second attempt after a restart) answers null and changes nothing, and
   * the row keyed (holding, day) could not be written twice anyway. An interest account that
   * cannot pay refuses the command: the day stays due and is paid once it can, never skipped.
   */
  payDay(holdingId: number, day: number): Command<PaidDay | null> {
    return (context) => {
      const holding = this.holdings.get(holdingId);
      if (!holding || day !== holding.paidDays + 1) return null;
      const { books } = context;
      const account = books.ensure({ userId: holding.userId }, FINANCIAL, holding.currencyId);
      const reserve = books.ensure(INTEREST, 0, holding.currencyId);
      if (reserve.balance < holding.daily.units) throw badRequest('error.earn_interest_unpaid');
      if (holding.daily.isPositive()) {
        books.post(
          [
            { account: reserve, available: -holding.daily.units, locked: 0n },
            { account, available: holding.daily.units, locked: 0n },
          ],
          entry(JournalType.EARN_INTEREST, holding.id, context.now),
        );
      }
      const ended = day === holding.days;
      if (ended) {
        books.post(
          [{ account, available: holding.principal.units, locked: -holding.principal.units }],
          entry(JournalType.EARN_RELEASE, holding.id, context.now),
        );
      }
      const next: Holding = { ...holding, paidDays: day, income: holding.income.add(holding.daily) };
      context.insert('earn_interest', {
        holding_id: holding.id,
        day,
        pay_at: context.now,
        amount: holding.daily.toString(),
      });
      context.update('earn_holdings', holding.id, {
        paid_days: day,
        income: next.income.toString(),
        status: ended ? EARN_ENDED : EARN_IN_FORCE,
      });
      this.holdings.put(books, holding.id, ended ? null : next);
      return { holding: next, day, amount: holding.daily, ended };
    };
  }

  /**
   * Pays many (holding, day) pairs due at the same instant in one command, so a day's thousands of
   * payments share a few commits. A pair the interest account cannot pay changes nothing and stays
   * due (counted in `unpaid`); the others go on.
   */
  payDays(due: readonly DueDay[]): Command<{ paid: PaidDay[]; unpaid: number }> {
    return (context) => {
      const paid: PaidDay[] = [];
      let unpaid = 0;
      for (const { holdingId, day } of due) {
        const mark = context.books.mark();
        try {
          const result = this.payDay(holdingId, day)(context);
          if (result) paid.push(result);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          context.books.rollback(mark);
          unpaid += 1;
        }
      }
      return { paid, unpaid };
    };
  }

  /** An operator's funding of the interest account from outside, in the open. */
  fund(currencyId: number, amount: Decimal): Command<void> {
    return ({ books }: CommandContext) => fundSystemAccount(books, INTEREST.system, currencyId, amount);
  }
}
