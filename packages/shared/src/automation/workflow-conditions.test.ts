import { describe, expect, it } from 'vitest';
import {
  conditionHolds,
  conditionProblems,
  conditionsHold,
  CONDITION_MESSAGES,
  type WorkflowCondition,
} from './workflow-conditions.js';

const facts = {
  'ticket.subject': 'Mất mạng',
  'ticket.status': 'open',
  'ticket.reopen_count': 2,
  'ticket.due_at': '2026-03-10T05:00:00.000Z',
  'ticket.tag_ids': ['a', 'b'],
  'ticket.custom.vip': true,
  'ticket.custom.amount': 150,
  changed_fields: ['status', 'assignee_id'],
};
const holds = (
  condition: Omit<WorkflowCondition, 'value'> & { value?: WorkflowCondition['value'] },
) =>
  conditionHolds(condition as WorkflowCondition, facts, {
    'ticket.custom.vip': 'boolean',
    'ticket.custom.amount': 'number',
  });

describe('condition operators', () => {
  it('eq / neq: text without case, choices, numbers, booleans, and a list holding the value', () => {
    expect(holds({ field: 'ticket.subject', operator: 'eq', value: 'mất MẠNG' })).toBe(true);
    expect(holds({ field: 'ticket.subject', operator: 'eq', value: 'Khác' })).toBe(false);
    expect(holds({ field: 'ticket.status', operator: 'neq', value: 'new' })).toBe(true);
    expect(holds({ field: 'ticket.status', operator: 'neq', value: 'open' })).toBe(false);
    expect(holds({ field: 'ticket.reopen_count', operator: 'eq', value: '2' })).toBe(true);
    expect(holds({ field: 'ticket.custom.vip', operator: 'eq', value: true })).toBe(true);
    expect(holds({ field: 'ticket.custom.vip', operator: 'neq', value: true })).toBe(false);
    expect(holds({ field: 'ticket.tag_ids', operator: 'eq', value: 'b' })).toBe(true);
    expect(holds({ field: 'ticket.tag_ids', operator: 'neq', value: 'b' })).toBe(false);
  });

  it('gt / lt / gte / lte compare numbers', () => {
    expect(holds({ field: 'ticket.reopen_count', operator: 'gt', value: 1 })).toBe(true);
    expect(holds({ field: 'ticket.reopen_count', operator: 'gt', value: 2 })).toBe(false);
    expect(holds({ field: 'ticket.reopen_count', operator: 'lt', value: 3 })).toBe(true);
    expect(holds({ field: 'ticket.reopen_count', operator: 'lt', value: 2 })).toBe(false);
    expect(holds({ field: 'ticket.reopen_count', operator: 'gte', value: 2 })).toBe(true);
    expect(holds({ field: 'ticket.reopen_count', operator: 'gte', value: 3 })).toBe(false);
    expect(holds({ field: 'ticket.reopen_count', operator: 'lte', value: 2 })).toBe(true);
    expect(holds({ field: 'ticket.reopen_count', operator: 'lte', value: 1 })).toBe(false);
    expect(holds({ field: 'ticket.custom.amount', operator: 'gt', value: '100' })).toBe(true);
  });

  it('before / after compare dates as instants, whatever their offset', () => {
    expect(
      holds({ field: 'ticket.due_at', operator: 'before', value: '2026-03-10T13:00:00+07:00' }),
    ).toBe(true);
    expect(
      holds({ field: 'ticket.due_at', operator: 'before', value: '2026-03-10T12:00:00+07:00' }),
    ).toBe(false);
    expect(
      holds({ field: 'ticket.due_at', operator: 'after', value: '2026-03-10T11:59:00+07:00' }),
    ).toBe(true);
    expect(
      holds({ field: 'ticket.due_at', operator: 'after', value: '2026-03-11T00:00:00Z' }),
    ).toBe(false);
  });

  it('between includes both ends, for numbers and dates', () => {
    expect(holds({ field: 'ticket.reopen_count', operator: 'between', value: [2, 5] })).toBe(true);
    expect(holds({ field: 'ticket.reopen_count', operator: 'between', value: [0, 2] })).toBe(true);
    expect(holds({ field: 'ticket.reopen_count', operator: 'between', value: [3, 5] })).toBe(false);
    expect(
      holds({
        field: 'ticket.due_at',
        operator: 'between',
        value: ['2026-03-10T00:00:00Z', '2026-03-10T05:00:00Z'],
      }),
    ).toBe(true);
    expect(
      holds({
        field: 'ticket.due_at',
        operator: 'between',
        value: ['2026-03-11T00:00:00Z', '2026-03-12T00:00:00Z'],
      }),
    ).toBe(false);
  });

  it('exist / not_exist', () => {
    expect(holds({ field: 'ticket.subject', operator: 'exist' })).toBe(true);
    expect(holds({ field: 'ticket.subject', operator: 'not_exist' })).toBe(false);
    expect(holds({ field: 'ticket.group_id', operator: 'exist' })).toBe(false);
    expect(holds({ field: 'ticket.group_id', operator: 'not_exist' })).toBe(true);
    expect(conditionHolds({ field: 'ticket.cc', operator: 'not_exist' }, { 'ticket.cc': [] })).toBe(
      true,
    );
    expect(
      conditionHolds({ field: 'ticket.subject', operator: 'exist' }, { 'ticket.subject': '  ' }),
    ).toBe(false);
  });

  it('some / every / not_some / not_every over lists, and changed_fields', () => {
    expect(holds({ field: 'ticket.tag_ids', operator: 'some', value: ['x', 'a'] })).toBe(true);
    expect(holds({ field: 'ticket.tag_ids', operator: 'some', value: ['x'] })).toBe(false);
    expect(holds({ field: 'ticket.tag_ids', operator: 'every', value: ['a', 'b'] })).toBe(true);
    expect(holds({ field: 'ticket.tag_ids', operator: 'every', value: ['a', 'x'] })).toBe(false);
    expect(holds({ field: 'ticket.tag_ids', operator: 'not_some', value: ['x', 'y'] })).toBe(true);
    expect(holds({ field: 'ticket.tag_ids', operator: 'not_some', value: ['x', 'a'] })).toBe(false);
    expect(holds({ field: 'ticket.tag_ids', operator: 'not_every', value: ['a', 'x'] })).toBe(true);
    expect(holds({ field: 'ticket.tag_ids', operator: 'not_every', value: ['a', 'b'] })).toBe(
      false,
    );
    expect(holds({ field: 'changed_fields', operator: 'some', value: ['status'] })).toBe(true);
    expect(holds({ field: 'changed_fields', operator: 'some', value: ['priority_id'] })).toBe(
      false,
    );
    // On text, `some` is "contains one of", without case or diacritics.
    expect(
      conditionHolds(
        { field: 'ticket.subject', operator: 'some', value: ['hoa don', 'cước'] },
        { 'ticket.subject': 'Không nhận được HÓA ĐƠN điện tử' },
      ),
    ).toBe(true);
    expect(
      conditionHolds(
        { field: 'ticket.subject', operator: 'not_some', value: ['modem'] },
        { 'ticket.subject': 'Modem báo đèn đỏ' },
      ),
    ).toBe(false);
    // A choice with `some` is "one of".
    expect(holds({ field: 'ticket.status', operator: 'some', value: ['new', 'open'] })).toBe(true);
    expect(holds({ field: 'ticket.status', operator: 'not_some', value: ['new', 'open'] })).toBe(
      false,
    );
  });

  it('a missing fact is empty: only the negative operators hold', () => {
    const missing = (operator: WorkflowCondition['operator'], value?: WorkflowCondition['value']) =>
      conditionHolds({ field: 'ticket.reopen_count', operator, value }, {});
    expect(missing('eq', 1)).toBe(false);
    expect(missing('gt', 0)).toBe(false);
    expect(missing('lt', 10)).toBe(false);
    expect(missing('between', [0, 10])).toBe(false);
    expect(missing('exist')).toBe(false);
    expect(missing('not_exist')).toBe(true);
    expect(missing('neq', 1)).toBe(true);
    expect(conditionHolds({ field: 'ticket.tag_ids', operator: 'some', value: ['a'] }, {})).toBe(
      false,
    );
    expect(conditionHolds({ field: 'ticket.tag_ids', operator: 'every', value: ['a'] }, {})).toBe(
      false,
    );
    expect(
      conditionHolds({ field: 'ticket.tag_ids', operator: 'not_some', value: ['a'] }, {}),
    ).toBe(true);
    expect(
      conditionHolds({ field: 'ticket.tag_ids', operator: 'not_every', value: ['a'] }, {}),
    ).toBe(true);
    expect(
      conditionHolds(
        { field: 'ticket.due_at', operator: 'before', value: '2026-01-01T00:00:00Z' },
        {},
      ),
    ).toBe(false);
  });
});

