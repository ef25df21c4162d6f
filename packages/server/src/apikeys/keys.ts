import type { Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { badRequest, notFound } from '../platform/errors.js';
import { openFor, sealFor } from '../users/totp-rules.js';
import type { ApiKeyGrant, ApiKeyLookup } from './grant.js';
import { checkKeyTerms, keyState, MAX_ACTIVE_KEYS, randomKeyText, type NewKeyTerms } from './rules.js';

/** A key as its owner sees it in the list: never its secret. */
export interface ApiKeyListing {
  id: number;
  label: string;
  apiKey: string;
  trade: boolean;
  withdraw: boolean;
  ipList: string[];
  expiresAt: number | null;
  createdAt: number;
  lastUsedAt: number | null;
  lastUsedIp: string | null;
  revokedAt: number | null;
  state: 'active' | 'revoked' | 'expired';
}

/** How long a key's last use may lag before it is written again: one write a minute per busy key. */
const USE_WRITE_MS = 60_000;
/**
 * Opened keys kept in memory, so a busy bot's requests cost no database read and no decryption;
 * short, so an operator's freeze stops the owner's keys within seconds (a revocation at once).
 */
const CACHE_MS = 5_000;

/** The users' trading-API keys: made, listed and revoked by their owners, found by the trading API. */
export class ApiKeys implements ApiKeyLookup {
  private readonly cache = new Map<string, { grant: ApiKeyGrant | undefined; until: number }>();
  private readonly lastWritten = new Map<number, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    /** Seals secrets at rest; undefined: keys cannot be made (and stored ones not opened). */
    private readonly sealKey: string | undefined,
  ) {}

  /** Makes a key; the secret is answered here once and never again. */
  async create(userId: number, terms: NewKeyTerms): Promise<{ id: number; apiKey: string; secret: string }> {
    if (!this.sealKey) throw badRequest('error.api_keys_unavailable');
    const now = this.clock.now();
    const clean = checkKeyTerms(terms, now);
    if (typeof clean === 'string') throw badRequest(clean);
    const active = (await this.list(userId)).filter((key) => key.state === 'active').length;
    if (active >= MAX_ACTIVE_KEYS) throw badRequest('error.api_key_too_many', { max: MAX_ACTIVE_KEYS });
    const apiKey = randomKeyText();
    const secret = randomKeyText();
    const row = await this.db
      .insertInto('api_keys')
      .values({
        user_id: userId,
        label: clean.label,
        api_key: apiKey,
        secret_sealed: sealFor(secret, `apikey:${apiKey}`, this.sealKey),
        can_trade: clean.trade ? 1 : 0,
        can_withdraw: clean.withdraw ? 1 : 0,
        ip_list: JSON.stringify(clean.ipList),
        expires_at: clean.expiresAt,
        created_at: now,
        last_used_at: null,
        last_used_ip: null,
        revoked_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, apiKey, secret };
  }

  /** The user's keys, newest first. */
  async list(userId: number): Promise<ApiKeyListing[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
    const now = this.clock.now();
    return rows.map((row) => listing(row, now));
  }

  /** Revokes one of the user's keys at once: requests already past their check still finish. */
  async revoke(userId: number, id: number): Promise<void> {
    const row = await this.db
      .selectFrom('api_keys')
      .select(['api_key', 'revoked_at'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound('error.api_key_unknown');
    if (row.revoked_at === null) {
      await this.db
        .updateTable('api_keys')
        .set({ revoked_at: this.clock.now() })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    }
    this.cache.delete(row.api_key);
  }

  /** Revokes every working key of a user with this label (the demo's bots renew theirs each start). */
  async revokeLabelled(userId: number, label: string): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ revoked_at: this.clock.now() })
      .where('user_id', '=', userId)
      .where('label', '=', label)
      .where('revoked_at', 'is', null)
      .execute();
    this.cache.clear();
  }

  async find(apiKey: string): Promise<ApiKeyGrant | undefined> {
    const now = this.clock.now();
    const cached = this.cache.get(apiKey);
    if (cached && cached.until > now) return cached.grant;
    const row = await this.db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .selectAll('api_keys')
      .select('users.frozen_at')
      .where('api_key', '=', apiKey)
      .executeTakeFirst();
    const grant = row && this.sealKey ? this.grantOf(row) : undefined;
    // Unknown keys are cached too, briefly: a flood of made-up keys costs one read each per window.
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(apiKey, { grant, until: now + CACHE_MS });
    return grant;
  }

  markUsed(grant: ApiKeyGrant, at: number, ip: string): void {
    const last = this.lastWritten.get(grant.id) ?? 0;
    if (at - last < USE_WRITE_MS) return;
    this.lastWritten.set(grant.id, at);
    void this.db
      .updateTable('api_keys')
      .set({ last_used_at: at, last_used_ip: ip.slice(0, 64) })
      .where('id', '=', grant.id)
      .execute()
      .catch(() => this.lastWritten.delete(grant.id));
  }

  private grantOf(row: Selectable<ApiKeysTable> & { frozen_at: number | null }): ApiKeyGrant {
    return {
      id: row.id,
      userId: row.user_id,
      apiKey: row.api_key,
      secret: openFor(row.secret_sealed, `apikey:${row.api_key}`, this.sealKey),
      permissions: { trade: row.can_trade === 1, withdraw: row.can_withdraw === 1 },
      ipList: JSON.parse(row.ip_list) as string[],
      expiresAt: row.expires_at === null ? null : Number(row.expires_at),
      revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
      userFrozen: row.frozen_at !== null,
    };
  }
}

function listing(row: Selectable<ApiKeysTable>, now: number): ApiKeyListing {
  const expiresAt = row.expires_at === null ? null : Number(row.expires_at);
  const revokedAt = row.revoked_at === null ? null : Number(row.revoked_at);
  return {
    id: row.id,
    label: row.label,
    apiKey: row.api_key,
    trade: row.can_trade === 1,
    withdraw: row.can_withdraw === 1,
    ipList: JSON.parse(row.ip_list) as string[],
    expiresAt,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    lastUsedIp: row.last_used_ip,
    revokedAt,
    state: keyState({ revokedAt, expiresAt }, now) ?? 'active',
  };
}
