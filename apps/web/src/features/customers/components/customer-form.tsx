import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { FieldPath } from 'react-hook-form';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Loader2, RotateCcw, Save } from 'lucide-react';
import type { CustomerDetail } from '@omnicare/shared/customers/customers.schemas';
import { CUSTOMER_TIER, GENDER } from '@omnicare/shared/customers/customer-enums';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Input, Textarea } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { isApiError } from '@/lib/errors';
import { useGuardedSubmit } from '@/lib/use-guarded-submit';
import { toast } from '@/lib/toast';
import { readTabDraft, saveTabDraft } from '@/stores/record-tabs-store';
import type { DuplicateCustomer } from '@omnicare/shared/customers/customers.schemas';
import { duplicateOf, saveCustomer, uploadCustomerAvatar } from '../customers.api';
import { OrganizationPicker } from '@/features/organizations/components/organization-picker';
import { StaffPicker } from '@/features/users/components/staff-picker';
import { customerKeys, useCities, useCustomerFields, useDistricts } from '../customers.queries';
import { DETAIL_TEXT } from '../customers-text';
import { CustomerGroupPicker, TagPicker } from './customer-pickers';
import { ContactListField } from './contact-list-field';
import { CustomFieldInput } from '@/features/fields/components/custom-field-input';
import { AvatarPicker } from '@/components/ui/avatar-picker';
import { sourceOptions } from './customer-filters';
import type { CustomerFormState, FormErrors } from './customer-form-state';
import {
  customerFormResolver,
  emptyCustomerForm,
  formFromCustomer,
  formFromDraft,
  mapContactErrors,
  payloadFor,
} from './customer-form-state';
import { NativeSelect } from '@/components/ui/native-select';

function Field({
  id,
  label,
  error,
  required,
  children,
  className,
}: {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className ?? 'flex flex-col gap-1.5'}>
      <Label htmlFor={id}>
        {label}
        {required && <span className="text-red-600"> *</span>}
      </Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A chosen value the record already names. */
const named = (item: { _id: string; name: string }) => ({ value: item._id, label: item.name });

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 border-t border-slate-100 pt-5 first:border-t-0 first:pt-0"
    >
      <h2 id={headingId} className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}

function AvatarField({ customer }: { customer: CustomerDetail | undefined }) {
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => uploadCustomerAvatar(customer?._id ?? '', file),
    onSuccess: (updated) => {
      toast.success(DETAIL_TEXT.avatarUpdated);
      queryClient.setQueryData(customerKeys.customer(updated._id), updated);
      void queryClient.invalidateQueries({ queryKey: customerKeys.customers });
    },
  });
  return (
    <AvatarPicker
      name={customer?.name ?? ''}
      url={customer?.avatar_url}
      disabled={!customer}
      pending={upload.isPending}
      onPick={(file) => upload.mutate(file)}
      hint={customer ? DETAIL_TEXT.avatarHint : DETAIL_TEXT.avatarAfterCreate}
    />
  );
}

export interface CustomerFormProps {
  tabKey: string;
  customer?: CustomerDetail;
  onSaved: (customer: CustomerDetail, created: boolean) => void;
}

