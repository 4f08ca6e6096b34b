import { describe, expect, it } from 'vitest';
import { previewRowProblems } from './customer-import.schemas.js';

const targets = [
  { key: 'name', label: 'Tên khách hàng', required: true },
  { key: 'phone', label: 'Số điện thoại', required: false },
  { key: 'email', label: 'Email', required: false },
  { key: 'custom.cccd', label: 'Số CCCD', required: true },
];

describe('previewRowProblems', () => {
  const mapping = { name: 0, phone: 1, email: 2, 'custom.cccd': 3 };
  it('passes a good row', () => {
    expect(previewRowProblems(['An', '0912 345 678', 'a@b.vn', '0123'], mapping, targets)).toEqual(
      [],
    );
  });
  it('names a missing name, a bad phone or email, and a blank required field', () => {
    expect(previewRowProblems([' ', '12345', 'khong-phai-email', ''], mapping, targets)).toEqual([
      'Tên khách hàng không được bỏ trống',
      'Số điện thoại không hợp lệ',
      'Email không hợp lệ',
      'Số CCCD không được bỏ trống (khi tạo khách hàng mới)',
    ]);
  });
  it('counts an unmapped required field as blank', () => {
    expect(previewRowProblems(['An'], { name: 0 }, targets)).toEqual([
      'Số CCCD không được bỏ trống (khi tạo khách hàng mới)',
    ]);
  });
});
