import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { markToastHostListening, onToastWanted, resetToastMemory, toast } from './toast';

/** The host's sonner toast, as the host lends it. */
const sonner = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
const listen = () => markToastHostListening(sonner);

describe('toasts raised before the host listens', () => {
  it('ask for the host, wait, then show once it is mounted', () => {
    resetToastMemory();
    Object.values(sonner).forEach((fn) => fn.mockClear());
    const wanted = vi.fn();
    const stop = onToastWanted(wanted);
    expect(wanted).not.toHaveBeenCalled();
    expect(toast.error('Phiên hết hạn')).toBe(true);
    expect(wanted).toHaveBeenCalledTimes(1);
    expect(sonner.error).not.toHaveBeenCalled();
    // A host that starts listening later hears at once that a toast waits.
    const late = vi.fn();
    stop();
    onToastWanted(late)();
    expect(late).toHaveBeenCalledTimes(1);
    listen();
    expect(sonner.error).toHaveBeenCalledWith('Đã xảy ra lỗi', {
      description: 'Phiên hết hạn',
      duration: 4000,
    });
  });
});

describe('toasts (spec section 8)', () => {
  beforeEach(() => {
    listen();
    vi.useFakeTimers();
    resetToastMemory();
    Object.values(sonner).forEach((fn) => fn.mockClear());
  });
  afterEach(() => vi.useRealTimers());

  it("titles errors 'Đã xảy ra lỗi' with the message and closes after 4000 ms", () => {
    toast.error('Lỗi kết nối mạng');
    expect(sonner.error).toHaveBeenCalledWith('Đã xảy ra lỗi', {
      description: 'Lỗi kết nối mạng',
      duration: 4000,
    });
  });

  it.each(['error', 'success', 'info'] as const)(
    'suppresses the same %s message for 2 s',
    (kind) => {
      expect(toast[kind]('Xóa thành công')).toBe(true);
      vi.advanceTimersByTime(1_999);
      expect(toast[kind]('Xóa thành công')).toBe(false);
      expect(sonner[kind]).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(toast[kind]('Xóa thành công')).toBe(true);
      expect(sonner[kind]).toHaveBeenCalledTimes(2);
    },
  );

  it('shows different messages, and the same text of another kind, at once', () => {
    toast.error('A');
    toast.error('B');
    toast.success('A');
    expect(sonner.error).toHaveBeenCalledTimes(2);
    expect(sonner.success).toHaveBeenCalledTimes(1);
  });
});
