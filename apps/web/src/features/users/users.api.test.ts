import { afterEach, describe, expect, it, vi } from 'vitest';
import { okBody } from '@omnicare/shared/platform/envelope';
import { staffSearchView } from '@omnicare/shared/users/users.schemas';
import { http } from '@/lib/http';
import { mockApi, ok } from '@/test/contract-fixtures';
import { staffUser } from '@/test/view-fixtures';
import { fetchStaffPage, searchUsers } from './users.api';

const CONTRACTS = { 'GET /v2/all-user': okBody(staffSearchView) };

const AN = staffUser({ _id: '1', name: 'An', email: 'a@x.vn', agent_id: '1' });

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
    const request = mockApi(CONTRACTS, () => ok({ list: [AN], total: 1 }));
    await expect(searchUsers({ keyword: '  an ' })).resolves.toEqual([AN]);
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
    const request = mockApi(CONTRACTS, () => ok({ list: [], total: 0 }));
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

describe('staff pages for pickers', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the first page without a keyword, and looks users up by id', async () => {
    const request = mockApi(CONTRACTS, () => ok({ list: [], total: 42 }));
    await expect(fetchStaffPage({ keyword: ' ', page: 2, page_size: 20 })).resolves.toEqual({
      list: [],
      total: 42,
    });
    expect((request.mock.calls[0]?.[0] as { params: unknown }).params).toEqual({
      keyword: undefined,
      roles: '["administrator","agent","supervisor","team_leader"]',
      ids: undefined,
      page: 2,
      page_size: 20,
    });
    await fetchStaffPage({ ids: ['a', 'b'], page: 1, page_size: 100 });
    expect((request.mock.calls[1]?.[0] as { params: { ids: string } }).params.ids).toBe('a,b');
  });

  it('keeps the spec rule: one character is not sent', async () => {
    const request = vi.spyOn(http, 'request');
    await expect(fetchStaffPage({ keyword: 'a', page: 1, page_size: 20 })).resolves.toEqual({
      list: [],
      total: 0,
    });
    expect(request).not.toHaveBeenCalled();
  });
});
