import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SLA_DUE_SOON_MINUTES } from '@omnicare/shared/tickets/tickets.schemas';
import { SlaLabel, spanText } from './ticket-badges';

const NOW = Date.parse('2026-03-02T08:00:00.000Z');
const at = (minutesFromNow: number) => new Date(NOW + minutesFromNow * 60_000).toISOString();

describe('SLA at a glance', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('says spans as agents do', () => {
    expect(spanText(30_000)).toBe('dưới 1 phút');
    expect(spanText(45 * 60_000)).toBe('45 phút');
    expect(spanText(120 * 60_000)).toBe('2 giờ');
    expect(spanText(130 * 60_000)).toBe('2 giờ 10 phút');
    expect(spanText(3 * 24 * 60 * 60_000)).toBe('3 ngày');
    expect(spanText((3 * 24 + 4) * 60 * 60_000 + 59_000)).toBe('3 ngày 4 giờ');
    // A list's narrow column: the largest unit only.
    expect(spanText((3 * 24 + 4) * 60 * 60_000, true)).toBe('3 ngày');
    expect(spanText(130 * 60_000, true)).toBe('2 giờ');
    expect(spanText(45 * 60_000, true)).toBe('45 phút');
  });

  it('shows the time left, amber when due soon, the due moment on hover', () => {
    const { rerender } = render(<SlaLabel dueAt={at(5 * 60)} breachedAt={null} />);
    const later = screen.getByText('còn 5 giờ');
    expect(later).not.toHaveClass('text-amber-700');
    expect(later).toHaveAttribute('title', expect.stringMatching(/^Hạn xử lý: /));
    rerender(<SlaLabel dueAt={at(SLA_DUE_SOON_MINUTES - 15)} breachedAt={null} />);
    expect(screen.getByText(`còn ${SLA_DUE_SOON_MINUTES - 15} phút`)).toHaveClass('text-amber-700');
  });

  it('shows how long overdue in red, from the due moment or the breach', () => {
    const { rerender } = render(<SlaLabel dueAt={at(-120)} breachedAt={null} />);
    expect(screen.getByText('Quá hạn 2 giờ')).toBeInTheDocument();
    rerender(<SlaLabel dueAt={null} breachedAt={at(-45)} />);
    expect(screen.getByText('Quá hạn 45 phút')).toBeInTheDocument();
    rerender(<SlaLabel dueAt={null} breachedAt={null} />);
    expect(screen.queryByText(/Quá hạn|còn/)).not.toBeInTheDocument();
  });
});
