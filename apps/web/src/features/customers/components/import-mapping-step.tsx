import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { AlertCircle, Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { FieldError, Label } from '@/components/ui/label';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { NativeSelect } from '@/components/ui/native-select';
import { CUSTOM_TARGET_PREFIX } from '@omnicare/shared/customers/customer-columns';
import {
  DUPLICATE_MODE,
  IMPORT_MESSAGES,
  previewRowProblems,
  type DuplicateMode,
  type ImportMapping,
  type ImportPreview,
} from '@omnicare/shared/customers/customer-import.schemas';
import { IMPORT_TEXT } from '../customers-text';

export interface ImportMappingStepProps {
  preview: ImportPreview;
  pending?: boolean;
  onBack: () => void;
  onStart: (mapping: ImportMapping, duplicate: DuplicateMode) => void;
}

/** Keeps only mapped targets; a column goes to one target at most (the latest choice wins). */
export function setMapping(
  mapping: ImportMapping,
  target: string,
  column: number | undefined,
): ImportMapping {
  const next: ImportMapping = {};
  for (const [key, value] of Object.entries(mapping)) {
    if (key !== target && value !== column) next[key] = value;
  }
  if (column !== undefined) next[target] = column;
  return next;
}

/** Step two of the import: a column per customer field, a preview, and what to do with duplicates. */
export function ImportMappingStep({ preview, pending, onBack, onStart }: ImportMappingStepProps) {
  const baseId = useId();
  const [mapping, setMappingState] = useState<ImportMapping>(preview.suggested_mapping);
  const [duplicate, setDuplicate] = useState<DuplicateMode>('skip');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mapping.name === undefined) {
      setError(IMPORT_MESSAGES.nameColumn);
      return;
    }
    onStart(mapping, duplicate);
  }

  const mappedTargets = preview.targets.filter((target) => mapping[target.key] !== undefined);
  const rowProblems = preview.sample.map((row) =>
    previewRowProblems(row, mapping, preview.targets),
  );
  const badRows = rowProblems.filter((problems) => problems.length > 0).length;
  const isCustom = (target: { key: string }) => target.key.startsWith(CUSTOM_TARGET_PREFIX);
  const standardTargets = preview.targets.filter((target) => !isCustom(target));
  const customTargets = preview.targets.filter(isCustom);

  return (
    <form className="flex min-w-0 flex-col gap-4" noValidate onSubmit={submit}>
      <p className="text-sm text-slate-600">{IMPORT_TEXT.mappingHint(preview.total_rows)}</p>
      {[standardTargets, customTargets].map(
        (targets, group) =>
          targets.length > 0 && (
            <div key={group} className="flex flex-col gap-2">
              {group === 1 && (
                <h3 className="text-sm font-medium text-slate-700">{IMPORT_TEXT.customFields}</h3>
              )}
              <div className="grid gap-3 sm:grid-cols-2">
                {targets.map((target) => {
                  const id = `${baseId}-${target.key}`;
                  const invalid = target.key === 'name' && error !== null;
                  return (
                    <div key={target.key} className="flex flex-col gap-1.5">
                      <Label htmlFor={id}>
                        {target.label}
                        {(target.required || target.key === 'name') && (
                          <span className="text-red-600"> *</span>
                        )}
                      </Label>
                      <NativeSelect
                        id={id}
                        value={mapping[target.key] ?? ''}
                        aria-invalid={invalid ? true : undefined}
                        aria-describedby={invalid ? `${id}-error` : undefined}
                        onChange={(event) => {
                          const value = event.target.value;
                          setMappingState((current) =>
                            setMapping(
                              current,
                              target.key,
                              value === '' ? undefined : Number(value),
                            ),
                          );
                          if (target.key === 'name') setError(null);
                        }}
                      >
                        <option value="">{IMPORT_TEXT.notMapped}</option>
                        {preview.columns.map((column, index) => (
                          <option key={`${index}-${column}`} value={index}>
                            {column || `#${index + 1}`}
                          </option>
                        ))}
                      </NativeSelect>
                      {invalid && <FieldError id={`${id}-error`} message={error ?? undefined} />}
                    </div>
                  );
                })}
              </div>
            </div>
          ),
      )}

      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-medium text-slate-700">{IMPORT_TEXT.preview}</h3>
        {badRows > 0 && (
          <p role="status" className="text-sm text-red-700">
            {IMPORT_TEXT.badRows(badRows, preview.sample.length)}
          </p>
        )}
        <div className="max-h-56 overflow-auto rounded-lg border border-slate-200">
          <Table aria-label={IMPORT_TEXT.preview}>
            <TableHeader>
              <TableRow>
                <TableHead className="w-12">{IMPORT_TEXT.line}</TableHead>
                <TableHead className="min-w-48">{IMPORT_TEXT.rowCheck}</TableHead>
                {mappedTargets.map((target) => (
                  <TableHead key={target.key}>{target.label}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {preview.sample.map((row, rowIndex) => (
                <TableRow
                  key={rowIndex}
                  data-invalid={rowProblems[rowIndex]?.length ? true : undefined}
                  className={cn(rowProblems[rowIndex]?.length && 'bg-red-50 hover:bg-red-50')}
                >
                  <TableCell className="text-slate-500 tabular-nums">{rowIndex + 2}</TableCell>
                  <TableCell className="text-xs">
                    {rowProblems[rowIndex]?.length ? (
                      <span className="flex items-start gap-1 text-red-700">
                        <AlertCircle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                        {rowProblems[rowIndex]?.join('; ')}
                      </span>
                    ) : (
                      <span className="text-emerald-700">{IMPORT_TEXT.rowOk}</span>
                    )}
                  </TableCell>
                  {mappedTargets.map((target) => (
                    <TableCell key={target.key} className="max-w-48 truncate">
                      {row[mapping[target.key] ?? -1] ?? ''}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">{IMPORT_TEXT.duplicate}</legend>
        {DUPLICATE_MODE.options().map(({ value, label }) => (
          <label key={value} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name={`${baseId}-duplicate`}
              value={value}
              checked={duplicate === value}
              onChange={() => setDuplicate(value)}
              className="size-4 accent-teal-700"
            />
            {label}
          </label>
        ))}
      </fieldset>

      {/* Stays in sight at the bottom of the scrolling dialog, however many fields there are. */}
      <div className="sticky -bottom-6 -mx-6 -mb-6 flex flex-col-reverse gap-2 border-t border-slate-100 bg-white px-6 py-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onBack} disabled={pending}>
          {IMPORT_TEXT.back}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {IMPORT_TEXT.start}
        </Button>
      </div>
    </form>
  );
}
