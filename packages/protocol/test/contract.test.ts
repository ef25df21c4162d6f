import { describe, expect, it } from 'vitest';
import * as api from '../src/api.js';
import { pathOf } from '../src/contract.js';

describe('pathOf: where an entry with path fields is sent', () => {
  it('puts each field in its segment and sends the rest as the query or body', () => {
    expect(pathOf(api.admin.users.logs.path, { id: 7, page: 2, limit: 20 })).toEqual({
      path: 'admin/users/7/logs',
      rest: { page: 2, limit: 20 },
    });
  });

  it('encodes a field, so it cannot reach another path', () => {
    expect(pathOf('admin/content/articles/:id', { id: '1/../../users' }).path).toBe(
      'admin/content/articles/1%2F..%2F..%2Fusers',
    );
  });

  it('refuses a call whose path field is missing or empty', () => {
    expect(() => pathOf(api.admin.users.detail.path, {})).toThrow('no id');
    expect(() => pathOf(api.admin.users.detail.path, { id: '' })).toThrow('no id');
  });

  it('leaves a path without fields and its payload as they are', () => {
    expect(pathOf(api.admin.users.freeze.path, { user_id: 3, reason: 'fraud case' })).toEqual({
      path: 'admin/users/freeze',
      rest: { user_id: 3, reason: 'fraud case' },
    });
  });
});
