import { describe, expect, it } from 'vitest';
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
