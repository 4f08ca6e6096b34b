import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import {
  customerDetailView,
  customerDuplicateView,
  customerListItemView,
  tagGroupView,
  type CustomerDetail,
} from '@omnicare/shared/customers/customers.schemas';
import { customFieldView } from '@omnicare/shared/fields/fields.schemas';
import { cityView } from '@omnicare/shared/locations/locations.schemas';
import { okBody } from '@omnicare/shared/platform/envelope';
import { fixture, mockApi, ok } from '@/test/contract-fixtures';
import { customerDetail } from '@/test/view-fixtures';
import { MergeDialog } from './merge-dialog';

const FIELDS = fixture('GET /v2/fields', z.array(customFieldView), [
  {
    _id: 'f1',
    entity: 'customer',
    key: 'ma_cu',
    label: 'Mã khách hàng cũ',
    type: 'text',
    required: false,
    options: [],
    position: 0,
    active: true,
  },
]);

let nextNumber = 1;
const customer = (id: string, changes: Partial<CustomerDetail>): CustomerDetail =>
  customerDetail({
    _id: id,
    number: nextNumber++,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    ...changes,
  });

const SURVIVOR = customer('s1', {
  phone: '+84912345678',
  phones: [{ phone: '+84912345678', is_primary: true }],
  tier: 1,
  custom: { ma_cu: 'KH-1' },
});
const TWIN = customer('t1', {
  name: 'nguyen van an',
  birthday: '1982-08-05',
  tier: 2,
  phone: '0977000111',
  phones: [{ phone: '0977000111', is_primary: true }],
  custom: { ma_cu: 'KH-2' },
});

/** TWIN as GET /v2/customers/{id}/duplicates lists it: its list row (parsing drops the rest). */
const TWIN_DUPLICATE = fixture('GET /v2/customers/:id/duplicates', customerDuplicateView, {
  ...customerListItemView.parse(TWIN),
  reasons: ['name'],
});

const CONTRACTS = {
  'GET /v2/fields': okBody(z.array(customFieldView)),
  'GET /v2/customers/:id/duplicates': okBody(z.array(customerDuplicateView)),
  'GET /v2/customers/:id': okBody(customerDetailView),
  'GET /v2/group-tag-customer': okBody(z.array(tagGroupView)),
  'GET /v2/cities': okBody(z.array(cityView)),
};

afterEach(() => vi.restoreAllMocks());

describe('the merge dialog', () => {
  it('suggests likely duplicates, then shows both customers side by side with what survives', async () => {
    mockApi(CONTRACTS, (config) => {
      if (config.url === '/v2/fields') return ok(FIELDS);
      if (config.url === '/v2/customers/s1/duplicates') return ok([TWIN_DUPLICATE]);
      if (config.url === '/v2/customers/t1') return ok(TWIN);
      return ok([]);
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MergeDialog survivor={SURVIVOR} onMerged={() => {}} />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Gộp khách hàng' }));
    const suggestions = await screen.findByRole('listbox', { name: 'Có thể trùng' });
    const twin = within(suggestions).getByRole('option', { name: /nguyen van an/ });
    expect(twin).toHaveTextContent('Trùng tên');
    expect(twin).toHaveTextContent('0977 000 111');
    await user.click(twin);

    const table = await screen.findByRole('table', { name: 'So sánh hai khách hàng' });
    const row = (label: string) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr') as HTMLTableRowElement;
    const cells = (label: string) =>
      [...row(label).querySelectorAll('td')].map((cell) => cell.textContent);
    const kept = (label: string) =>
      [...row(label).querySelectorAll('td')].map(
        (cell) => within(cell).queryByLabelText('Giá trị được giữ') !== null,
      );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Trường', 'Nguyễn Văn An (giữ lại)', 'nguyen van an (gộp vào)', 'Sau khi gộp']);
    // The survivor's name stays; its empty birthday takes the other's; the higher tier wins.
    expect(cells('Tên khách hàng')).toEqual(['Nguyễn Văn An', 'nguyen van an', 'Nguyễn Văn An']);
    expect(kept('Tên khách hàng')).toEqual([true, false, false]);
    expect(cells('Ngày sinh')).toEqual(['—', '05/08/1982', '05/08/1982']);
    expect(kept('Ngày sinh')).toEqual([false, true, false]);
    expect(cells('Hạng khách hàng')).toEqual(['Bạc', 'Vàng', 'Vàng']);
    // Phones of both are kept, shown in one format.
    expect(cells('Số điện thoại')).toEqual([
      '0912 345 678',
      '0977 000 111',
      '0912 345 678, 0977 000 111',
    ]);
    expect(kept('Số điện thoại')).toEqual([true, true, false]);
    // Custom fields too: the survivor's value wins.
    expect(cells('Mã khách hàng cũ')).toEqual(['KH-1', 'KH-2', 'KH-1']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Gộp' })).toBeEnabled());
  });
});
