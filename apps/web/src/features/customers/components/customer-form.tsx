import { useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Camera, Loader2, RotateCcw, Save } from 'lucide-react';
import type { CustomerDetail } from '@omnicare/shared/customers/customers.schemas';
import { CUSTOMER_TIER, GENDER } from '@omnicare/shared/customers/customer-enums';
import type { Gender } from '@omnicare/shared/customers/customer-enums';
import type { ChannelSource } from '@omnicare/shared/channels/channel-source';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { isApiError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { readTabDraft, saveTabDraft } from '@/stores/record-tabs-store';
import type { DuplicateCustomerRef } from '../customers.api';
import { duplicateOf, saveCustomer, uploadCustomerAvatar } from '../customers.api';
import { OrganizationPicker } from '@/features/organizations/components/organization-picker';
import { StaffPicker } from '@/features/users/components/staff-picker';
import { customerKeys, useCities, useCustomerFields, useDistricts } from '../customers.queries';
import { DETAIL_TEXT } from '../customers-text';
import { CustomerGroupPicker, TagPicker } from './customer-pickers';
import { ContactListField } from './contact-list-field';
import { CustomFieldInput } from './custom-field-input';
import { CustomerAvatar } from './customer-avatar';
import { sourceOptions } from './customer-filters';
import type { CustomerFormState, FormErrors } from './customer-form-state';
import {
  emptyCustomerForm,
  formFromCustomer,
  formFromDraft,
  mapContactErrors,
  payloadFor,
  validateCustomerForm,
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
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadCustomerAvatar(customer?._id ?? '', file),
    onSuccess: (updated) => {
      toast.success(DETAIL_TEXT.avatarUpdated);
      queryClient.setQueryData(customerKeys.customer(updated._id), updated);
      void queryClient.invalidateQueries({ queryKey: customerKeys.customers });
    },
  });
  return (
    <div className="flex items-center gap-4">
      <CustomerAvatar name={customer?.name ?? ''} url={customer?.avatar_url} size="lg" />
      <div className="flex flex-col gap-1.5">
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          aria-label={DETAIL_TEXT.avatar}
          disabled={!customer}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.mutate(file);
          }}
        />
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={!customer || upload.isPending}
          onClick={() => input.current?.click()}
        >
          {upload.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Camera />}
          {DETAIL_TEXT.changeAvatar}
        </Button>
        <p className="text-xs text-slate-500">
          {customer ? DETAIL_TEXT.avatarHint : DETAIL_TEXT.avatarAfterCreate}
        </p>
      </div>
    </div>
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
  const [form, setForm] = useState<CustomerFormState>(
    () =>
      formFromDraft(readTabDraft(tabKey).customer) ??
      (customer ? formFromCustomer(customer) : emptyCustomerForm()),
  );
  const [dirty, setDirty] = useState(() => readTabDraft(tabKey).customer !== undefined);
  const [errors, setErrors] = useState<FormErrors>({});
  const [duplicate, setDuplicate] = useState<{ message: string; ref: DuplicateCustomerRef } | null>(
    null,
  );
  const fields = useCustomerFields();
  const cities = useCities();
  const districts = useDistricts(form.city_code || null);

  const change = (patch: Partial<CustomerFormState>) => {
    setForm((current) => {
      const next = { ...current, ...patch };
      saveTabDraft(tabKey, 'customer', next as unknown as Record<string, unknown>);
      return next;
    });
    setDirty(true);
  };
  const clearError = (...keys: string[]) => {
    if (keys.some((key) => errors[key])) {
      const next = { ...errors };
      keys.forEach((key) => delete next[key]);
      setErrors(next);
    }
  };

  const save = useMutation({
    mutationFn: () => saveCustomer(customer?._id, payloadFor(form, fields.data ?? [])),
    meta: { silent: true },
    onSuccess: (saved) => {
      saveTabDraft(tabKey, 'customer', undefined);
      setDirty(false);
      setErrors({});
      setDuplicate(null);
      toast.success(customer ? DETAIL_TEXT.updated : DETAIL_TEXT.created);
      queryClient.setQueryData(customerKeys.customer(saved._id), saved);
      void queryClient.invalidateQueries({ queryKey: customerKeys.customers });
      if (customer) setForm(formFromCustomer(saved));
      onSaved(saved, !customer);
    },
    onError: (failure) => {
      const ref = isApiError(failure) ? duplicateOf(failure.body) : null;
      if (ref && isApiError(failure)) {
        setDuplicate({ message: failure.message, ref });
        return;
      }
      if (isApiError(failure) && failure.fieldErrors.length > 0) {
        const raw: FormErrors = {};
        failure.fieldErrors.forEach((entry) => (raw[entry.param] = entry.message));
        setErrors(mapContactErrors(form, raw));
      }
      toast.error(failure instanceof Error ? failure.message : String(failure));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateCustomerForm(form, fields.data ?? []);
    setErrors(problems);
    setDuplicate(null);
    if (Object.keys(problems).length > 0) {
      document.getElementById(`${id}-${Object.keys(problems)[0]?.split('.')[0]}`)?.focus();
      return;
    }
    save.mutate();
  }

  const discard = () => {
    saveTabDraft(tabKey, 'customer', undefined);
    setForm(customer ? formFromCustomer(customer) : emptyCustomerForm());
    setErrors({});
    setDuplicate(null);
    setDirty(false);
  };

  const indexed = (prefix: 'phones' | 'emails') => {
    const result: Record<number, string | undefined> = {};
    for (const [key, message] of Object.entries(errors)) {
      const match = new RegExp(`^${prefix}\\.(\\d+)`).exec(key);
      if (match) result[Number(match[1])] = message;
    }
    return result;
  };

  return (
    <form
      className="flex flex-col gap-5"
      noValidate
      onSubmit={submit}
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
            error={errors.name}
            required
            className="flex flex-col gap-1.5 sm:col-span-2"
          >
            <Input
              id={`${id}-name`}
              value={form.name}
              maxLength={150}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${id}-name-error` : undefined}
              onChange={(event) => {
                change({ name: event.target.value });
                clearError('name');
              }}
            />
          </Field>
          <Field id={`${id}-gender`} label={DETAIL_TEXT.gender} error={errors.gender}>
            <NativeSelect
              id={`${id}-gender`}
              value={form.gender}
              onChange={(event) => change({ gender: event.target.value as Gender | '' })}
            >
              <option value="">{DETAIL_TEXT.choose}</option>
              {GENDER.options().map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`${id}-birthday`} label={DETAIL_TEXT.birthday} error={errors.birthday}>
            <Input
              id={`${id}-birthday`}
              type="date"
              value={form.birthday}
              aria-invalid={errors.birthday ? true : undefined}
              onChange={(event) => {
                change({ birthday: event.target.value });
                clearError('birthday');
              }}
            />
          </Field>
        </div>
      </Section>

      <Section title={DETAIL_TEXT.contact}>
        <div className="grid gap-4 lg:grid-cols-2">
          <ContactListField
            legend={DETAIL_TEXT.phones}
            name={`${id}-phones`}
            items={form.phones}
            type="tel"
            inputLabel={DETAIL_TEXT.phoneInput}
            addLabel={DETAIL_TEXT.addPhone}
            errors={indexed('phones')}
            listError={errors.phones}
            onChange={(phones) => {
              change({ phones });
              setErrors((current) =>
                Object.fromEntries(
                  Object.entries(current).filter(([key]) => !key.startsWith('phones')),
                ),
              );
            }}
          />
          <ContactListField
            legend={DETAIL_TEXT.emails}
            name={`${id}-emails`}
            items={form.emails}
            type="email"
            inputLabel={DETAIL_TEXT.emailInput}
            addLabel={DETAIL_TEXT.addEmail}
            errors={indexed('emails')}
            listError={errors.emails}
            onChange={(emails) => {
              change({ emails });
              setErrors((current) =>
                Object.fromEntries(
                  Object.entries(current).filter(([key]) => !key.startsWith('emails')),
                ),
              );
            }}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={`${id}-address`}
            label={DETAIL_TEXT.address}
            error={errors.address}
            className="flex flex-col gap-1.5 sm:col-span-2"
          >
            <Input
              id={`${id}-address`}
              value={form.address}
              maxLength={500}
              onChange={(event) => change({ address: event.target.value })}
            />
          </Field>
          <Field id={`${id}-city`} label={DETAIL_TEXT.city} error={errors.city_code}>
            <NativeSelect
              id={`${id}-city`}
              value={form.city_code}
              onChange={(event) => change({ city_code: event.target.value, district_code: '' })}
            >
              <option value="">{DETAIL_TEXT.pickCity}</option>
              {(cities.data ?? []).map((city) => (
                <option key={city._id} value={city._id}>
                  {city.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`${id}-district`} label={DETAIL_TEXT.district} error={errors.district_code}>
            <NativeSelect
              id={`${id}-district`}
              value={form.district_code}
              disabled={!form.city_code}
              onChange={(event) => change({ district_code: event.target.value })}
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
          <Field id={`${id}-tier`} label={DETAIL_TEXT.tier} error={errors.tier}>
            <NativeSelect
              id={`${id}-tier`}
              value={form.tier}
              onChange={(event) => change({ tier: Number(event.target.value) })}
            >
              {CUSTOMER_TIER.options().map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`${id}-source`} label={DETAIL_TEXT.source} error={errors.source}>
            <NativeSelect
              id={`${id}-source`}
              value={form.source}
              onChange={(event) => change({ source: event.target.value as ChannelSource })}
            >
              {sourceOptions().map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`${id}-groups`} label={DETAIL_TEXT.groups} error={errors.group_ids}>
            <CustomerGroupPicker
              id={`${id}-groups`}
              multiple
              value={form.group_ids}
              onChange={(group_ids) => change({ group_ids })}
              knownOptions={customer?.groups.map(named)}
              placeholder={`${DETAIL_TEXT.choose} ${DETAIL_TEXT.groups.toLowerCase()}`}
              maxChips={6}
            />
          </Field>
          <Field id={`${id}-tags`} label={DETAIL_TEXT.tags} error={errors.tag_ids}>
            <TagPicker
              id={`${id}-tags`}
              multiple
              value={form.tag_ids}
              onChange={(tag_ids) => change({ tag_ids })}
              knownOptions={customer?.tags.map(named)}
              placeholder={`${DETAIL_TEXT.choose} ${DETAIL_TEXT.tags.toLowerCase()}`}
              maxChips={6}
            />
          </Field>
          <Field
            id={`${id}-organization`}
            label={DETAIL_TEXT.organization}
            error={errors.organization_id}
          >
            <OrganizationPicker
              id={`${id}-organization`}
              value={form.organization_id || null}
              onChange={(organization_id) => change({ organization_id: organization_id ?? '' })}
              placeholder={DETAIL_TEXT.choose}
            />
          </Field>
          <Field id={`${id}-owner`} label={DETAIL_TEXT.owner} error={errors.owner_id}>
            <StaffPicker
              id={`${id}-owner`}
              value={form.owner_id || null}
              onChange={(owner_id) => change({ owner_id: owner_id ?? '' })}
              knownOptions={customer?.owner ? [named(customer.owner)] : undefined}
              placeholder={DETAIL_TEXT.choose}
            />
          </Field>
        </div>
      </Section>

      {(fields.data ?? []).length > 0 && (
        <Section title={DETAIL_TEXT.customFields}>
          <div className="grid gap-4 sm:grid-cols-2">
            {(fields.data ?? []).map((field) => (
              <CustomFieldInput
                key={field._id}
                field={field}
                value={form.custom[field.key]}
                error={errors[`custom.${field.key}`]}
                onChange={(value) => {
                  change({ custom: { ...form.custom, [field.key]: value } });
                  clearError(`custom.${field.key}`);
                }}
              />
            ))}
          </div>
        </Section>
      )}

      <div className="border-t border-slate-100 pt-5">
        <Field id={`${id}-notes`} label={DETAIL_TEXT.notes} error={errors.notes}>
          <Textarea
            id={`${id}-notes`}
            value={form.notes}
            maxLength={5000}
            rows={4}
            onChange={(event) => change({ notes: event.target.value })}
          />
        </Field>
      </div>

      <div className="sticky bottom-0 -mx-5 -mb-5 flex rounded-b-xl flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-5 py-3 backdrop-blur">
        {dirty && <span className="mr-auto text-xs text-slate-500">{DETAIL_TEXT.draftKept}</span>}
        {dirty && (
          <Button variant="ghost" onClick={discard} disabled={save.isPending}>
            <RotateCcw aria-hidden="true" />
            {DETAIL_TEXT.discard}
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save />}
          {customer ? DETAIL_TEXT.save : DETAIL_TEXT.create}
        </Button>
      </div>
    </form>
  );
}