/** The profile form; every change is kept as the tab's draft until it is saved or discarded. */
export function CustomerForm({ tabKey, customer, onSaved }: CustomerFormProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const fields = useCustomerFields();
  const shownFields = fields.data ?? [];
  const [initial] = useState(
    () =>
      formFromDraft(readTabDraft(tabKey).customer) ??
      (customer ? formFromCustomer(customer) : emptyCustomerForm()),
  );
  const form = useForm<CustomerFormState>({
    resolver: customerFormResolver(shownFields, customer?.custom),
    defaultValues: initial,
    // The first field in error gets the focus, as it comes in the form (see `submit`).
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const [dirty, setDirty] = useState(() => readTabDraft(tabKey).customer !== undefined);
  const [duplicate, setDuplicate] = useState<{ message: string; ref: DuplicateCustomer } | null>(
    null,
  );
  const cityCode = useWatch({ control: form.control, name: 'city_code' });
  const cities = useCities();
  const districts = useDistricts(cityCode || null);

  // Every change the user makes is the tab's draft.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values, name }) => {
          if (!name) return;
          saveTabDraft(tabKey, 'customer', values as unknown as Record<string, unknown>);
          setDirty(true);
        },
      }),
    [form, tabKey],
  );

  const save = useMutation({
    mutationFn: (values: CustomerFormState) =>
      saveCustomer(customer?._id, payloadFor(values, shownFields)),
    meta: { silent: true },
    onSuccess: (saved) => {
      saveTabDraft(tabKey, 'customer', undefined);
      setDirty(false);
      setDuplicate(null);
      toast.success(customer ? DETAIL_TEXT.updated : DETAIL_TEXT.created);
      queryClient.setQueryData(customerKeys.customer(saved._id), saved);
      void queryClient.invalidateQueries({ queryKey: customerKeys.customers });
      if (customer) form.reset(formFromCustomer(saved));
      onSaved(saved, !customer);
    },
    onError: (failure, values) => {
      const ref = isApiError(failure) ? duplicateOf(failure.body) : null;
      if (ref && isApiError(failure)) {
        setDuplicate({ message: failure.message, ref });
        return;
      }
      if (isApiError(failure) && failure.fieldErrors.length > 0) {
        const raw: FormErrors = {};
        failure.fieldErrors.forEach((entry) => (raw[entry.param] = entry.message));
        for (const [param, message] of Object.entries(mapContactErrors(values, raw)))
          form.setError(param as FieldPath<CustomerFormState>, { type: 'server', message });
      }
      toast.error(failure instanceof Error ? failure.message : String(failure));
    },
  });

  const submit = form.handleSubmit(
    (values) => {
      setDuplicate(null);
      return save.mutateAsync(values).then(
        () => undefined,
        () => undefined,
      );
    },
    (problems) => {
      setDuplicate(null);
      document.getElementById(`${id}-${Object.keys(problems)[0]}`)?.focus();
    },
  );

  // Once at a time: a double click on 'Lưu' creates one customer, not two.
  const guarded = useGuardedSubmit(submit);
  const busy = save.isPending || guarded.busy;

  const discard = () => {
    saveTabDraft(tabKey, 'customer', undefined);
    form.reset(customer ? formFromCustomer(customer) : emptyCustomerForm());
    setDuplicate(null);
    setDirty(false);
  };

  /** A contact list's messages by row ('phones.1'), beside the list's own. */
  const contactErrors = (prefix: 'phones' | 'emails') => {
    const rows = (errors[prefix] ?? {}) as Record<string, { message?: string } | undefined>;
    const result: Record<number, string | undefined> = {};
    for (const [key, entry] of Object.entries(rows))
      if (/^\d+$/.test(key)) result[Number(key)] = entry?.message;
    return result;
  };
  const listError = (prefix: 'phones' | 'emails') =>
    errors[prefix]?.message ?? errors[prefix]?.root?.message;
  const errorOf = (name: 'name' | 'gender' | 'birthday' | 'address' | 'notes') =>
    errors[name]?.message;

  return (
    <form
      className="flex flex-col gap-5"
      noValidate
      onSubmit={guarded.submit}
      aria-label={DETAIL_TEXT.profile}
    >
      {duplicate && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
          <span>{duplicate.message}</span>
          <Link
            to={duplicate.ref.link}
            className="font-medium text-teal-800 underline underline-offset-2"
          >
            {DETAIL_TEXT.duplicateOpen(duplicate.ref.name)}
          </Link>
        </div>
      )}
      <Section title={DETAIL_TEXT.profile}>
        <AvatarField customer={customer} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={`${id}-name`}
            label={DETAIL_TEXT.name}
            error={errorOf('name')}
            required
            className="flex flex-col gap-1.5 sm:col-span-2"
          >
            <Input
              id={`${id}-name`}
              maxLength={150}
              aria-invalid={errorOf('name') ? true : undefined}
              aria-describedby={errorOf('name') ? `${id}-name-error` : undefined}
              {...form.register('name')}
            />
          </Field>
          <Field id={`${id}-gender`} label={DETAIL_TEXT.gender} error={errorOf('gender')}>
            <NativeSelect id={`${id}-gender`} {...form.register('gender')}>
              <option value="">{DETAIL_TEXT.choose}</option>
              {GENDER.options().map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`${id}-birthday`} label={DETAIL_TEXT.birthday} error={errorOf('birthday')}>
            <Controller
              control={form.control}
              name="birthday"
              render={({ field }) => (
                <DatePicker
                  id={`${id}-birthday`}
                  name={field.name}
                  value={field.value}
                  onChange={(day) => field.onChange(day ?? '')}
                  onBlur={field.onBlur}
                  invalid={Boolean(errorOf('birthday'))}
                  describedBy={errorOf('birthday') ? `${id}-birthday-error` : undefined}
                />
              )}
            />
          </Field>
        </div>
      </Section>

      <Section title={DETAIL_TEXT.contact}>
        <div className="grid gap-4 lg:grid-cols-2">
          {(['phones', 'emails'] as const).map((list) => (
            <Controller
              key={list}
              control={form.control}
              name={list}
              render={({ field }) => (
                <ContactListField
                  legend={list === 'phones' ? DETAIL_TEXT.phones : DETAIL_TEXT.emails}
                  name={`${id}-${list}`}
                  items={field.value}
                  type={list === 'phones' ? 'tel' : 'email'}
                  inputLabel={list === 'phones' ? DETAIL_TEXT.phoneInput : DETAIL_TEXT.emailInput}
                  addLabel={list === 'phones' ? DETAIL_TEXT.addPhone : DETAIL_TEXT.addEmail}
                  errors={contactErrors(list)}
                  listError={listError(list)}
                  onChange={(items) => {
                    field.onChange(items);
                    // A list's messages name rows by position: any change makes them stale.
                    form.clearErrors(list);
                  }}
                />
              )}
            />
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={`${id}-address`}
            label={DETAIL_TEXT.address}
            error={errorOf('address')}
            className="flex flex-col gap-1.5 sm:col-span-2"
          >
            <Input id={`${id}-address`} maxLength={500} {...form.register('address')} />
          </Field>
          <Field id={`${id}-city`} label={DETAIL_TEXT.city} error={errors.city_code?.message}>
            <NativeSelect
              id={`${id}-city`}
              {...form.register('city_code', {
                onChange: () => form.setValue('district_code', ''),
              })}
            >
              <option value="">{DETAIL_TEXT.pickCity}</option>
              {(cities.data ?? []).map((city) => (
                <option key={city._id} value={city._id}>
                  {city.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            id={`${id}-district`}
            label={DETAIL_TEXT.district}
            error={errors.district_code?.message}
          >
            <NativeSelect
              id={`${id}-district`}
              disabled={!cityCode}
              {...form.register('district_code')}
            >
              <option value="">{DETAIL_TEXT.pickDistrict}</option>
              {(districts.data ?? []).map((district) => (
                <option key={district._id} value={district._id}>
                  {district.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
      </Section>

      <Section title={DETAIL_TEXT.classification}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-tier`} label={DETAIL_TEXT.tier} error={errors.tier?.message}>
            <NativeSelect id={`${id}-tier`} {...form.register('tier', { valueAsNumber: true })}>
              {CUSTOMER_TIER.options().map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`${id}-source`} label={DETAIL_TEXT.source} error={errors.source?.message}>
            <NativeSelect id={`${id}-source`} {...form.register('source')}>
              {sourceOptions().map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`${id}-groups`} label={DETAIL_TEXT.groups} error={errors.group_ids?.message}>
            <Controller
              control={form.control}
              name="group_ids"
              render={({ field }) => (
                <CustomerGroupPicker
                  id={`${id}-groups`}
                  multiple
                  value={field.value}
                  onChange={(next) => field.onChange(next)}
                  knownOptions={customer?.groups.map(named)}
                  placeholder={`${DETAIL_TEXT.choose} ${DETAIL_TEXT.groups.toLowerCase()}`}
                  maxChips={6}
                />
              )}
            />
          </Field>
          <Field id={`${id}-tags`} label={DETAIL_TEXT.tags} error={errors.tag_ids?.message}>
            <Controller
              control={form.control}
              name="tag_ids"
              render={({ field }) => (
                <TagPicker
                  id={`${id}-tags`}
                  multiple
                  value={field.value}
                  onChange={(next) => field.onChange(next)}
                  knownOptions={customer?.tags.map(named)}
                  placeholder={`${DETAIL_TEXT.choose} ${DETAIL_TEXT.tags.toLowerCase()}`}
                  maxChips={6}
                />
              )}
            />
          </Field>
          <Field
            id={`${id}-organization`}
            label={DETAIL_TEXT.organization}
            error={errors.organization_id?.message}
          >
            <Controller
              control={form.control}
              name="organization_id"
              render={({ field }) => (
                <OrganizationPicker
                  id={`${id}-organization`}
                  value={field.value || null}
                  onChange={(next) => field.onChange(next ?? '')}
                  placeholder={DETAIL_TEXT.choose}
                />
              )}
            />
          </Field>
          <Field id={`${id}-owner`} label={DETAIL_TEXT.owner} error={errors.owner_id?.message}>
            <Controller
              control={form.control}
              name="owner_id"
              render={({ field }) => (
                <StaffPicker
                  id={`${id}-owner`}
                  value={field.value || null}
                  onChange={(next) => field.onChange(next ?? '')}
                  knownOptions={customer?.owner ? [named(customer.owner)] : undefined}
                  placeholder={DETAIL_TEXT.choose}
                />
              )}
            />
          </Field>
        </div>
      </Section>

      {shownFields.length > 0 && (
        <Section title={DETAIL_TEXT.customFields}>
          <div className="grid gap-4 sm:grid-cols-2">
            {shownFields.map((field) => (
              <Controller
                key={field._id}
                control={form.control}
                name={`custom.${field.key}`}
                render={({ field: control, fieldState }) => (
                  <CustomFieldInput
                    field={field}
                    value={control.value}
                    error={fieldState.error?.message}
                    onChange={control.onChange}
                  />
                )}
              />
            ))}
          </div>
        </Section>
      )}

      <div className="border-t border-slate-100 pt-5">
        <Field id={`${id}-notes`} label={DETAIL_TEXT.notes} error={errorOf('notes')}>
          <Textarea id={`${id}-notes`} maxLength={5000} rows={4} {...form.register('notes')} />
        </Field>
      </div>

      <div className="sticky bottom-0 -mx-5 -mb-5 flex rounded-b-xl flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-5 py-3 backdrop-blur">
        {dirty && <span className="mr-auto text-xs text-slate-500">{DETAIL_TEXT.draftKept}</span>}
        {dirty && (
          <Button variant="ghost" onClick={discard} disabled={busy}>
            <RotateCcw aria-hidden="true" />
            {DETAIL_TEXT.discard}
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save />}
          {customer ? DETAIL_TEXT.save : DETAIL_TEXT.create}
        </Button>
      </div>
    </form>
  );
}
