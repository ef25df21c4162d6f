import type {
  BankRawData,
  Lang,
  PayMethodCode,
  PayMethodType,
  PayMethodView,
  WalletRawData,
} from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PayMethodsTable } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { imageUrl, type UploadStore } from '../uploads/store.js';
import { payMethodTypes } from './rules.js';

export type PayMethodInput =
  { type: 'alipay' | 'wxpay'; raw_data: WalletRawData } | { type: 'bank'; raw_data: BankRawData };

/**
 * Payment methods (pay_method/*, docs/personal.md): one per user and type, where the fiat desk's buyers
 * pay a seller. A wallet's QR code is an upload of the user's own.
 */
export class PayMethods {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly uploads: UploadStore,
    private readonly clock: Clock,
  ) {}

  types(lang: Lang): PayMethodType[] {
    return payMethodTypes(lang);
  }

  async get(userId: number, type: PayMethodCode): Promise<PayMethodView | null> {
    const row = await this.db
      .selectFrom('pay_methods')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .executeTakeFirst();
    return row ? view(row) : null;
  }

  /** Every saved method of a user, in the order of the types (the fiat desk shows these). */
  async methodsOf(userId: number): Promise<PayMethodView[]> {
    const rows = await this.db.selectFrom('pay_methods').selectAll().where('user_id', '=', userId).execute();
    const order = payMethodTypes('en').map((type) => type.code as string);
    return rows.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type)).map(view);
  }

  /** Saves the user's method of this type, replacing the one saved before. */
  async save(userId: number, input: PayMethodInput): Promise<PayMethodView> {
    if (input.type !== 'bank') await this.uploads.requireOwn(userId, [input.raw_data.qrcode]);
    const now = this.clock.now();
    const rawData = JSON.stringify(input.raw_data);
    await this.db
      .insertInto('pay_methods')
      .values({ user_id: userId, type: input.type, raw_data: rawData, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet({ raw_data: rawData, updated_at: now }))
      .execute();
    return (await this.get(userId, input.type))!;
  }
}

function view(row: Selectable<PayMethodsTable>): PayMethodView {
  const updatedAt = Number(row.updated_at);
  if (row.type === 'bank') {
    return {
      id: row.id,
      type: 'bank',
      raw_data: JSON.parse(row.raw_data) as BankRawData,
      updated_at: updatedAt,
    };
  }
  const raw = JSON.parse(row.raw_data) as WalletRawData;
  return {
    id: row.id,
    type: row.type as 'alipay' | 'wxpay',
    raw_data: { ...raw, qrcode: imageUrl(raw.qrcode), qrcode_id: raw.qrcode },
    updated_at: updatedAt,
  };
}
