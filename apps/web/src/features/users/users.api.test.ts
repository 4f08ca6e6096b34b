import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { searchUsers } from './users.api';

describe('user search helper (spec section 5)', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([undefined, null, '', ' ', 'a', '  b  '])(
    'returns [] without calling for %j',
    async (keyword) => {
      const request = vi.spyOn(http, 'request');
      await expect(searchUsers({ keyword })).resolves.toEqual([]);
      expect(request).not.toHaveBeenCalled();
    },
  );

  it('sends the trimmed keyword and the four staff roles as JSON, and reads list', async () => {
    const list = [{ _id: '1', name: 'An', email: 'a@x.vn', role: 'agent', agent_id: '1' }];
    const request = vi
      .spyOn(http, 'request')
      .mockResolvedValue({ data: { statusCode: 200, data: { list, total: 1 } } });
    await expect(searchUsers({ keyword: '  an ' })).resolves.toEqual(list);
    const config = request.mock.calls[0]?.[0] as { url?: string; params: Record<string, string> };
    expect(config?.url).toBe('/v2/all-user');
    expect(config?.params).toMatchObject({ keyword: 'an' });
    expect(JSON.parse(config.params.roles ?? '')).toEqual([
      'administrator',
      'agent',
      'supervisor',
      'team_leader',
    ]);
  });

  it('passes chosen roles and extras', async () => {
    const request = vi
      .spyOn(http, 'request')
      .mockResolvedValue({ data: { statusCode: 200, data: {} } });
    await expect(
      searchUsers({ keyword: 'le', roles: ['team_leader'], extra: { active: true } }),
    ).resolves.toEqual([]);
    expect((request.mock.calls[0]?.[0] as { params: unknown }).params).toEqual({
      active: true,
      keyword: 'le',
      roles: '["team_leader"]',
    });
  });
});
