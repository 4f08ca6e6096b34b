import { describe, expect, it } from 'vitest';
import { diffRecords, displayValue } from './audit-diff';
import { withLeader } from './department-form';
import { memberRequestBody } from './member-form';
import { staffKeyword } from './pages/members-page';

describe('staff search keyword (spec section 5)', () => {
  it.each([
    ['', undefined],
    [' a ', undefined],
    ['  an ', 'an'],
    ['nguyễn văn', 'nguyễn văn'],
  ])('%j -> %j', (input, expected) => expect(staffKeyword(input)).toBe(expected));
});

describe('change history', () => {
  it('lists only what changed, in words people read', () => {
    const changes = diffRecords(
      { name: 'An', role: 'agent', active: true, groups: [], updated_at: '1' },
      {
        name: 'An',
        role: 'team_leader',
        active: false,
        groups: [{ _id: 'g', name: 'CSKH' }],
        updated_at: '2',
      },
    );
    expect(changes).toEqual([
      { field: 'role', label: 'Vai trò', before: 'Chuyên viên', after: 'Trưởng bộ phận' },
      { field: 'active', label: 'Trạng thái', before: 'Hoạt động', after: 'Vô hiệu hóa' },
      { field: 'groups', label: 'Phòng ban', before: '—', after: 'CSKH' },
    ]);
    expect(displayValue('hotline', null)).toBe('—');
  });
});

describe('request bodies', () => {
  it('leaves an empty SIP password out and the password only when creating', () => {
    const values = {
      name: 'A',
      email: 'a@x.vn',
      phone: '',
      role: 'agent' as const,
      agent_id: '1',
      sip_username: '',
      sip_gateway_url: '',
      hotline: '',
      sip_password: '',
      password: 'abc12345',
    };
    expect(memberRequestBody(values, 'edit')).not.toHaveProperty('sip_password');
    expect(memberRequestBody(values, 'edit')).not.toHaveProperty('password');
    expect(memberRequestBody({ ...values, sip_password: 's3' }, 'create')).toMatchObject({
      sip_password: 's3',
      password: 'abc12345',
    });
  });

  it('adds the leader to the members once', () => {
    expect(withLeader(['a'], 'b')).toEqual(['a', 'b']);
    expect(withLeader(['a', 'b'], 'b')).toEqual(['a', 'b']);
    expect(withLeader(['a'], null)).toEqual(['a']);
  });
});
