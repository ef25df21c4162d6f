/** What a trading-API key may do. Reading is always granted; withdrawing needs an IP allow list. */
export interface KeyPermissions {
  trade: boolean;
  withdraw: boolean;
}

/** An API key as the trading API checks it: its owner, its secret (opened), its limits. */
export interface ApiKeyGrant {
  id: number;
  userId: number;
  /** The public key sent in `X-MBX-APIKEY`. */
  apiKey: string;
  /** The HMAC secret, opened from its sealed form; never logged or answered after creation. */
  secret: string;
  permissions: KeyPermissions;
  /** Addresses or CIDR ranges allowed to use the key; empty: any address. */
  ipList: string[];
  /** When it stops working (ms), or null. */
  expiresAt: number | null;
  /** When it was revoked (ms), or null. */
  revokedAt: number | null;
  /** Whether an operator has frozen the owner's account (seen within a few seconds of the freeze). */
  userFrozen: boolean;
}

/** How the trading API finds keys: implemented by the key store (`apikeys/keys.ts`). */
export interface ApiKeyLookup {
  /** The key with this public part, revoked and expired ones included (the caller refuses them). */
  find(apiKey: string): Promise<ApiKeyGrant | undefined>;
  /** Records a use (last used time and address); cheap enough to call on every request. */
  markUsed(grant: ApiKeyGrant, at: number, ip: string): void;
}
