import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import type { LeaderLease } from '../cluster/lease.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Sequencer } from '../ledger/sequencer.js';
import type { WriterLock } from '../ledger/writer-lock.js';
import type { Clock } from '../lib/clock.js';
import type { MarketDirectory } from '../market/markets.js';
import type { Hub } from '../realtime/hub.js';
import type { Api, ApiPlugin } from './api.js';
import type { Settings } from './settings.js';

/**
 * What every domain reads, opened before the first domain and closed after the last: the
 * configuration, the database and its writer lock, the clock, the log, the operators' settings,
 * and the directories and the sequencer that every domain's money goes through. Each domain adds
 * its own parts for the domains after it (`Domain`), so a domain names what it reads in its type.
 */
export interface ExchangeContext {
  config: Config;
  db: Db;
  clock: Clock;
  /** The server's log (never given secrets: see its redaction). */
  log: Logger;
  settings: Settings;
  /** EXCHANGE_TZ: where days begin for klines, interest and reports, and how times are shown. */
  timeZone: string;
  currencies: CurrencyDirectory;
  /** The one writer of balances. */
  sequencer: Sequencer;
  markets: MarketDirectory;
  writerLock: WriterLock;
  /** On PostgreSQL, the leader's lease this process writes under (docs/cluster.md). */
  lease: LeaderLease | undefined;
  /** The command line's secret for the machine-only admin calls, kept in the writer lock's file. */
  adminToken: string;
}

/** A plugin of a domain and the prefix it is registered under (none: its paths are whole). */
export interface DomainRoutes {
  plugin: ApiPlugin;
  prefix?: '/api' | '/api/admin';
}

/** Routes under `/api`. */
export const api = (plugin: ApiPlugin): DomainRoutes => ({ plugin, prefix: '/api' });

/** The operator console's routes, under `/api/admin`. */
export const adminApi = (plugin: ApiPlugin): DomainRoutes => ({ plugin, prefix: '/api/admin' });

/** A live feed that keeps timers of its own, closed before the hub. */
export interface LiveFeed {
  close(): void;
}

/** A domain once open: its parts and what it does as the exchange serves, starts and stops. */
export interface OpenDomain<Parts extends object> {
  /** Added to the context, for the domains after it and for the exchange's own callers (tests, tools). */
  parts: Parts;
  /** Request hooks on the root server: added before any route, so every plugin's scope has them. */
  hooks?(app: Api): void;
  /** Its plugins, registered in the list's order (never called by the command-line tools). */
  routes?(): DomainRoutes[];
  /** Wires its live channels to the hub. */
  live?(hub: Hub): LiveFeed | void;
  /**
   * A following standby took the lease (cluster/follower.ts): reloads what it keeps from tables the
   * command journal does not carry (the mark tape, listen keys, cached terms), before `start`.
   */
  takeover?(): Promise<void>;
  /** Starts its timers, once every domain is open and routed and before the server listens. */
  start?(): void | Promise<void>;
  /** Once the server listens, with its base URL: for programs it starts that call the server back. */
  listening?(url: string): void;
  /** Stops taking new work as the drain begins; requests in flight still finish. */
  drain?(): void;
  /** Stops its timers, each after its current pass, and lets go of what it holds. */
  stop?(): Promise<void>;
}

/**
 * One domain of the exchange: `open` loads its state (seeds, books, due work done at once) from
 * the context as the domains before it left it. `Needs` is what it reads, so a domain listed before
 * one whose parts it needs does not compile.
 */
export interface Domain<Needs, Parts extends object = object> {
  readonly name: string;
  readonly open: (context: Needs) => Promise<OpenDomain<Parts>> | OpenDomain<Parts>;
}

interface Opened {
  name: string;
  domain: OpenDomain<object>;
}

/**
 * Domains in the order they open. Start follows the order; drain and stop go the other way, so a
 * domain stops before the ones it reads.
 */
export class DomainList<Base extends object, Context extends object> {
  private constructor(private readonly domains: readonly Domain<never>[]) {}

  /** An empty list over a context of this shape. */
  static over<Base extends object>(): DomainList<Base, Base> {
    return new DomainList<Base, Base>([]);
  }

  add<Parts extends object>(domain: Domain<Context, Parts>): DomainList<Base, Context & Parts> {
    return new DomainList<Base, Context & Parts>([...this.domains, domain as Domain<never>]);
  }

  /** A domain some runs have and others not (the demo's): its parts may be missing. */
  addIf<Parts extends object>(
    domain: Domain<Context, Parts> | undefined,
  ): DomainList<Base, Context & Partial<Parts>> {
    return new DomainList<Base, Context & Partial<Parts>>(
      domain ? [...this.domains, domain as Domain<never>] : this.domains,
    );
  }

  /**
   * Opens each domain in turn on the context, adding its parts. If one fails, those already open
   * are stopped (last first) and the error goes on; the base is the caller's to close.
   */
  async open(base: Base, log?: Logger): Promise<OpenDomains<Context>> {
    const context: object = { ...base };
    const opened: Opened[] = [];
    try {
      for (const domain of this.domains) {
        const started = performance.now();
        const open = await (domain.open as (context: object) => Promise<OpenDomain<object>>)(context);
        Object.assign(context, open.parts);
        opened.push({ name: domain.name, domain: open });
        log?.debug({ domain: domain.name, ms: Math.round(performance.now() - started) }, 'domain opened');
      }
    } catch (error) {
      await new OpenDomains(context, opened).stop().catch((stopError: unknown) => {
        log?.error({ err: stopError }, 'stopping the domains opened before a failure failed');
      });
      throw error;
    }
    return new OpenDomains(context as Context, opened);
  }
}

/** The open domains of a list, in order, with the context they built. */
export class OpenDomains<Context> {
  private readonly feeds: LiveFeed[] = [];

  constructor(
    readonly context: Context,
    private readonly opened: readonly Opened[],
  ) {}

  /** These domains followed by those opened on top of them, with the later, fuller context. */
  followedBy<More>(later: OpenDomains<More>): OpenDomains<More> {
    return new OpenDomains(later.context, [...this.opened, ...later.opened]);
  }

  hooks(app: Api): void {
    for (const { domain } of this.opened) domain.hooks?.(app);
  }

  async routes(app: Api): Promise<void> {
    for (const { domain } of this.opened) {
      for (const { plugin, prefix } of domain.routes?.() ?? []) {
        await app.register(plugin, prefix ? { prefix } : {});
      }
    }
  }

  live(hub: Hub): void {
    for (const { domain } of this.opened) {
      const feed = domain.live?.(hub);
      if (feed) this.feeds.push(feed);
    }
  }

  /** Closes the live feeds' own timers, last first (the hub itself is the caller's). */
  closeLive(): void {
    for (const feed of this.feeds.splice(0).reverse()) feed.close();
  }

  async takeover(): Promise<void> {
    for (const { domain } of this.opened) await domain.takeover?.();
  }

  async start(): Promise<void> {
    for (const { domain } of this.opened) await domain.start?.();
  }

  listening(url: string): void {
    for (const { domain } of this.opened) domain.listening?.(url);
  }

  drain(): void {
    for (const { domain } of [...this.opened].reverse()) domain.drain?.();
  }

  async stop(): Promise<void> {
    for (const { domain } of [...this.opened].reverse()) await domain.stop?.();
  }
}
