import { h } from '../../lib/dom';
import type { FormErrors, FormValues, PreChatField, PreChatModes } from '../prechat';
import { PRE_CHAT_FIELDS } from '../prechat';

type FieldName = PreChatField | 'body';

interface FieldSpec {
  name: FieldName;
  label: string;
  required: boolean;
  type?: string;
  autocomplete?: string;
}

const LABEL: Record<PreChatField, Omit<FieldSpec, 'name' | 'required'>> = {
  name: { label: 'Họ tên', autocomplete: 'name' },
  phone: { label: 'Số điện thoại', type: 'tel', autocomplete: 'tel' },
  email: { label: 'Email', type: 'email', autocomplete: 'email' },
};

/** The pre-chat fields the channel asks, in order. */
export function preChatFields(modes: PreChatModes): FieldSpec[] {
  return PRE_CHAT_FIELDS.filter((field) => modes[field] !== 'hidden').map((field) => ({
    name: field,
    required: modes[field] === 'required',
    ...LABEL[field],
  }));
}

export interface FormOptions {
  id: string;
  intro?: string;
  fields: FieldSpec[];
  initial?: FormValues;
  submitLabel: string;
  /** Answers the errors to show (per field, `form` for the whole form), or nothing when done. */
  submit(values: FormValues): Promise<FormErrors | void>;
}

/** A small form with Vietnamese errors under each field; a 422's fields land on theirs. */
export function formView(options: FormOptions): { element: HTMLFormElement; focus(): void } {
  const inputs = new Map<FieldName, HTMLInputElement | HTMLTextAreaElement>();
  const errors = new Map<FieldName, HTMLElement>();
  const form = h('form', { class: 'oc-form', novalidate: true });
  if (options.intro) form.append(h('p', { class: 'oc-intro' }, options.intro));
  for (const field of options.fields) {
    const id = `${options.id}-${field.name}`;
    const input =
      field.name === 'body'
        ? h('textarea', { id, name: field.name, rows: 4 })
        : h('input', {
            id,
            name: field.name,
            type: field.type || 'text',
            autocomplete: field.autocomplete,
          });
    input.value = (options.initial && options.initial[field.name]) || '';
    input.setAttribute('aria-describedby', `${id}-error`);
    if (field.required) input.setAttribute('aria-required', 'true');
    const error = h('p', { class: 'oc-error', id: `${id}-error`, role: 'alert' });
    inputs.set(field.name, input);
    errors.set(field.name, error);
    form.append(
      h(
        'div',
        { class: 'oc-field' },
        h(
          'label',
          { for: id },
          field.label,
          field.required ? ' *' : h('small', {}, ' (không bắt buộc)'),
        ),
        input,
        error,
      ),
    );
  }
  const formError = h('p', { class: 'oc-error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'oc-primary' }, options.submitLabel);
  form.append(formError, button);

  const show = (found: FormErrors | void) => {
    let first: HTMLElement | undefined;
    for (const [name, element] of errors) {
      const message = (found && found[name]) || '';
      element.textContent = message;
      const input = inputs.get(name) as HTMLElement;
      input.setAttribute('aria-invalid', String(!!message));
      if (message && !first) first = input;
    }
    formError.textContent = (found && found.form) || '';
    if (first) first.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const values: FormValues = {};
    for (const [name, input] of inputs) values[name] = input.value;
    button.disabled = true;
    options
      .submit(values)
      .then(show, (error: Error) => show({ form: error.message }))
      .then(() => {
        button.disabled = false;
      });
  });
  return {
    element: form,
    focus: () => {
      const first = inputs.values().next().value;
      (first || button).focus();
    },
  };
}
