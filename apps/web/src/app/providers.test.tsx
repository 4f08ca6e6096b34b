import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { Providers } from './providers';

function RaisesAtOnce() {
  useEffect(() => void toast.error('Lỗi kết nối mạng'), []);
  return <p>Màn hình đầu</p>;
}

describe('the toast host', () => {
  it('loads with the first toast, which then shows', async () => {
    render(
      <Providers>
        <RaisesAtOnce />
      </Providers>,
    );
    expect(screen.getByText('Màn hình đầu')).toBeVisible();
    expect(screen.queryByText('Lỗi kết nối mạng')).toBeNull();
    expect(await screen.findByText('Lỗi kết nối mạng')).toBeVisible();
    expect(screen.getByText('Đã xảy ra lỗi')).toBeVisible();
  });
});
