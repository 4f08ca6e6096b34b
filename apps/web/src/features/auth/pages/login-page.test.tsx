import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@/lib/errors';
import { useSessionStore } from '@/stores/session-store';
import { storedUser } from '@/test/signed-in';
import { LoginPage } from './login-page';

const login = vi.hoisted(() => vi.fn());
vi.mock('../auth.api', () => ({ login }));

function renderPage() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Mật khẩu'),
    submit: screen.getByRole('button', { name: 'Đăng nhập' }),
  };
}

describe('the sign-in form', () => {
  afterEach(() => {
    login.mockReset();
    useSessionStore.getState().clear();
  });

  it("shows the shared schema's messages, sends nothing and puts the focus on the first field", async () => {
    const user = userEvent.setup();
    const { email, password, submit } = renderPage();
    await user.click(submit);
    expect(await screen.findByText('Email không được bỏ trống')).toBeVisible();
    expect(screen.getByText('Mật khẩu không được bỏ trống')).toBeVisible();
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // Once submitted, every change is checked again.
    await user.type(email, 'an@');
    expect(screen.getByText('Email không hợp lệ')).toBeVisible();
    await user.type(email, 'demo.vn');
    expect(screen.queryByText('Email không hợp lệ')).toBeNull();
    await user.click(submit);
    expect(password).toHaveFocus();
    expect(login).not.toHaveBeenCalled();
  });

  it('sends what the schema makes of the input and signs in', async () => {
    login.mockResolvedValue(storedUser('agent'));
    const user = userEvent.setup();
    const { email, password, submit } = renderPage();
    await user.type(email, '  An@Demo.VN ');
    await user.type(password, 'Demo@123456');
    await user.click(submit);
    await waitFor(() => expect(useSessionStore.getState().user?.token).toBe('tok-agent'));
    expect(login.mock.calls[0]?.[0]).toEqual({ email: 'an@demo.vn', password: 'Demo@123456' });
  });

  it("shows the server's refusal until the input changes, and its field errors on the fields", async () => {
    login.mockRejectedValueOnce(
      new ApiError({ kind: 'http', status: 400, message: 'Email hoặc mật khẩu không đúng' }),
    );
    const user = userEvent.setup();
    const { email, password, submit } = renderPage();
    await user.type(email, 'an@demo.vn');
    await user.type(password, 'sai');
    await user.click(submit);
    expect(await screen.findByText('Email hoặc mật khẩu không đúng')).toBeVisible();
    await user.type(password, 'x');
    expect(screen.queryByText('Email hoặc mật khẩu không đúng')).toBeNull();
    login.mockRejectedValueOnce(
      new ApiError({
        kind: 'http',
        status: 422,
        message: 'Validation Failed',
        fieldErrors: [{ param: 'password', message: 'Mật khẩu không được vượt quá 128 ký tự' }],
      }),
    );
    await user.click(submit);
    expect(await screen.findByText('Mật khẩu không được vượt quá 128 ký tự')).toBeVisible();
    expect(password).toHaveFocus();
  });
});
