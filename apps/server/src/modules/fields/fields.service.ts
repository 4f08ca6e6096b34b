import type {
  CustomField,
  FieldBody,
  FieldEntity,
  FieldType,
} from '@omnicare/shared/fields/fields.schemas';
import type { z } from 'zod';
import type { fieldOrderBody, fieldPatchBody } from '@omnicare/shared/fields/fields.schemas';
import { CHECKBOX_NOT_REQUIRED } from '@omnicare/shared/fields/fields.schemas';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { writeAudit } from '../audit/audit.service.js';
import * as repo from './fields.repository.js';

const toField = (row: repo.FieldRow): CustomField => ({
  _id: row.id,
  entity: row.entity as FieldEntity,
  key: row.key,
  label: row.label,
  type: row.type as FieldType,
  required: row.required,
  options: row.options,
  position: row.position,
  active: row.active,
});

export async function listFields(platform: Platform, tenantId: string, entity?: FieldEntity) {
  return (await repo.listFields(platform.db, tenantId, entity)).map(toField);
}

export async function getField(platform: Platform, tenantId: string, id: string) {
  const row = await repo.findField(platform.db, tenantId, id);
  if (!row) throw notFound('Không tìm thấy trường tùy chỉnh');
  return toField(row);
}

/**
 * How many records of the field's entity have no value for it: what an administrator is told
 * before making it required (those records keep saving; see `validateCustomValues`).
 */
export async function countMissing(platform: Platform, tenantId: string, id: string) {
  const field = await getField(platform, tenantId, id);
  const host = platform.customFields.get(field.entity);
  return { count: host ? await host.countMissing(platform.db, tenantId, field.key) : 0 };
}

export async function createField(platform: Platform, auth: AuthContext, body: FieldBody) {
  if (await repo.keyTaken(platform.db, auth.tenantId, body.entity, body.key))
    throw fieldError('key', 'Mã trường đã tồn tại');
  const position =
    body.position ?? (await repo.nextPosition(platform.db, auth.tenantId, body.entity));
  const row = await repo.insertField(platform.db, { tenantId: auth.tenantId, ...body, position });
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'create',
    entity: 'field',
    entityId: row.id,
    after: toField(row),
  });
  return toField(row);
}

/** PUT replaces what may change; the entity, key and type of a field in use stay as they are. */
export async function updateField(
  platform: Platform,
  auth: AuthContext,
  id: string,
  body: FieldBody | z.infer<typeof fieldPatchBody>,
) {
  const before = await getField(platform, auth.tenantId, id);
  if (
    'entity' in body &&
    (body.entity !== before.entity || body.key !== before.key || body.type !== before.type)
  ) {
    throw new AppError(422, 'Không thể đổi đối tượng, mã hoặc kiểu của trường đã tạo');
  }
  const options = body.options ?? before.options;
  if ((before.type === 'select' || before.type === 'multiselect') && options.length === 0) {
    throw fieldError('options', 'Vui lòng nhập ít nhất một lựa chọn');
  }
  const { label, required, position, active } = body;
  if (before.type === 'checkbox' && required) throw fieldError('required', CHECKBOX_NOT_REQUIRED);
  const dropped = before.options.filter((option) => !options.includes(option));
  const row = await platform.db.transaction(async (tx) => {
    const updated = await repo.updateField(tx, auth.tenantId, id, {
      label,
      required,
      options,
      position,
      active,
    });
    if (updated && dropped.length > 0)
      await platform.customFields
        .get(before.entity)
        ?.keepOfferedOptions(tx, auth.tenantId, before.key, options);
    return updated;
  });
  if (!row) throw notFound('Không tìm thấy trường tùy chỉnh');
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'update',
    entity: 'field',
    entityId: id,
    before,
    after: toField(row),
  });
  return toField(row);
}

export async function deleteField(platform: Platform, auth: AuthContext, id: string) {
  const before = await getField(platform, auth.tenantId, id);
  // A field's values go with it, from whichever records its entity's module keeps.
  await platform.db.transaction(async (tx) => {
    await repo.deleteField(tx, auth.tenantId, id);
    await platform.customFields.get(before.entity)?.dropValues(tx, auth.tenantId, before.key);
  });
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'delete',
    entity: 'field',
    entityId: id,
    before,
  });
}

/** Puts the entity's fields in the given order; `ids` must name each of them once. */
export async function orderFields(
  platform: Platform,
  auth: AuthContext,
  { entity, ids }: z.infer<typeof fieldOrderBody>,
) {
  const current = await listFields(platform, auth.tenantId, entity);
  const known = new Set(current.map((field) => field._id));
  if (
    ids.length !== current.length ||
    new Set(ids).size !== ids.length ||
    ids.some((id) => !known.has(id))
  )
    throw fieldError('ids', 'Danh sách trường đã thay đổi, vui lòng tải lại trang');
  await platform.db.transaction((tx) => repo.setPositions(tx, auth.tenantId, ids));
  const after = await listFields(platform, auth.tenantId, entity);
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'update',
    entity: 'field',
    before: current.map((field) => field.key),
    after: after.map((field) => field.key),
  });
  return after;
}
