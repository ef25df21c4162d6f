import { Decimal } from '@oex/protocol';
import type { FastifyRequest } from 'fastify';
import { badParam, badSymbol, mandatoryParam } from '../errors.js';
import type { Market, MarketDirectory } from '../../market/markets.js';
import { marketOfSymbol } from '../symbols.js';

/** A request's raw query string and form body, exactly as sent (what a signature covers). */
export function rawParts(request: FastifyRequest): { query: string; body: string } {
  const url = request.raw.url ?? '';
  const mark = url.indexOf('?');
  return {
    query: mark < 0 ? '' : url.slice(mark + 1),
    body: typeof request.body === 'string' ? request.body : '',
  };
}

/** The parameters of a call, from its query string and form body together (the body's win). */
export class Params {
  private readonly values = new Map<string, string>();

  constructor(query: string, body: string) {
    for (const [name, value] of new URLSearchParams(query)) this.values.set(name, value);
    for (const [name, value] of new URLSearchParams(body)) this.values.set(name, value);
  }

  static of(request: FastifyRequest): Params {
    const { query, body } = rawParts(request);
    return new Params(query, body);
  }

  text(name: string): string | undefined {
    const value = this.values.get(name);
    return value === undefined || value === '' ? undefined : value;
  }

  required(name: string): string {
    const value = this.text(name);
    if (value === undefined) throw mandatoryParam(name);
    return value;
  }

  /** A whole number parameter, or undefined; refused when not one or out of range. */
  integer(name: string, range: { min?: number; max?: number } = {}): number | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (!/^-?\d{1,16}$/.test(value))
      throw badParam(`Illegal characters found in parameter '${name}'; legal range is '^[0-9]{1,20}$'.`);
    const number = Number(value);
    if ((range.min !== undefined && number < range.min) || (range.max !== undefined && number > range.max)) {
      throw badParam(`Illegal value for parameter '${name}'.`);
    }
    return number;
  }

  /** A positive decimal parameter, exact, or undefined. */
  decimal(name: string): Decimal | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (!/^\d{1,20}(\.\d{1,18})?$/.test(value)) {
      throw badParam(
        `Illegal characters found in parameter '${name}'; legal range is '^([0-9]{1,20})(\\.[0-9]{1,20})?$'.`,
      );
    }
    return Decimal.parse(value);
  }

  /** A limit between 1 and `max`, `fallback` when absent. */
  limit(fallback: number, max: number): number {
    return this.integer('limit', { min: 1, max }) ?? fallback;
  }

  /** The market named by `symbol`, required. */
  market(markets: MarketDirectory): Market {
    const market = marketOfSymbol(markets, this.required('symbol'));
    if (!market) throw badSymbol();
    return market;
  }

  /** The markets a call asks about: `symbol`, a `symbols` JSON list, or undefined for all. */
  markets(markets: MarketDirectory): Market[] | undefined {
    const one = this.text('symbol');
    const list = this.text('symbols');
    if (one !== undefined && list !== undefined) {
      throw badParam("Parameter 'symbol' and 'symbols' cannot be sent together.");
    }
    if (one !== undefined) return [this.market(markets)];
    if (list === undefined) return undefined;
    let names: unknown;
    try {
      names = JSON.parse(list);
    } catch {
      throw badParam("Invalid value for parameter 'symbols'.");
    }
    if (!Array.isArray(names) || names.length === 0 || !names.every((name) => typeof name === 'string')) {
      throw badParam("Invalid value for parameter 'symbols'.");
    }
    return (names as string[]).map((name) => {
      const market = marketOfSymbol(markets, name);
      if (!market) throw badSymbol();
      return market;
    });
  }
}
