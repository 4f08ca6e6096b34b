import type {
  ConditionOperator,
  ConditionValueKind,
} from '@omnicare/shared/automation/workflow-conditions';
import { CONDITION_OPERATOR } from '@omnicare/shared/automation/workflow-enums';

/**
 * What an operator does, said for the kind of field it asks about. The codes are the spec's
 * closed list; on text `some` is a "contains" test and on a choice it is "one of", so the
 * generic label ('Chứa một trong') misleads there.
 */
const LABELS: Partial<Record<ConditionValueKind, Partial<Record<ConditionOperator, string>>>> = {
  text: { some: 'Chứa', not_some: 'Không chứa' },
  choice: { eq: 'Là', neq: 'Không là', some: 'Là một trong', not_some: 'Không là một trong' },
};

const HINTS: Partial<Record<ConditionValueKind, Partial<Record<ConditionOperator, string>>>> = {
  text: {
    eq: 'Đúng khi nội dung đúng bằng giá trị đã nhập.',
    neq: 'Đúng khi nội dung khác giá trị đã nhập.',
    some: 'Đúng khi nội dung chứa ít nhất một trong các từ đã nhập (không phân biệt hoa thường).',
    not_some: 'Đúng khi nội dung không chứa từ nào trong các từ đã nhập.',
  },
  choice: {
    some: 'Đúng khi giá trị là một trong các lựa chọn đã chọn.',
    not_some: 'Đúng khi giá trị không phải lựa chọn nào đã chọn.',
  },
  list: {
    some: 'Đúng khi có ít nhất một trong các giá trị đã chọn.',
    every: 'Đúng khi có đủ tất cả các giá trị đã chọn.',
    not_some: 'Đúng khi không có giá trị nào đã chọn.',
    not_every: 'Đúng khi thiếu ít nhất một giá trị đã chọn.',
  },
};

const ANY_KIND_HINTS: Partial<Record<ConditionOperator, string>> = {
  exist: 'Đúng khi trường có giá trị.',
  not_exist: 'Đúng khi trường để trống.',
  between: 'Đúng khi giá trị nằm trong khoảng, tính cả hai đầu.',
};

export const operatorLabel = (operator: ConditionOperator, kind: ConditionValueKind) =>
  LABELS[kind]?.[operator] ?? CONDITION_OPERATOR.label(operator);

export const operatorHint = (
  operator: ConditionOperator,
  kind: ConditionValueKind,
): string | undefined => HINTS[kind]?.[operator] ?? ANY_KIND_HINTS[operator];
