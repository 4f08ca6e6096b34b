import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { TiktokRedirectPage } from './pages/tiktok-redirect-page';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/tiktok-redirect', element: <TiktokRedirectPage /> }],
    {
      initialEntries: [path],
    },
  );
  render(<RouterProvider router={router} />);
}

describe('/tiktok-redirect', () => {
  it('says TikTok cannot be connected yet, and never shows the code', () => {
    renderAt('/tiktok-redirect?code=secret-code-123&state=abc&scopes=user.info.basic');
    expect(screen.getByRole('heading', { name: 'Kết nối TikTok' })).toBeInTheDocument();
    expect(screen.getByText(/chưa hỗ trợ kết nối TikTok/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('secret-code-123');
    expect(screen.getByRole('link', { name: 'Về cài đặt kênh' })).toHaveAttribute(
      'href',
      '/settings/multi-channels/tiktok',
    );
  });

  it("shows the provider's error", () => {
    renderAt('/tiktok-redirect?error=access_denied&error_description=User%20denied&state=abc');
    expect(screen.getByRole('alert')).toHaveTextContent('TikTok báo lỗi khi kết nối:');
    expect(screen.getByRole('alert')).toHaveTextContent('access_denied: User denied');
  });

  it('opened without a redirect, says what it is for', () => {
    renderAt('/tiktok-redirect');
    expect(screen.getByText(/chỉ dùng khi TikTok chuyển hướng về/)).toBeInTheDocument();
  });
});
