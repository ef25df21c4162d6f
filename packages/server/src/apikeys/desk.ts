import { CodeType, type ApiKeyView, type CreatedApiKey, type Lang } from '@oex/protocol';
import { badRequest } from '../platform/errors.js';
import type { AuthUser } from '../users/auth-user.js';
import type { UsersService } from '../users/service.js';
import type { ApiKeyListing, ApiKeys } from './keys.js';
import { checkKeyTerms, MAX_ACTIVE_KEYS, type NewKeyTerms } from './rules.js';

export interface CreateKeyInput {
  label: string;
  trade: boolean;
  withdraw: boolean;
  ip_list: string[];
  expires_at: number | null;
  code?: string | undefined;
  totp_code?: string | undefined;
}

/**
 * The personal centre's side of the keys: a key is made only after the owner's second factor (or,
 * without one, a code sent to their own contact), and every rule that can refuse it is checked before
 * that code is used up, so a refused request changes nothing.
 */
export class ApiKeyDesk {
  constructor(
    private readonly keys: ApiKeys,
    private readonly users: UsersService,
    private readonly clock: { now(): number },
    /** Whether secrets can be sealed here (API_KEY_SEAL_KEY, or demo mode). */
    private readonly available: boolean,
  ) {}

  async list(userId: number): Promise<ApiKeyView[]> {
    return (await this.keys.list(userId)).map(viewOf);
  }

  sendCode(caller: AuthUser, lang: Lang): Promise<string> {
    return this.users.sendOwnCode(caller, CodeType.API_KEY, lang);
  }

  async create(caller: AuthUser, input: CreateKeyInput): Promise<CreatedApiKey> {
    if (!this.available) throw badRequest('error.api_keys_unavailable');
    const terms: NewKeyTerms = {
      label: input.label,
      trade: input.trade,
      withdraw: input.withdraw,
      ipList: input.ip_list,
      expiresAt: input.expires_at,
    };
    const refusal = checkKeyTerms(terms, this.clock.now());
    if (typeof refusal === 'string') throw badRequest(refusal);
    const active = (await this.keys.list(caller.id)).filter((key) => key.state === 'active').length;
    if (active >= MAX_ACTIVE_KEYS) throw badRequest('error.api_key_too_many', { max: MAX_ACTIVE_KEYS });
    if (await this.users.totp.isEnabled(caller.id)) {
      await this.users.totp.check(caller.id, input.totp_code);
    } else {
      if (!input.code) throw badRequest('error.api_key_code_required');
      await this.users.consumeOwnCode(caller, CodeType.API_KEY, input.code);
    }
    const made = await this.keys.create(caller.id, terms);
    return { id: made.id, api_key: made.apiKey, secret: made.secret };
  }

  revoke(userId: number, id: number): Promise<void> {
    return this.keys.revoke(userId, id);
  }
}

function viewOf(key: ApiKeyListing): ApiKeyView {
  return {
    id: key.id,
    label: key.label,
    api_key: key.apiKey,
    trade: key.trade,
    withdraw: key.withdraw,
    ip_list: key.ipList,
    expires_at: key.expiresAt,
    created_at: key.createdAt,
    last_used_at: key.lastUsedAt,
    last_used_ip: key.lastUsedIp,
    revoked_at: key.revokedAt,
    state: key.state,
  };
}
