import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION } from '@omnicare/shared/audit/audit-actions';
import type { AuditInput } from './audit.repository.js';

describe('audit actions', () => {
  it('takes only the actions listed for an entity (checked when the server compiles)', () => {
    const entry = (input: AuditInput) => `${input.entity}.${input.action}`;
    const base = { tenantId: 't', actorId: null } as Omit<AuditInput, 'entity' | 'action'>;
    expect(entry({ ...base, entity: 'customer', action: 'add_tag' })).toBe('customer.add_tag');
    // @ts-expect-error the server never writes customer.import
    entry({ ...base, entity: 'customer', action: 'import' });
    // @ts-expect-error a staff member is not added to a customer group
    entry({ ...base, entity: 'user', action: 'add_group' });
    // @ts-expect-error one name for a password reset: reset_password
    entry({ ...base, entity: 'user', action: 'password_reset' });
    expect(AUDIT_ACTION.is(entry({ ...base, entity: 'user', action: 'reset_password' }))).toBe(
      true,
    );
  });
});
