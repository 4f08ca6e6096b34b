import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomField, FieldEntity } from '@omnicare/shared/fields/fields.schemas';
import { deleteField, listFields, orderFields, saveField, setFieldActive } from './fields.api';

/** Under ['fields']: the settings list here and the forms and filters that show the fields. */
export const fieldKeys = {
  all: ['fields'] as const,
  settings: (entity: FieldEntity) => ['fields', entity, 'settings'] as const,
};

export function useFieldSettings(entity: FieldEntity) {
  return useQuery({
    queryKey: fieldKeys.settings(entity),
    queryFn: ({ signal }) => listFields(entity, signal),
  });
}

/** The entity's fields a record's form shows: the active ones, in their order. */
export function useActiveFields(entity: FieldEntity) {
  return useQuery({
    queryKey: fieldKeys.settings(entity),
    queryFn: ({ signal }) => listFields(entity, signal),
    staleTime: 60_000,
    select: (fields) =>
      (fields ?? []).filter((field) => field.active).sort((a, b) => a.position - b.position),
  });
}

function useInvalidateFields() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: fieldKeys.all });
}

export function useSaveField() {
  const invalidate = useInvalidateFields();
  // The form shows field errors itself.
  return useMutation({ meta: { silent: true }, mutationFn: saveField, onSuccess: invalidate });
}

export function useSetFieldActive() {
  const invalidate = useInvalidateFields();
  return useMutation({ mutationFn: setFieldActive, onSettled: invalidate });
}

export function useDeleteField() {
  const invalidate = useInvalidateFields();
  return useMutation({ mutationFn: deleteField, onSuccess: invalidate });
}

/** Moves at once in the list; the server's order replaces it, or the old one comes back. */
export function useOrderFields(entity: FieldEntity) {
  const queryClient = useQueryClient();
  const key = fieldKeys.settings(entity);
  return useMutation({
    mutationFn: orderFields,
    onMutate: async ({ ids }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<CustomField[]>(key);
      if (before) {
        const byId = new Map(before.map((field) => [field._id, field]));
        queryClient.setQueryData(
          key,
          ids.flatMap((id) => byId.get(id) ?? []),
        );
      }
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: fieldKeys.all }),
  });
}
