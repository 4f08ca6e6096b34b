import { describe, expect, it } from 'vitest';
import { BULK_CUSTOMER_ACTIONS } from '../customers/customers.schemas.js';
import { AUDIT_ACTION, auditActionLabel } from './audit-actions.js';

describe('audit actions', () => {
  it('gives every listed action a Vietnamese label of its own', () => {
    for (const action of AUDIT_ACTION.values) {
      expect(action).toMatch(/^[a-z_]+\.[a-z_]+$/);
      expect(AUDIT_ACTION.label(action)).not.toBe(action);
      expect(AUDIT_ACTION.label(action).length).toBeGreaterThan(2);
    }
  });

  it('lists what the customers bulk action writes', () => {
    for (const action of BULK_CUSTOMER_ACTIONS)
      expect(AUDIT_ACTION.is(`customer.${action}`)).toBe(true);
  });

  it('reads a self-service reset stored under its former name as a password reset', () => {
    expect(auditActionLabel('user.password_reset')).toBe('Đặt lại mật khẩu');
    expect(auditActionLabel('user.reset_password')).toBe('Đặt lại mật khẩu');
    expect(AUDIT_ACTION.is('user.password_reset')).toBe(false);
  });

  it('shows an unknown kind as it is', () => {
    expect(auditActionLabel('ticket.close')).toBe('ticket.close');
  });
});
