import type { Decimal } from '@oex/protocol';
import type { CommandContext } from './sequencer.js';

/**
 * The catalogue of commands as data (docs/cluster.md, "Commands as data"). Each domain names its
 * commands here by declaration merging, next to their handlers:
 *
 *     declare module '../ledger/commands.js' {
 *       interface CommandCatalogue { 'spot.cancel': { data: CancelData; result: OrderOutcome } }
 *     }
 *
 * A command's data is plain JSON (ids, decimal strings, times): it is journaled with its batch and
 * a replay of the journal applies the same data to the same handlers in the same order.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by each domain
export interface CommandCatalogue {}

export type CommandType = keyof CommandCatalogue & string;

export type DataOf<T extends CommandType> = CommandCatalogue[T] extends { data: infer D } ? D : never;

export type ResultOf<T extends CommandType> = CommandCatalogue[T] extends { result: infer R } ? R : never;

/**
 * A value as its JSON carries it: a Decimal becomes its text (`Decimal.toJSON`). A handler gets
 * its data so, and parses the decimals again.
 */
export type AsData<T> = T extends Decimal ? string : T extends object ? { [K in keyof T]: AsData<T[K]> } : T;

/**
 * Applies one command of its type to the books: synchronous, deterministic given the state and its
 * data (its time is `context.now`), and throwing to refuse, as every command.
 */
export type CommandHandler<T extends CommandType> = (
  context: CommandContext,
  data: AsData<DataOf<T>>,
) => ResultOf<T>;

/** A journaled command as stored: its type and data as JSON, in the order it was applied. */
export interface JournaledCommand {
  id: number;
  type: string;
  data: string;
  /** The command's time: its batch's, or its own (a day's interest, the demo backfill's history). */
  at: number;
  /** The time of the batch that applied it. */
  batchAt: number;
}

/** A handler as the sequencer keeps it, before the catalogue's types are known. */
export type AnyHandler = (context: CommandContext, data: unknown) => unknown;
