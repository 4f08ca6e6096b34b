import { beforeEach, describe, expect, it } from 'vitest';
import { testRecordAt } from '@/test/shell-navigation';
import {
  readTabDraft,
  recordTabTitle,
  recordTabTooltip,
  saveTabDraft,
  useRecordTabsStore,
} from './record-tabs-store';

const store = () => useRecordTabsStore.getState();
const keys = () => store().tabs.map((tab) => tab.key);
// The shell reads the record off the address; here a simple reader of the spec's addresses.
const visit = (path: string) => store().visit(path, testRecordAt(path));
const replace = (key: string, path: string) => store().replace(key, path, testRecordAt(path)!);

describe('record tabs (spec section 2)', () => {
  beforeEach(() => {
    localStorage.clear();
    store().reset();
  });

  it('titles tabs by kind, with Ticket mới for new tickets and a new customer not a ticket', () => {
    expect(recordTabTitle('ticket', '42')).toBe('Ticket 42');
    expect(recordTabTitle('ticket', 'new-1')).toBe('Ticket mới');
    expect(recordTabTitle('customer', '9')).toBe('Customer 9');
    expect(recordTabTitle('customer', 'new')).toBe('Khách hàng mới');
    expect(recordTabTitle('organization', '3')).toBe('Tổ chức 3');
    expect(recordTabTitle('organization', 'new')).toBe('Tổ chức mới');
  });

  it("names a tab after its record once known, for the tab's tooltip", () => {
    visit('/customers/12');
    expect(recordTabTooltip(store().tabs[0]!)).toBe('Customer 12');
    store().setName('customer:12', 'Nguyễn Văn An');
    expect(store().tabs[0]).toMatchObject({ title: 'Customer 12', name: 'Nguyễn Văn An' });
    expect(recordTabTooltip(store().tabs[0]!)).toBe('Customer 12 · Nguyễn Văn An');
  });

  it('puts another record in the place of a tab (an id moved to its number, a merge)', () => {
    visit('/customers/1');
    visit('/customers/0b7e3c1e-2f1a-4e55-9d7f-1a2b3c4d5e6f');
    visit('/customers/3');
    saveTabDraft('customer:0b7e3c1e-2f1a-4e55-9d7f-1a2b3c4d5e6f', 'comment', 'nháp');
    replace('customer:0b7e3c1e-2f1a-4e55-9d7f-1a2b3c4d5e6f', '/customers/2');
    expect(keys()).toEqual(['customer:1', 'customer:2', 'customer:3']);
    expect(store().tabs[1]).toMatchObject({ title: 'Customer 2', path: '/customers/2' });
    expect(readTabDraft('customer:0b7e3c1e-2f1a-4e55-9d7f-1a2b3c4d5e6f')).toEqual({});
    // The survivor already has a tab: the merged-away one just goes.
    replace('customer:3', '/customers/1');
    expect(keys()).toEqual(['customer:1', 'customer:2']);
    expect(store().activeKey).toBe('customer:1');
  });

  it('keeps at most 5 tabs: a sixth closes the oldest and its drafts', () => {
    for (let id = 1; id <= 5; id += 1) visit(`/tickets/${id}`);
    saveTabDraft('ticket:1', 'comment', 'draft of 1');
    visit('/customers/c1');
    expect(keys()).toEqual(['ticket:2', 'ticket:3', 'ticket:4', 'ticket:5', 'customer:c1']);
    expect(store().activeKey).toBe('customer:c1');
    expect(readTabDraft('ticket:1')).toEqual({});
  });

  it('re-opening a tab activates it without duplicating or reordering', () => {
    visit('/tickets/1');
    visit('/tickets/2');
    visit('/tickets/1');
    expect(keys()).toEqual(['ticket:1', 'ticket:2']);
    expect(store().activeKey).toBe('ticket:1');
  });

  it('closing the active tab goes to the next, else the previous tab', () => {
    ['1', '2', '3'].forEach((id) => visit(`/tickets/${id}`));
    visit('/tickets/2');
    expect(store().close('ticket:2')).toBe('/tickets/3');
    expect(store().activeKey).toBe('ticket:3');
    expect(store().close('ticket:3')).toBe('/tickets/1');
  });

  it('closing the last tab goes to the last visited page, else /tickets', () => {
    visit('/report/summary');
    visit('/tickets/1');
    expect(store().close('ticket:1')).toBe('/report/summary');
    store().reset();
    visit('/tickets/9');
    expect(store().close('ticket:9')).toBe('/tickets');
  });

  it('closing another tab does not navigate', () => {
    visit('/tickets/1');
    visit('/tickets/2');
    expect(store().close('ticket:1')).toBeNull();
    expect(keys()).toEqual(['ticket:2']);
  });

  it('keeps drafts per tab across switching and reload, removes them on close', () => {
    visit('/tickets/1');
    saveTabDraft('ticket:1', 'comment', 'Xin chào');
    saveTabDraft('ticket:1', 'extraFields', { priority: 'high' });
    visit('/customers/c1');
    saveTabDraft('customer:c1', 'customer', { name: 'An' });
    expect(readTabDraft('ticket:1')).toEqual({
      comment: 'Xin chào',
      extraFields: { priority: 'high' },
    });
    // Persisted in localStorage: a reload reads the same tabs and drafts back.
    expect(JSON.parse(localStorage.getItem('recordTabs') ?? '{}').state.tabs).toHaveLength(2);
    store().close('ticket:1');
    expect(readTabDraft('ticket:1')).toEqual({});
    expect(readTabDraft('customer:c1')).toEqual({ customer: { name: 'An' } });
  });

  it('clearing a draft part removes an empty draft entirely', () => {
    saveTabDraft('ticket:1', 'comment', 'x');
    saveTabDraft('ticket:1', 'comment', '');
    expect(localStorage.getItem('recordTabDraft:ticket:1')).toBeNull();
  });
});
