import { describe, expect, it } from 'vitest';
import { samplePath } from '@/test/spec-route-table';
import { FEATURE_ROUTES } from './feature-routes';
import { matchRecordPath, recordPath } from './route-table';

describe('record addresses read from the found route declarations', () => {
  it('knows record routes and leaves the customer areas alone', () => {
    expect(matchRecordPath('/tickets/7')).toEqual({ kind: 'ticket', id: '7' });
    expect(matchRecordPath('/customers/abc/')).toEqual({ kind: 'customer', id: 'abc' });
    expect(matchRecordPath('/settings/organizations/o1')).toEqual({
      kind: 'organization',
      id: 'o1',
    });
    expect(matchRecordPath('/customers/tags')).toBeNull();
    expect(matchRecordPath('/customers/groups')).toBeNull();
    expect(matchRecordPath('/tickets')).toBeNull();
    expect(matchRecordPath('/tickets/1/extra')).toBeNull();
    expect(matchRecordPath('/customers/a%20b')).toEqual({ kind: 'customer', id: 'a b' });
  });

  it('opens tabs for the ticket, customer and organization routes only (spec section 2)', () => {
    const recordRoutes = FEATURE_ROUTES.flatMap((route) => {
      const record = matchRecordPath(samplePath(route.path));
      return record ? [[route.path, record.kind]] : [];
    });
    expect(Object.fromEntries(recordRoutes)).toEqual({
      '/tickets/:ticketId': 'ticket',
      '/customers/:customerId': 'customer',
      '/settings/organizations/:organizationId': 'organization',
    });
    expect(recordRoutes).toHaveLength(3);
  });

  it('builds the address of a record that reads back as the same record', () => {
    expect(recordPath('ticket', 7)).toBe('/tickets/7');
    expect(recordPath('organization', 3)).toBe('/settings/organizations/3');
    expect(recordPath('customer', 'a b')).toBe('/customers/a%20b');
    expect(matchRecordPath(recordPath('customer', 'a b'))).toEqual({ kind: 'customer', id: 'a b' });
  });
});
