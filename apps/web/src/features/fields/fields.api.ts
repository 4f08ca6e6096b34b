import type {
  CustomField,
  FieldBody,
  FieldEntity,
  FieldMissing,
} from '@omnicare/shared/fields/fields.schemas';
import { apiRequest, apiRequestWithMessage } from '@/lib/http';

/** Every field of the entity, switched-off ones too, in their order. */
export const listFields = (entity: FieldEntity, signal?: AbortSignal) =>
  apiRequest<CustomField[]>({ method: 'GET', url: '/v2/fields', params: { entity }, signal });

export const saveField = ({ id, body }: { id: string | null; body: FieldBody }) =>
  apiRequestWithMessage<CustomField>(
    id
      ? { method: 'PUT', url: `/v2/field/${encodeURIComponent(id)}`, data: body }
      : { method: 'POST', url: '/v2/fields', data: body },
  );

export const setFieldActive = ({ id, active }: { id: string; active: boolean }) =>
  apiRequestWithMessage<CustomField>({
    method: 'PATCH',
    url: `/v2/field/${encodeURIComponent(id)}`,
    data: { active },
  });

export const orderFields = ({ entity, ids }: { entity: FieldEntity; ids: string[] }) =>
  apiRequestWithMessage<CustomField[]>({
    method: 'PUT',
    url: '/v2/fields/order',
    data: { entity, ids },
  });

export const deleteField = (id: string) =>
  apiRequestWithMessage<null>({ method: 'DELETE', url: `/v2/field/${encodeURIComponent(id)}` });

/** How many records have no value for the field: told before it becomes required. */
export const countMissing = (id: string) =>
  apiRequest<FieldMissing>({ method: 'GET', url: `/v2/field/${encodeURIComponent(id)}/missing` });
