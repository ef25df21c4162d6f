import { describe, expect, it } from 'vitest';
import { bucketStart, zoneOffset } from './periods.js';

const SH = 'Asia/Shanghai';
// 2026-11-18 (a Wednesday) 01:30 in Shanghai is 2026-11-17 17:30 UTC.
const t = Date.UTC(2026, 10, 17, 17, 30, 45);

describe('kline buckets in the exchange time zone', () => {
  it('knows the zone offset', () => {
    expect(zoneOffset(t, SH)).toBe(8 * 3_600_000);
    expect(zoneOffset(t, 'UTC')).toBe(0);
  });

  it('cuts minute periods on the local clock', () => {
    expect(bucketStart(t, '1min', SH)).toBe(Date.UTC(2026, 10, 17, 17, 30));
    expect(bucketStart(t, '15min', SH)).toBe(Date.UTC(2026, 10, 17, 17, 30));
    expect(bucketStart(t, '60min', SH)).toBe(Date.UTC(2026, 10, 17, 17, 0));
    // India is 5:30 ahead: its hours start at :30 UTC.
    expect(bucketStart(t, '60min', 'Asia/Kolkata')).toBe(Date.UTC(2026, 10, 17, 17, 30));
  });

  it('starts days at local midnight, weeks on Monday, months on the 1st', () => {
    expect(bucketStart(t, '1day', SH)).toBe(Date.UTC(2026, 10, 17, 16, 0));
    expect(bucketStart(t, '1week', SH)).toBe(Date.UTC(2026, 10, 15, 16, 0));
    expect(bucketStart(t, '1mon', SH)).toBe(Date.UTC(2026, 9, 31, 16, 0));
    expect(bucketStart(t, '1day', 'UTC')).toBe(Date.UTC(2026, 10, 17));
  });

  it('follows daylight saving time where the zone has it', () => {
    // New York: EDT (-4) until 2026-11-01 02:00, then EST (-5).
    const afterChange = Date.UTC(2026, 10, 1, 12, 0);
    expect(bucketStart(afterChange, '1day', 'America/New_York')).toBe(Date.UTC(2026, 10, 1, 4, 0));
    expect(bucketStart(afterChange, '1mon', 'America/New_York')).toBe(Date.UTC(2026, 10, 1, 4, 0));
    expect(bucketStart(Date.UTC(2026, 10, 2, 12, 0), '1day', 'America/New_York')).toBe(
      Date.UTC(2026, 10, 2, 5, 0),
    );
  });

  it('puts every time inside its own bucket', () => {
    for (let i = 0; i < 500; i += 1) {
      const time = Date.UTC(2026, 0, 1) + i * 7_919_333;
      for (const period of ['1min', '5min', '60min', '1day', '1week', '1mon'] as const) {
        const start = bucketStart(time, period, SH);
        expect(start).toBeLessThanOrEqual(time);
        expect(bucketStart(start, period, SH)).toBe(start);
      }
    }
  });
});
