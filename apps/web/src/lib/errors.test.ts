import { describe, expect, it, vi } from 'vitest';
import { ApiError, applyFieldErrors, fieldErrorMessages } from './errors';

const invalid = (fieldErrors: { param: string; message: string }[]) =>
  new ApiError({ kind: 'http', status: 422, message: 'Validation Failed', fieldErrors });

describe('field errors of a 422', () => {
  it('keeps the fields asked for, the last message of a field twice named', () => {
    const error = invalid([
      { param: 'name', message: 'Tên quá dài' },
      { param: 'other', message: 'Không hỏi' },
      { param: 'name', message: 'Tên đã tồn tại' },
    ]);
    expect(fieldErrorMessages(error, ['name', 'description'] as const)).toEqual({
      name: 'Tên đã tồn tại',
    });
  });

  it('is null for other failures or when no field is named', () => {
    expect(fieldErrorMessages(new Error('x'), ['name'] as const)).toBeNull();
    expect(fieldErrorMessages(invalid([{ param: 'x', message: 'y' }]), ['name'] as const)).toBe(
      null,
    );
  });

  it('sets them on a react-hook-form and says whether any matched', () => {
    const setError = vi.fn();
    expect(
      applyFieldErrors(invalid([{ param: 'email', message: 'Sai' }]), setError, ['email']),
    ).toBe(true);
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Sai' });
    expect(applyFieldErrors(new Error('x'), setError, ['email'])).toBe(false);
  });
});
