import { describe, expect, it } from 'vitest';
import { shownAddress } from './display.js';

describe('an address as shown', () => {
  const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  it('is the EIP-55 checksummed form on an EVM chain, whatever case it was kept in', () => {
    expect(shownAddress('evm', checksummed.toLowerCase())).toBe(checksummed);
    expect(shownAddress('evm', `0x${checksummed.slice(2).toUpperCase()}`)).toBe(checksummed);
    expect(shownAddress('evm', checksummed)).toBe(checksummed);
  });
  it('is left as kept elsewhere, or when it is not an EVM address', () => {
    expect(shownAddress('btc', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toBe(
      'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
    );
    expect(shownAddress('tron', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe(
      'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    );
    expect(shownAddress('evm', '0x1234')).toBe('0x1234');
  });
});
