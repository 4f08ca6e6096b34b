import { describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { CustomerAvatar, customerInitials } from './customer-avatar';

describe('customer initials', () => {
  it('takes the first letters of the first and last words made of letters', () => {
    expect(customerInitials('Trương Thị Thanh Tâm (VIP)')).toBe('TT');
    expect(customerInitials('Đặng Thị Phúc')).toBe('ĐP');
    expect(customerInitials('  ánh   dương ')).toBe('ÁD');
    expect(customerInitials('Nguyễn Văn An 2')).toBe('NA');
    expect(customerInitials('Lan')).toBe('L');
  });

  it('reads a decomposed name like a composed one', () => {
    expect(customerInitials('Đặng Ánh'.normalize('NFD'))).toBe('ĐÁ');
  });

  it('falls back to the first letter anywhere, else a question mark', () => {
    expect(customerInitials('(VIP) 0912')).toBe('V');
    expect(customerInitials('Công-ty ABC!')).toBe('C');
    expect(customerInitials('#1-2')).toBe('?');
    expect(customerInitials('0912 345 678')).toBe('?');
    expect(customerInitials('+++')).toBe('?');
  });

  it('keeps its text inside the circle', () => {
    const { container } = render(<CustomerAvatar name="Trương Thị Thanh Tâm (VIP)" url={null} />);
    const circle = container.firstElementChild;
    expect(circle).toHaveTextContent(/^TT$/);
    expect(circle).toHaveClass('overflow-hidden', 'rounded-full', 'whitespace-nowrap');
  });

  it('shows only an image the server stored', () => {
    const stored = render(<CustomerAvatar name="Lan" url="/files/avatars/t1/a1.png" />);
    expect(stored.container.querySelector('img')).toHaveAttribute(
      'src',
      '/files/avatars/t1/a1.png',
    );
    for (const url of ['javascript:alert(1)', 'https://attacker.example/a.png']) {
      const other = render(<CustomerAvatar name="Lan" url={url} />);
      expect(other.container.querySelector('img')).toBeNull();
      expect(other.container.firstElementChild).toHaveTextContent(/^L$/);
    }
  });

  it('falls back to the initials when the picture fails to load', () => {
    const view = render(<CustomerAvatar name="Đặng Thị Phúc" url="/files/avatars/t1/gone.png" />);
    const img = view.container.querySelector('img');
    if (!img) throw new Error('no picture');
    fireEvent.error(img);
    expect(view.container.querySelector('img')).toBeNull();
    expect(view.container.firstElementChild).toHaveTextContent(/^ĐP$/);
  });
});
