import { MACRO_ASSIGNEE_ME, type MacroActions } from '@omnicare/shared/macros/macros.schemas';
import { TICKET_STATUS } from '@omnicare/shared/tickets/ticket-enums';
import { MACRO_TEXT } from './macros-text';

/** Names of the records a macro's actions point at, as far as they are known. */
export interface MacroNames {
  priority?: (id: string) => string | undefined;
  type?: (id: string) => string | undefined;
  department?: (id: string) => string | undefined;
  staff?: (id: string) => string | undefined;
  tag?: (id: string) => string | undefined;
}

/**
 * What a macro will change, in the words of the reply box's chip and the macro list:
 * ['Trạng thái → Đang chờ', '+ tag VIP']. A record whose name is not known yet reads '…'.
 */
export function describeMacroChanges(actions: MacroActions, names: MacroNames = {}): string[] {
  const named = (find: ((id: string) => string | undefined) | undefined, id: string | null) =>
    id === null ? MACRO_TEXT.clear : (find?.(id) ?? '…');
  const parts: string[] = [];
  if (actions.status) parts.push(`${MACRO_TEXT.status} → ${TICKET_STATUS.label(actions.status)}`);
  if (actions.priority_id !== undefined)
    parts.push(`${MACRO_TEXT.priority} → ${named(names.priority, actions.priority_id)}`);
  if (actions.type_id !== undefined)
    parts.push(`${MACRO_TEXT.type} → ${named(names.type, actions.type_id)}`);
  if (actions.group_id !== undefined)
    parts.push(`${MACRO_TEXT.department} → ${named(names.department, actions.group_id)}`);
  if (actions.assignee !== undefined)
    parts.push(
      `${MACRO_TEXT.assignee} → ${
        actions.assignee === MACRO_ASSIGNEE_ME
          ? 'tôi'
          : actions.assignee === null
            ? MACRO_TEXT.assigneeNobody.toLowerCase()
            : named(names.staff, actions.assignee)
      }`,
    );
  for (const id of actions.add_tag_ids ?? []) parts.push(`+ tag ${named(names.tag, id)}`);
  for (const id of actions.remove_tag_ids ?? []) parts.push(`− tag ${named(names.tag, id)}`);
  return parts;
}

export const hasMacroChanges = (actions: MacroActions) => describeMacroChanges(actions).length > 0;
