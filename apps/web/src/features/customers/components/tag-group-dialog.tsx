import { useState } from 'react';
import type { FormEvent } from 'react';
import type { TagGroup, TagGroupBody } from '@omnicare/shared/customers/customers.schemas';
import { TAG_GROUP_MESSAGES } from '@omnicare/shared/customers/customers.schemas';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { useSaveCatalogue } from '@/components/catalogue/use-catalogue';
import { DialogForm } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { TextListField, textListRow, type TextListRow } from '@/components/ui/text-list-field';
import { fieldErrorMessages, isApiError } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import { TAG_GROUPS } from '../customers.queries';
import { TAG_GROUP_TEXT } from '../customers-text';

/** The indices a `duplicate_tag` refusal names, or null for any other failure. */
export function duplicateTagIndices(error: unknown): number[] | null {
  if (!isApiError(error) || !error.body || typeof error.body !== 'object') return null;
  const body = error.body as { code?: unknown; invalid?: unknown };
  if (body.code !== 'duplicate_tag' || !Array.isArray(body.invalid)) return null;
  return body.invalid.filter((index): index is number => Number.isInteger(index));
}

interface Problems {
  name?: string;
  tags: Record<number, string>;
}

/** Trims every value; returns the body or the messages of spec section 5. */
export function checkTagGroup(
  name: string,
  tags: string[],
): { body: TagGroupBody } | { problems: Problems } {
  const problems: Problems = { tags: {} };
  const trimmedName = name.trim();
  if (!trimmedName) problems.name = TAG_GROUP_MESSAGES.nameRequired;
  const trimmedTags = tags.map((tag) => tag.trim());
  trimmedTags.forEach((tag, index) => {
    if (!tag) problems.tags[index] = TAG_GROUP_MESSAGES.tagRequired;
  });
  if (problems.name || Object.keys(problems.tags).length > 0) return { problems };
  return { body: { name: trimmedName, tags: trimmedTags } };
}

/** Add or edit a tag group: its name and a list of tags, added and removed at will. */
export const TagGroupDialog = catalogueDialog(TagGroupForm, 'max-w-lg');

/** A failed save keeps the form open: a duplicate_tag refusal marks the tags it names. */
function TagGroupForm({ record: group, onDone }: { record: TagGroup | null; onDone: () => void }) {
  const [name, setName] = useState(group?.name ?? '');
  const [tags, setTags] = useState<TextListRow[]>(() =>
    group ? group.raw_tags.map(textListRow) : [textListRow('')],
  );
  // The id of the tag each row started as: a renamed tag keeps its customers.
  const [tagIdOfRow] = useState(
    () => new Map(tags.map((row, index) => [row.key, group?.tags[index]?._id ?? null])),
  );
  const [problems, setProblems] = useState<Problems>({ tags: {} });
  /** Keys of the rows the server called duplicates: red border, no text. */
  const [duplicates, setDuplicates] = useState<Set<number>>(new Set());
  const save = useSaveCatalogue(TAG_GROUPS);

  function changeTag(key: number, index: number, value: string) {
    setTags((current) => current.map((tag) => (tag.key === key ? { ...tag, value } : tag)));
    if (problems.tags[index]) {
      const nextTags = { ...problems.tags };
      delete nextTags[index];
      setProblems({ ...problems, tags: nextTags });
    }
    if (duplicates.has(key)) {
      const next = new Set(duplicates);
      next.delete(key);
      setDuplicates(next);
    }
  }

  function removeTag(key: number) {
    setTags((current) => current.filter((tag) => tag.key !== key));
    setProblems((current) => ({ name: current.name, tags: {} }));
    setDuplicates(new Set());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkTagGroup(
      name,
      tags.map((tag) => tag.value),
    );
    setDuplicates(new Set());
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems({ tags: {} });
    // What is sent is what the fields show: trimmed.
    setName(checked.body.name);
    setTags((current) =>
      current.map((tag, index) => ({ ...tag, value: checked.body.tags[index] ?? tag.value })),
    );
    const body = { ...checked.body, tag_ids: tags.map((row) => tagIdOfRow.get(row.key) ?? null) };
    await saveForm(() => save.mutateAsync({ id: group?._id ?? null, body }), {
      onSaved: onDone,
      showFieldErrors: (failure) => {
        const indices = duplicateTagIndices(failure);
        if (indices) {
          setDuplicates(
            new Set(indices.map((index) => tags[index]?.key).filter((key) => key !== undefined)),
          );
          // The marks carry no text: the general message is the toast's.
          return false;
        }
        const message = fieldErrorMessages(failure, ['name'] as const)?.name;
        if (message) setProblems({ name: message, tags: {} });
        return message !== undefined;
      },
    });
  }

  return (
    <DialogForm
      title={group ? TAG_GROUP_TEXT.editTitle : TAG_GROUP_TEXT.createTitle}
      description={TAG_GROUP_TEXT.nameLabel}
      descriptionClassName="sr-only"
      onSubmit={submit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="tag-group-name">
          {TAG_GROUP_TEXT.nameLabel} <span className="text-red-600">*</span>
        </Label>
        <Input
          id="tag-group-name"
          value={name}
          autoFocus
          maxLength={100}
          placeholder={TAG_GROUP_TEXT.namePlaceholder}
          aria-invalid={problems.name ? true : undefined}
          aria-describedby={problems.name ? 'tag-group-name-error' : undefined}
          onChange={(event) => {
            setName(event.target.value);
            if (problems.name) setProblems({ ...problems, name: undefined });
          }}
        />
        <FieldError id="tag-group-name-error" message={problems.name} />
      </div>
      <TextListField
        legend={TAG_GROUP_TEXT.tagsLabel}
        rows={tags}
        errors={problems.tags}
        marked={(tag) => duplicates.has(tag.key)}
        emptyText={TAG_GROUP_TEXT.noTags}
        inputLabel={TAG_GROUP_TEXT.tagInput}
        removeLabel={TAG_GROUP_TEXT.removeTag}
        addLabel={TAG_GROUP_TEXT.addTag}
        placeholder={TAG_GROUP_TEXT.tagPlaceholder}
        onChange={(tag, index, value) => changeTag(tag.key, index, value)}
        onRemove={(tag) => removeTag(tag.key)}
        onAdd={() => setTags((current) => [...current, textListRow('')])}
      />
    </DialogForm>
  );
}
