import type { FieldError } from '@omnicare/shared/platform/errors';
import { MESSAGES, fieldErrorFallback } from '@omnicare/shared/platform/errors';

export type ApiErrorKind = 'http' | 'network';

/** Every rejected call: an answer that is not a success, or a failure to get one. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status or the body's statusCode; undefined for network-level failures. */
  readonly status: number | undefined;
  /** The code of a failure before any answer (ECONNABORTED, ERR_NETWORK...): its spec message's key. */
  readonly code: string | undefined;
  /** 422 field errors, already given their default messages. */
  readonly fieldErrors: FieldError[];
  readonly body: unknown;

  constructor(options: {
    message: string;
    kind: ApiErrorKind;
    status?: number;
    code?: string;
    fieldErrors?: FieldError[];
    body?: unknown;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.kind = options.kind;
    this.status = options.status;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors ?? [];
    this.body = options.body;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * Maps a 422 `errors` list onto fields (spec section 5): a missing param message becomes
 * '<param> field is not a valid'. Anything that is not a list gives no field errors.
 */
export function normalizeFieldErrors(errors: unknown): FieldError[] {
  if (!Array.isArray(errors)) return [];
  const result: FieldError[] = [];
  for (const entry of errors) {
    if (!entry || typeof entry !== 'object') continue;
    const { param, message } = entry as { param?: unknown; message?: unknown };
    if (typeof param !== 'string' || param.length === 0) continue;
    result.push({
      param,
      message:
        typeof message === 'string' && message.length > 0 ? message : fieldErrorFallback(param),
    });
  }
  return result;
}

/** The message of a 422 answer: the server's, else 'Validation Failed'. */
export const validationMessage = (message: unknown): string =>
  typeof message === 'string' && message.length > 0 ? message : MESSAGES.validationFailed;

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return MESSAGES.genericFallback;
}

/** The form's fields by name, or how a server's param ('secrets.api_key') names one. */
export type FormFields<TField extends string> =
  readonly TField[] | ((param: string) => TField | undefined);

/**
 * A 422 answer's messages for these fields, by field (a field named twice keeps the last);
 * null when the failure names none of them.
 */
export function fieldErrorMessages<TField extends string>(
  error: unknown,
  fields: FormFields<TField>,
): Partial<Record<TField, string>> | null {
  if (!isApiError(error)) return null;
  const fieldOf =
    typeof fields === 'function'
      ? fields
      : (param: string) => fields.find((field) => field === param);
  const messages: Partial<Record<TField, string>> = {};
  let matched = false;
  for (const fieldError of error.fieldErrors) {
    const name = fieldOf(fieldError.param);
    if (!name) continue;
    messages[name] = fieldError.message;
    matched = true;
  }
  return matched ? messages : null;
}

/** Applies server field errors onto a react-hook-form; returns true when any field matched. */
export function applyFieldErrors<TField extends string>(
  error: unknown,
  setError: (name: TField, error: { type: string; message: string }) => void,
  fields: FormFields<TField>,
): boolean {
  const messages = fieldErrorMessages(error, fields);
  if (!messages) return false;
  for (const [name, message] of Object.entries(messages) as [TField, string][])
    setError(name, { type: 'server', message });
  return true;
}
