import { describe, expect, it } from 'vitest';
import { TENANT_FEATURES, storedSwitches, tenantFeatures } from './features.js';
import { tenantConfigBody } from './tenants.schemas.js';

describe('tenant features', () => {
  it("turns automation on only when the tenant's workflow setting is 'enabled' (spec)", () => {
    expect(tenantFeatures({ workflow: 'enabled' })).toEqual({ automation: true });
    for (const settings of [{ workflow: 'disabled' }, { workflow: 'Enabled' }, {}, null])
      expect(tenantFeatures(settings)).toEqual({ automation: false });
  });

  it('shows every switch as stored, missing ones disabled', () => {
    expect(storedSwitches({ workflow: 'enabled' })).toEqual({ workflow: 'enabled' });
    expect(storedSwitches({})).toEqual({ workflow: 'disabled' });
  });

  it("takes each feature's switch in the tenant configuration, optional, in Vietnamese", () => {
    for (const { setting } of Object.values(TENANT_FEATURES)) {
      const shape = tenantConfigBody.shape[setting];
      expect(shape.safeParse(undefined).success).toBe(true);
      expect(shape.safeParse('enabled').success).toBe(true);
      expect(shape.safeParse('on').error?.issues[0]?.message).toBe('Giá trị không hợp lệ');
    }
  });
});