describe('and / or', () => {
  const yes: WorkflowCondition = { field: 'ticket.status', operator: 'eq', value: 'open' };
  const no: WorkflowCondition = { field: 'ticket.status', operator: 'eq', value: 'new' };
  it('and needs every condition, or any; none holds always', () => {
    expect(conditionsHold({ logic: 'and', items: [yes, yes] }, facts)).toBe(true);
    expect(conditionsHold({ logic: 'and', items: [yes, no] }, facts)).toBe(false);
    expect(conditionsHold({ logic: 'or', items: [no, yes] }, facts)).toBe(true);
    expect(conditionsHold({ logic: 'or', items: [no, no] }, facts)).toBe(false);
    expect(conditionsHold({ logic: 'and', items: [] }, facts)).toBe(true);
    expect(conditionsHold(undefined, facts)).toBe(true);
  });
});

describe('conditionProblems', () => {
  it('checks the field, the operator for its kind, and the value', () => {
    expect(conditionProblems({ field: '', operator: 'eq', value: 1 })).toEqual([
      { param: 'field', message: CONDITION_MESSAGES.fieldRequired },
    ]);
    expect(conditionProblems({ field: 'ticket.nope', operator: 'eq', value: 1 })).toEqual([
      { param: 'field', message: CONDITION_MESSAGES.fieldUnknown },
    ]);
    expect(conditionProblems({ field: 'ticket.subject', operator: 'gt', value: 1 })).toEqual([
      { param: 'operator', message: CONDITION_MESSAGES.operatorInvalid },
    ]);
    expect(
      conditionProblems(
        { field: 'changed_fields', operator: 'some', value: ['status'] },
        { event: 'ticket_created' },
      ),
    ).toEqual([{ param: 'field', message: CONDITION_MESSAGES.fieldOnlyOnUpdate }]);
    expect(
      conditionProblems({ field: 'ticket.reopen_count', operator: 'between', value: [5, 1] }),
    ).toEqual([{ param: 'value', message: CONDITION_MESSAGES.valueRange }]);
    expect(
      conditionProblems({ field: 'ticket.due_at', operator: 'before', value: 'hôm qua' }),
    ).toEqual([{ param: 'value', message: CONDITION_MESSAGES.valueDate }]);
    expect(
      conditionProblems({ field: 'ticket.reopen_count', operator: 'gt', value: 'ba' }),
    ).toEqual([{ param: 'value', message: CONDITION_MESSAGES.valueNumber }]);
    expect(conditionProblems({ field: 'ticket.tag_ids', operator: 'some', value: [] })).toEqual([
      { param: 'value', message: CONDITION_MESSAGES.valueList },
    ]);
    expect(conditionProblems({ field: 'ticket.subject', operator: 'eq', value: '' })).toEqual([
      { param: 'value', message: CONDITION_MESSAGES.valueRequired },
    ]);
    expect(conditionProblems({ field: 'ticket.subject', operator: 'exist' })).toEqual([]);
    expect(
      conditionProblems(
        { field: 'requester.custom.vip', operator: 'eq', value: true },
        { customKinds: { 'requester.custom.vip': 'boolean' } },
      ),
    ).toEqual([]);
  });
});
