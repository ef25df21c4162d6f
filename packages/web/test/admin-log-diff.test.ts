import { describe, expect, it } from 'vitest';
import { diffValues, flatten } from '../src/console/log/diff.js';

describe('operator log diff', () => {
  it('flattens nested values by path, empty containers and bare values as leaves', () => {
    expect([...flatten({ a: 1, b: { c: 'x', d: [true, null] }, e: {}, f: [] })]).toEqual([
      ['a', '1'],
      ['b.c', '"x"'],
      ['b.d[0]', 'true'],
      ['b.d[1]', 'null'],
      ['e', '{}'],
      ['f', '[]'],
    ]);
    expect([...flatten('0.1')]).toEqual([['(value)', '"0.1"']]);
    expect([...flatten([{ id: 3 }])]).toEqual([['[0].id', '3']]);
  });

  it('marks each line same, changed, removed or added', () => {
    const lines = diffValues(
      { status: 'open', fee: { rate: '0.001', min: '1' }, note: 'x' },
      { status: 'closed', fee: { rate: '0.001' }, at: 5 },
    );
    expect(lines).toEqual([
      { path: 'status', before: '"open"', after: '"closed"', change: 'changed' },
      { path: 'fee.rate', before: '"0.001"', after: '"0.001"', change: 'same' },
      { path: 'fee.min', before: '"1"', change: 'removed' },
      { path: 'note', before: '"x"', change: 'removed' },
      { path: 'at', after: '5', change: 'added' },
    ]);
  });

  it('without a before, everything after is added; without an after, everything before is removed', () => {
    expect(diffValues(null, { id: 7 })).toEqual([{ path: 'id', after: '7', change: 'added' }]);
    expect(diffValues({ id: 7 }, null)).toEqual([{ path: 'id', before: '7', change: 'removed' }]);
    expect(diffValues(null, null)).toEqual([]);
  });

  it('tells a string from a number and a changed type', () => {
    expect(diffValues({ v: '1' }, { v: 1 })).toEqual([
      { path: 'v', before: '"1"', after: '1', change: 'changed' },
    ]);
    expect(diffValues({ v: { a: 1 } }, { v: 'gone' })).toEqual([
      { path: 'v.a', before: '1', change: 'removed' },
      { path: 'v', after: '"gone"', change: 'added' },
    ]);
  });
});
