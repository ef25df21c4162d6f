import { describe, expect, it } from 'vitest';
import { wsApiPayload } from './ws-api.js';

describe('wsApiPayload', () => {
  it('signs the parameters but the signature, sorted by name, as ccxt and Binance do', () => {
    expect(wsApiPayload({ timestamp: 1700000000000, apiKey: 'k', signature: 's', recvWindow: 5000 })).toBe(
      'apiKey=k&recvWindow=5000&timestamp=1700000000000',
    );
  });
});
