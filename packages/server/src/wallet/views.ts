import {
  Decimal,
  type DepositStatus,
  type Lang,
  type DepositView,
  type WithdrawalStatus,
  type WithdrawalView,
} from '@oex/protocol';
import type { Selectable } from 'kysely';
import type { DepositsTable, WithdrawalsTable } from '../db/schema.js';
import { shownAddress } from '../chains/display.js';
import { formatDateTime } from '../lib/time.js';
import { isMessageKey, translate } from '../platform/messages/index.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Networks } from './networks.js';
import { explorerLink } from './rules.js';

const money = (value: string | number) => Decimal.parse(String(value)).toString();

/** Rows as the wire shows them; needs the networks, currencies and the exchange's time zone. */
export class WalletViews {
  constructor(
    private readonly networks: Networks,
    private readonly currencies: CurrencyDirectory,
    private readonly timeZone: string,
  ) {}

  deposit(row: Selectable<DepositsTable>): DepositView {
    const network = this.networks.byId(row.protocol_id)!;
    return {
      id: row.id,
      currency_id: row.currency_id,
      currency_code: this.currencies.currency(row.currency_id).code,
      chain: network.chain,
      address: shownAddress(network.family, row.address),
      amount: money(row.amount),
      tx_hash: row.tx_hash,
      tx_url: explorerLink(network.explorerTxUrl, row.tx_hash),
      block_number: row.block_number,
      confirmations: row.confirmations,
      confirmations_credit: network.confirmationsCredit,
      confirmations_withdraw: network.confirmationsWithdraw,
      status: row.status as DepositStatus,
      created_at: formatDateTime(row.created_at, this.timeZone),
    };
  }

  withdrawal(row: Selectable<WithdrawalsTable>, lang: Lang = 'en'): WithdrawalView {
    const network = this.networks.byId(row.protocol_id)!;
    const confirmations = row.confirmations;
    return {
      id: row.id,
      currency_id: row.currency_id,
      currency_code: this.currencies.currency(row.currency_id).code,
      chain: network.chain,
      address: shownAddress(network.family, row.address),
      memo: row.memo,
      amount: money(row.amount),
      fee: money(row.fee),
      received: money(row.received),
      // Signed but not yet acknowledged by the node is, to the user, already on its way.
      status: (row.status === 'signed' ? 'sent' : row.status) as WithdrawalStatus,
      tx_hash: row.tx_hash,
      tx_url: explorerLink(network.explorerTxUrl, row.tx_hash),
      confirmations: Math.min(confirmations, network.confirmationsWithdraw),
      confirmations_needed: network.confirmationsWithdraw,
      // Our own reasons are message keys; an operator's words are shown as written.
      reason: row.reason && isMessageKey(row.reason) ? translate(lang, row.reason) : row.reason,
      created_at: formatDateTime(row.created_at, this.timeZone),
    };
  }
}
