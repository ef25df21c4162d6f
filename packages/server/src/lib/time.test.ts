import { describe, expect, it } from 'vitest';
import { formatDateTime, wallClock } from './time.js';
import { seededRandom } from '../spot/maker-rules.js';

const ZONES = [
  'Asia/Shanghai',
  'UTC',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe', // half-hour daylight saving
  'Asia/Kathmandu', // +05:45
  'America/St_Johns', // -03:30 with daylight saving
];

describe('formatDateTime', () => {
  it("equals the zone's wall clock as Intl formats it, at random times and around each change", () => {
    const next = seededRandom(7);
    const from = Date.UTC(2000, 0, 1);
    const to = Date.UTC(2040, 0, 1);
    for (const zone of ZONES) {
      const intl = wallClock(zone);
      const times: number[] = [];
      for (let i = 0; i < 2000; i += 1) times.push(Math.floor(from + next() * (to - from)));
      // Every 15 minutes through 2026, which holds each zone's changes of that year.
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 15 * 60_000) times.push(t - 1, t);
      // One assertion per zone: an expect per time made this test take 15 s.
      const differing = times.filter((time) => formatDateTime(time, zone) !== intl.format(time));
      expect(differing.slice(0, 5).map((time) => `${zone} ${time}`)).toEqual([]);
    }
  });
});
