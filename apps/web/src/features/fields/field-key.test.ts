import { describe, expect, it } from 'vitest';
import { fieldBody } from '@omnicare/shared/fields/fields.schemas';
import { keyFromLabel } from './field-key';

describe('keyFromLabel', () => {
  it('turns a Vietnamese label into a key the server takes', () => {
    const cases: [string, string][] = [
      ['Mã KH cũ', 'ma_kh_cu'],
      ['Đơn vị / Phòng ban', 'don_vi_phong_ban'],
      ['  Ngày ký hợp đồng (gần nhất) ', 'ngay_ky_hop_dong_gan_nhat'],
      ['2024 doanh thu', 'truong_2024_doanh_thu'],
      [
        'Tỉnh thành nơi khách hàng sinh sống và làm việc lâu nhất',
        'tinh_thanh_noi_khach_hang_sinh_song_va',
      ],
    ];
    for (const [label, key] of cases) {
      expect(keyFromLabel(label)).toBe(key);
      const parsed = fieldBody.safeParse({ entity: 'customer', key, label, type: 'text' });
      expect(parsed.success, label).toBe(true);
    }
  });

  it('suggests nothing for a label without letters or digits', () => {
    expect(keyFromLabel('  ')).toBe('');
    expect(keyFromLabel('---')).toBe('');
  });
});
