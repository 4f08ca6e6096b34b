import type { z } from 'zod';
import { createGroupBody } from '@omnicare/shared/groups/groups.schemas';
import type { Group } from '@omnicare/shared/groups/groups.schemas';

/** The department variant of the shared group schema (target 'user'). */
export const departmentFormSchema = createGroupBody.options[0].omit({ id: true });
export type DepartmentFormValues = z.input<typeof departmentFormSchema>;

export const DEPARTMENT_FIELDS = [
  'name',
  'organization_id',
  'leader_id',
  'member_ids',
  'description',
  'auto_assign',
  'assign_capacity',
  'reassign_on_logout',
] as const satisfies readonly (keyof DepartmentFormValues)[];

export function departmentFormDefaults(group: Group | null): DepartmentFormValues {
  return {
    target: 'user',
    name: group?.name ?? '',
    organization_id: group?.organization_id ?? null,
    leader_id: group?.leader_id ?? null,
    member_ids: group?.members.map((member) => member._id) ?? [],
    description: group?.description ?? '',
    auto_assign: group?.auto_assign ?? false,
    assign_capacity: group?.assign_capacity ?? null,
    reassign_on_logout: group?.reassign_on_logout ?? false,
  };
}

/** The capacity box: empty is no limit; anything else goes to the schema as a number. */
export const capacityFromInput = (value: unknown): number | null => {
  const text = String(value ?? '').trim();
  return text === '' ? null : Number(text);
};

/** The leader always belongs to the department (the server adds them too). */
export function withLeader(memberIds: readonly string[], leaderId: string | null | undefined) {
  return leaderId && !memberIds.includes(leaderId) ? [...memberIds, leaderId] : [...memberIds];
}
