import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ticketTemplateView,
  type TicketTemplate,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { fixture } from '@/test/contract-fixtures';
import { TicketTemplatePicker } from './ticket-template-picker';

const template = (_id: string, name: string): TicketTemplate =>
  fixture('GET /v2/templates', ticketTemplateView, {
    _id,
    name,
    subject: name,
    description: '',
    type_id: null,
    priority_id: null,
    service_id: null,
    type: null,
    priority: null,
    service: null,
    tag_ids: [],
    tags: [],
    custom: {},
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  });
const TEMPLATES = [template('a', 'Đổi gói cước'), template('b', 'Báo hỏng thiết bị')];

/** The new-ticket form's use: it keeps the applied template and hands it back. */
function Form() {
  const [applied, setApplied] = useState<string | null>(null);
  return (
    <TicketTemplatePicker
      templates={TEMPLATES}
      value={applied}
      onApply={(chosen) => setApplied(chosen._id)}
    />
  );
}

describe('the ticket template picker', () => {
  it('shows which template was applied', async () => {
    render(<Form />);
    const picker = screen.getByLabelText('Mẫu ticket');
    expect(picker).toHaveDisplayValue('Chọn mẫu để điền sẵn…');
    await userEvent.selectOptions(picker, 'Báo hỏng thiết bị');
    expect(picker).toHaveDisplayValue('Báo hỏng thiết bị');
    expect(picker).toHaveAccessibleDescription(
      'Đã điền theo mẫu "Báo hỏng thiết bị"; các trường vẫn sửa được.',
    );
    await userEvent.selectOptions(picker, 'Đổi gói cước');
    expect(picker).toHaveDisplayValue('Đổi gói cước');
  });
});
