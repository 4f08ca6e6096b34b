import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SearchCombobox } from './search-combobox';
import type { ComboboxSource, ComboOption } from './use-combobox-source';

const PEOPLE: ComboOption[] = [
  { value: 'u1', label: 'Nguyễn Văn An', hint: 'an@demo.vn' },
  { value: 'u2', label: 'Trần Thị Bình', hint: 'binh@demo.vn' },
  { value: 'u3', label: 'Lê Văn Cường', hint: 'cuong@demo.vn' },
  { value: 'u4', label: 'Phạm Thị Dung', hint: 'dung@demo.vn' },
  { value: 'u5', label: 'Hoàng Văn Em', hint: 'em@demo.vn' },
];
const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').toLowerCase();

/** A server of five people, two per page, with the calls it received. */
function fakeSource(people = PEOPLE, minSearchLength?: number) {
  const search = vi.fn(async ({ keyword, page }: { keyword: string; page: number }) => {
    const found = people.filter((person) => fold(person.label).includes(fold(keyword)));
    return { options: found.slice((page - 1) * 2, page * 2), hasMore: page * 2 < found.length };
  });
  const resolve = vi.fn(async (ids: string[]) =>
    people.filter((person) => ids.includes(person.value)),
  );
  const source: ComboboxSource = {
    key: ['people', Math.random()],
    search,
    resolve,
    minSearchLength,
  };
  return { source, search, resolve };
}

function renderWithClient(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

function Single({
  source,
  initial = null,
  onChange,
}: {
  source: ComboboxSource;
  initial?: string | null;
  onChange?: (value: string | null) => void;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <label htmlFor="owner">Người phụ trách</label>
      <SearchCombobox
        id="owner"
        source={source}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
        placeholder="Tất cả"
      />
    </>
  );
}

function Multiple({
  source,
  initial = [],
  known,
}: {
  source: ComboboxSource;
  initial?: string[];
  known?: ComboOption[];
}) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <label htmlFor="members">Thành viên</label>
      <SearchCombobox
        id="members"
        multiple
        source={source}
        value={value}
        onChange={setValue}
        knownOptions={known}
      />
      <output aria-label="Giá trị">{value.join(',')}</output>
    </>
  );
}

const searchBox = () => screen.getByRole('combobox', { name: 'Tìm kiếm...' });
const listbox = () => screen.getByRole('listbox');
const optionNames = () =>
  within(listbox())
    .queryAllByRole('option')
    .map((option) => option.textContent);

