import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { errorReporter } from '@/lib/error-reporter';
import { RouteErrorScreen } from './error-screen';
import { NotFoundPage } from './not-found-page';

function Boom(): never {
  throw new Error('kaboom');
}

function Home() {
  return <p data-testid="home">{useLocation().pathname}</p>;
}

describe('generic error screen (spec section 2)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the spec texts, reports the error once and goes back to /', async () => {
    const report = vi.spyOn(errorReporter, 'report').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        { path: '/', element: <Home /> },
        { path: '/broken', element: <Boom />, errorElement: <RouteErrorScreen /> },
      ],
      { initialEntries: ['/broken'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Oops! Đã có lỗi trong quá trình xử lý')).toBeInTheDocument();
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0]?.[0]).toMatchObject({ kind: 'render', message: 'kaboom' });
    expect(report.mock.calls[0]?.[1]).toEqual({ immediate: true });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(screen.getByText(/kaboom/, { selector: 'pre' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide Error' }));
    await user.click(screen.getByRole('button', { name: 'Trở lại' }));
    expect(await screen.findByTestId('home')).toHaveTextContent('/');
  });
});

describe('/page-404', () => {
  const renderAt = (url: string) =>
    render(
      <RouterProvider
        router={createMemoryRouter(
          [
            { path: '/page-404', element: <NotFoundPage /> },
            { path: '/', element: <Home /> },
          ],
          { initialEntries: [url] },
        )}
      />,
    );

  it('has the default title and message and a way home', async () => {
    renderAt('/page-404');
    expect(screen.getByRole('heading', { name: '404 - Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText('Đường dẫn không tồn tại, bạn hãy kiểm tra lại đường dẫn có đúng không?'),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Quay lại trang chủ' }));
    expect(await screen.findByTestId('home')).toBeInTheDocument();
  });

  it('reads title and message from the search parameters', () => {
    renderAt('/page-404?title=C%E1%BA%A3nh+b%C3%A1o&message=Kh%C3%B4ng+%C4%91%C6%B0%E1%BB%A3c');
    expect(screen.getByRole('heading', { name: 'Cảnh báo' })).toBeInTheDocument();
    expect(screen.getByText('Không được')).toBeInTheDocument();
  });
});
