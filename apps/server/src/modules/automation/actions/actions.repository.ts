import type { DatabaseHandle } from '../../../platform/db.js';

/** Staff of a tenant by id, for messages and placeholders. */
export async function staffByIds(database: DatabaseHandle, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const result = await database.pool.query<{ id: string; name: string; email: string }>(
    `select id, name, email from users where tenant_id = $1 and id = any($2::uuid[]) and active`,
    [tenantId, ids],
  );
  return result.rows;
}

/** Staff picked by relation: admins, supervisors, the leaders of given departments, by email. */
export async function staffWhere(
  database: DatabaseHandle,
  tenantId: string,
  pick: { roles?: string[]; leadersOf?: string[]; emails?: string[]; memberOf?: string[] },
) {
  const result = await database.pool.query<{ id: string; name: string; email: string }>(
    `select id, name, email from users u
     where u.tenant_id = $1 and u.active and u.role <> 'end_user' and (
       u.role = any($2::text[])
       or u.id in (select leader_id from groups where tenant_id = $1 and id = any($3::uuid[]))
       or lower(u.email) = any($4::text[])
       or u.id in (select user_id from group_members where tenant_id = $1 and group_id = any($5::uuid[])))`,
    [
      tenantId,
      pick.roles ?? [],
      pick.leadersOf ?? [],
      (pick.emails ?? []).map((email) => email.toLowerCase()),
      pick.memberOf ?? [],
    ],
  );
  return result.rows;
}

export async function messageTemplate(database: DatabaseHandle, tenantId: string, id: string) {
  const result = await database.pool.query<{
    kind: string;
    name: string;
    subject: string | null;
    content: string;
    zns_template_id: string | null;
    active: boolean;
  }>(
    `select kind, name, subject, content, zns_template_id, active from message_templates
     where tenant_id = $1 and id = $2`,
    [tenantId, id],
  );
  return result.rows[0];
}
