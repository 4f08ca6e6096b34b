import { describe, expect, it } from 'vitest';
import type { CustomField } from '@omnicare/shared/fields/fields.schemas';
import { emptyCustomerForm, payloadFor, validateCustomerForm } from './customer-form-state';

const shown: CustomField[] = [
  {
    _id: 'f1',
    entity: 'customer',
    key: 'ma_cu',
    label: 'Mã khách hàng cũ',
    type: 'text',
    required: false,
    options: [],
    position: 0,
    active: true,
  },
];

describe('the customer form and custom fields', () => {
  it('neither checks nor sends values of fields it does not show (switched off)', () => {
    const form = {
      ...emptyCustomerForm(),
      name: 'Khách Có Trường Tắt',
      custom: { ma_cu: 'OLD-002', so_thich: ['Du lịch'] },
    };
    expect(validateCustomerForm(form, shown)).toEqual({});
    expect(payloadFor(form, shown).custom).toEqual({ ma_cu: 'OLD-002' });
  });
});