describe('SearchCombobox', () => {
  afterEach(() => vi.useRealTimers());

  it('hands the picks of an open list over once, when it closes (commitOnClose)', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithClient(
      <>
        <label htmlFor="followers">Người theo dõi</label>
        <SearchCombobox
          id="followers"
          multiple
          commitOnClose
          options={PEOPLE}
          value={['u1']}
          onChange={onChange}
        />
      </>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Người theo dõi' });
    await user.click(trigger);
    await user.click(screen.getByRole('option', { name: /Trần Thị Bình/ }));
    await user.click(screen.getByRole('option', { name: /Lê Văn Cường/ }));
    await user.click(screen.getByRole('option', { name: /Nguyễn Văn An/ }));
    // Shown while open, not handed over yet.
    expect(screen.getByRole('option', { name: /Trần Thị Bình/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(
      ['u2', 'u3'],
      [expect.objectContaining({ value: 'u2' }), expect.objectContaining({ value: 'u3' })],
    );
    // Opened and closed without a change: nothing is handed over.
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('asks for the first page only when opened, with a loading state, then lists it', async () => {
    const { source, search } = fakeSource();
    let release: () => void = () => undefined;
    search.mockImplementationOnce(
      ({ page }) =>
        new Promise((done) => {
          release = () => done({ options: PEOPLE.slice(0, 2), hasMore: page * 2 < 5 });
        }),
    );
    const user = userEvent.setup();
    renderWithClient(<Single source={source} />);
    expect(search).not.toHaveBeenCalled();

    const trigger = screen.getByRole('combobox', { name: 'Người phụ trách' });
    expect(trigger).toHaveTextContent('Tất cả');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', listbox().id);
    expect(screen.getByRole('status')).toHaveTextContent('Đang tải...');
    expect(search).toHaveBeenCalledWith(expect.objectContaining({ keyword: '', page: 1 }));

    act(() => release());
    await waitFor(() =>
      expect(optionNames()).toEqual(['Nguyễn Văn Anan@demo.vn', 'Trần Thị Bìnhbinh@demo.vn']),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('sends the keyword once typing pauses (debounced), not at every key', async () => {
    const { source, search } = fakeSource();
    const user = userEvent.setup();
    renderWithClient(<Single source={source} />);
    await user.click(screen.getByRole('combobox', { name: 'Người phụ trách' }));
    await waitFor(() => expect(optionNames()).toHaveLength(2));

    await user.type(searchBox(), 'van');
    await waitFor(() =>
      expect(optionNames()).toEqual(['Nguyễn Văn Anan@demo.vn', 'Lê Văn Cườngcuong@demo.vn']),
    );
    expect(search.mock.calls.map(([query]) => query.keyword)).toEqual(['', 'van']);
  });

  it('waits the debounce delay before asking the server', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { source, search } = fakeSource();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithClient(<Single source={source} />);
    await user.click(screen.getByRole('combobox', { name: 'Người phụ trách' }));
    await waitFor(() => expect(search).toHaveBeenCalledTimes(1));
    await user.type(searchBox(), 'em');
    act(() => vi.advanceTimersByTime(200));
    expect(search).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(150));
    await waitFor(() => expect(search).toHaveBeenCalledTimes(2));
    expect(search.mock.calls[1]?.[0]).toMatchObject({ keyword: 'em', page: 1 });
  });

  it('does not send a keyword shorter than the minimum and says why', async () => {
    const { source, search } = fakeSource(PEOPLE, 2);
    const user = userEvent.setup();
    renderWithClient(<Single source={source} />);
    await user.click(screen.getByRole('combobox', { name: 'Người phụ trách' }));
    await waitFor(() => expect(optionNames()).toHaveLength(2));
    await user.type(searchBox(), 'a');
    expect(await screen.findByRole('status')).toHaveTextContent('Nhập ít nhất 2 ký tự để tìm kiếm');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(search.mock.calls.map(([query]) => query.keyword)).toEqual(['']);
    expect(optionNames()).toEqual([]);
  });

  it("shows 'Không có dữ liệu.' when nothing matches", async () => {
    const { source } = fakeSource();
    const user = userEvent.setup();
    renderWithClient(<Single source={source} />);
    await user.click(screen.getByRole('combobox', { name: 'Người phụ trách' }));
    await user.type(searchBox(), 'không ai');
    expect(await screen.findByText('Không có dữ liệu.')).toBeInTheDocument();
    expect(optionNames()).toEqual([]);
  });

  it('picks one value, closes, shows its label and clears it', async () => {
    const { source } = fakeSource();
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<Single source={source} onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Người phụ trách' });
    await user.click(trigger);
    await user.click(await screen.findByRole('option', { name: /Trần Thị Bình/ }));
    expect(onChange).toHaveBeenLastCalledWith('u2');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger).toHaveTextContent('Trần Thị Bình');
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    expect(await screen.findByRole('option', { name: /Trần Thị Bình/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Bỏ chọn' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(trigger).toHaveTextContent('Tất cả');
  });

  it('resolves the labels of values it was given and keeps the labels of picks', async () => {
    const { source, resolve } = fakeSource();
    const user = userEvent.setup();
    // u5 is on the last page: the first page cannot name it.
    renderWithClient(<Multiple source={source} initial={['u5']} />);
    const trigger = screen.getByRole('combobox', { name: 'Thành viên' });
    await waitFor(() => expect(trigger).toHaveTextContent('Hoàng Văn Em'));
    expect(resolve).toHaveBeenCalledWith(['u5'], expect.anything());

    await user.click(trigger);
    // Before any keyword the chosen values come first, even from beyond the loaded page.
    await waitFor(() =>
      expect(optionNames()).toEqual([
        'Hoàng Văn Emem@demo.vn',
        'Nguyễn Văn Anan@demo.vn',
        'Trần Thị Bìnhbinh@demo.vn',
      ]),
    );
    await user.type(searchBox(), 'dung');
    await user.click(await screen.findByRole('option', { name: /Phạm Thị Dung/ }));
    // Still open for more; the search now shows other people.
    await user.clear(searchBox());
    await user.type(searchBox(), 'binh');
    await waitFor(() => expect(optionNames()).toEqual(['Trần Thị Bìnhbinh@demo.vn']));
    expect(trigger).toHaveTextContent('Hoàng Văn Em');
    expect(trigger).toHaveTextContent('Phạm Thị Dung');
    expect(screen.getByLabelText('Giá trị')).toHaveTextContent('u5,u4');
    expect(resolve).toHaveBeenCalledTimes(1);
  });

  it('uses the labels the caller knows without asking the server', async () => {
    const { source, resolve } = fakeSource();
    renderWithClient(
      <Multiple
        source={source}
        initial={['u3']}
        known={[{ value: 'u3', label: 'Cường (đã lưu)' }]}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Thành viên' })).toHaveTextContent(
      'Cường (đã lưu)',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(resolve).not.toHaveBeenCalled();
  });

  it('is driven by the keyboard: arrows, Enter, more pages, Backspace and Escape', async () => {
    const { source, search } = fakeSource();
    const user = userEvent.setup();
    renderWithClient(<Multiple source={source} />);
    const trigger = screen.getByRole('combobox', { name: 'Thành viên' });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    const box = searchBox();
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box).toHaveAttribute('aria-controls', listbox().id);
    await waitFor(() => expect(optionNames()).toHaveLength(2));
    const active = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');
    expect(active()).toHaveTextContent('Nguyễn Văn An');

    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('Trần Thị Bình');
    // Past the last loaded option the next page is fetched.
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(optionNames()).toHaveLength(4));
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ keyword: '', page: 2 }));
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('Lê Văn Cường');
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Giá trị')).toHaveTextContent('u3');
    expect(active()).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByLabelText('Giá trị')).toHaveTextContent('u3,u2');
    // Backspace in the empty search box removes the last chosen value.
    await user.keyboard('{Backspace}');
    expect(screen.getByLabelText('Giá trị')).toHaveTextContent(/^u3$/);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveTextContent('Lê Văn Cường');
  });

  it('opens with the typed letter when typing on the closed picker', async () => {
    const { source, search } = fakeSource();
    const user = userEvent.setup();
    renderWithClient(<Single source={source} />);
    screen.getByRole('combobox', { name: 'Người phụ trách' }).focus();
    await user.keyboard('h');
    expect(searchBox()).toHaveValue('h');
    await user.keyboard('oang');
    await waitFor(() => expect(optionNames()).toEqual(['Hoàng Văn Emem@demo.vn']));
    // The unfiltered first page is never asked for. (A slow machine may pause long enough
    // after 'h' for it to be sent: typing speed is not what this checks.)
    const keywords = search.mock.calls.map(([query]) => query.keyword);
    expect(keywords).not.toContain('');
    expect(keywords.at(-1)).toBe('hoang');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('combobox', { name: 'Người phụ trách' })).toHaveTextContent(
      'Hoàng Văn Em',
    );
  });

  it('filters a local list without diacritics and keeps fixed choices first', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithClient(
      <SearchCombobox
        aria-label="Tổ chức"
        options={[
          { value: 'o1', label: 'Hà Nội', depth: 0 },
          { value: 'o2', label: 'Đống Đa', hint: 'Hà Nội', depth: 1 },
          { value: 'o3', label: 'Hồ Chí Minh', depth: 0 },
        ]}
        extraOptions={[{ value: 'none', label: 'Không thuộc tổ chức' }]}
        value="none"
        onChange={onChange}
        clearable={false}
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Tổ chức' });
    expect(trigger).toHaveTextContent('Không thuộc tổ chức');
    await user.click(trigger);
    expect(optionNames()).toEqual(['Không thuộc tổ chức', 'Hà Nội', '└Đống Đa', 'Hồ Chí Minh']);
    await user.type(searchBox(), 'dong da');
    expect(optionNames()).toEqual(['Đống ĐaHà Nội']);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('o2', expect.objectContaining({ label: 'Đống Đa' }));
  });
});
