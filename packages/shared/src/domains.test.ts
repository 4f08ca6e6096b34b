import { describe, expect, it } from 'vitest';
import { DOMAINS, gather } from './domains.js';
import { PERMISSIONS } from './users/permissions.js';

describe('domains', () => {
  it('gathers every domain’s entries, each under its own key', () => {
    const declared = DOMAINS.flatMap((domain) =>
      Object.keys('permissions' in domain ? domain.permissions : {}),
    );
    expect(Object.keys(PERMISSIONS).sort()).toEqual(declared.sort());
    expect(PERMISSIONS['queue.manage']).toEqual(['administrator', 'supervisor']);
  });

  it('refuses a key two domains declare', () => {
    const twice = [
      { auditActions: { 'thing.create': 'Tạo' } },
      { auditActions: { 'thing.create': 'Tạo lại' } },
    ];
    expect(() => gather('auditActions', twice)).toThrow(
      'auditActions: thing.create is declared twice',
    );
  });
});
