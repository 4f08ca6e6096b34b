import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, UserRound } from 'lucide-react';
import type {
  CustomerDetail,
  CustomerUpdateBody,
} from '@omnicare/shared/customers/customers.schemas';
import { CUSTOMER_TIER } from '@omnicare/shared/customers/customer-enums';
import { formatPhone } from '@omnicare/shared/customers/phone-format';
import { useShellNavigation } from '@/components/layout/shell-navigation';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/errors';
import { CustomerTickets } from '@/features/tickets/components/customer-tickets';
import { CustomerCalls } from '@/features/telephony/components/customer-calls';
import { StaffPicker } from '@/features/users/components/staff-picker';
import { fetchCustomer, updateCustomerFields } from '../customers.api';
import { customerKeys } from '../customers.queries';
import { DETAIL_TEXT, PANEL_TEXT } from '../customers-text';
import { ContactListField, type ContactItem } from './contact-list-field';
import { CustomerGroupPicker, TagPicker } from './customer-pickers';
import { formFromCustomer, mapContactErrors, toPayload } from './customer-form-state';
import { InlineField, type InlineErrors } from './inline-field';

const named = (item: { _id: string; name: string }) => ({ value: item._id, label: item.name });

const Empty = () => <span className="text-slate-400">{PANEL_TEXT.empty}</span>;

function Chips({ items }: { items: { _id: string; name: string }[] }) {
  if (items.length === 0) return <Empty />;
  return (
    <span className="flex flex-wrap gap-1">
      {items.map((item) => (
        <Badge key={item._id} variant="secondary" className="max-w-full truncate">
          {item.name}
        </Badge>
      ))}
    </span>
  );
}

/**
 * The requester's card: name, phones, emails, tier, groups, tags and owner, each edited in place
 * through `PUT /v2/customers/{id}` with that field only (the customer page's rules and messages:
 * the shared schema here, every rule on the server).
 */
export function CustomerCard({
  customer,
  onSaved,
}: {
  customer: CustomerDetail;
  onSaved?: (customer: CustomerDetail) => void;
}) {
  const { recordPath } = useShellNavigation();
  const queryClient = useQueryClient();
  const save = async (patch: CustomerUpdateBody) => {
    const saved = await updateCustomerFields(customer._id, patch);
    queryClient.setQueryData(customerKeys.customer(customer._id), saved);
    queryClient.setQueryData(customerKeys.customer(String(saved.number)), saved);
    void queryClient.invalidateQueries({ queryKey: customerKeys.timeline(saved._id) });
    onSaved?.(saved);
  };
  /** The whole profile as the customer form holds it, with one field's draft in it. */
  const form = () => formFromCustomer(customer);
  const contacts = (key: 'phones' | 'emails') => ({
    initial: () => form()[key],
    toPatch: (draft: ContactItem[]) => ({ [key]: toPayload({ ...form(), [key]: draft })[key] }),
    mapErrors: (draft: ContactItem[], errors: InlineErrors) =>
      mapContactErrors({ ...form(), [key]: draft }, errors),
    editorShowsErrors: true,
    editorLabelled: true,
  });
  const contactEditor =
    (key: 'phones' | 'emails') =>
    ({
      draft,
      setDraft,
      errors,
    }: {
      draft: ContactItem[];
      setDraft: (next: ContactItem[]) => void;
      errors: InlineErrors;
    }) => (
      <ContactListField
        legend={key === 'phones' ? DETAIL_TEXT.phones : DETAIL_TEXT.emails}
        name={`panel-${key}`}
        items={draft}
        onChange={setDraft}
        type={key === 'phones' ? 'tel' : 'email'}
        inputLabel={key === 'phones' ? DETAIL_TEXT.phoneInput : DETAIL_TEXT.emailInput}
        addLabel={key === 'phones' ? DETAIL_TEXT.addPhone : DETAIL_TEXT.addEmail}
        errors={Object.fromEntries(draft.map((_, index) => [index, errors[`${key}.${index}`]]))}
        listError={errors[key]}
      />
    );

  return (
    <section
      aria-label={PANEL_TEXT.title}
      className="flex flex-col gap-3"
      data-testid="customer-card"
    >
      <div className="flex items-start gap-3">
        <Avatar name={customer.name} url={customer.avatar_url} />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <InlineField
            bare
            label={DETAIL_TEXT.name}
            view={
              <span
                className="block truncate text-sm font-semibold text-slate-900"
                title={customer.name}
                data-testid="customer-card-name"
              >
                {customer.name}
              </span>
            }
            initial={() => customer.name}
            toPatch={(name) => ({ name: name.trim() })}
            save={save}
            editor={({ id, draft, setDraft, errors }) => (
              <Input
                id={`${id}-input`}
                aria-label={DETAIL_TEXT.name}
                value={draft}
                autoFocus
                aria-invalid={errors.name ? true : undefined}
                onChange={(event) => setDraft(event.target.value)}
              />
            )}
          />
          <Link
            to={recordPath('customer', customer.number)}
            className="flex w-fit items-center gap-1 text-xs font-medium text-teal-800 underline-offset-2 hover:underline"
            aria-label={PANEL_TEXT.openRecordOf(customer.name)}
          >
            {PANEL_TEXT.openRecord}
            <ExternalLink className="size-3" aria-hidden="true" />
          </Link>
        </div>
      </div>
      <div className="flex flex-col gap-2.5 border-t border-slate-100 pt-3">
        <InlineField
          label={DETAIL_TEXT.phones}
          view={
            customer.phones.length === 0 ? (
              <Empty />
            ) : (
              <ul className="flex flex-col tabular-nums">
                {customer.phones.map((entry) => (
                  <li key={entry.phone}>
                    <a href={`tel:${entry.phone}`} className="hover:text-teal-800">
                      {formatPhone(entry.phone) || entry.phone}
                    </a>
                  </li>
                ))}
              </ul>
            )
          }
          {...contacts('phones')}
          save={save}
          editor={contactEditor('phones')}
        />
        <InlineField
          label={DETAIL_TEXT.emails}
          view={
            customer.emails.length === 0 ? (
              <Empty />
            ) : (
              <ul className="flex flex-col">
                {customer.emails.map((entry) => (
                  <li key={entry.email} className="truncate" title={entry.email}>
                    {entry.email}
                  </li>
                ))}
              </ul>
            )
          }
          {...contacts('emails')}
          save={save}
          editor={contactEditor('emails')}
        />
        <InlineField
          label={DETAIL_TEXT.tier}
          view={CUSTOMER_TIER.label(customer.tier)}
          initial={() => customer.tier}
          toPatch={(tier) => ({ tier })}
          save={save}
          editor={({ id, draft, setDraft }) => (
            <NativeSelect
              id={`${id}-input`}
              aria-label={DETAIL_TEXT.tier}
              value={draft}
              onChange={(event) => setDraft(Number(event.target.value))}
            >
              {CUSTOMER_TIER.options().map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          )}
        />
        <InlineField
          label={DETAIL_TEXT.groups}
          view={<Chips items={customer.groups} />}
          initial={() => customer.groups.map((group) => group._id)}
          toPatch={(group_ids) => ({ group_ids })}
          save={save}
          editor={({ id, draft, setDraft }) => (
            <CustomerGroupPicker
              id={`${id}-input`}
              aria-label={DETAIL_TEXT.groups}
              multiple
              value={draft}
              onChange={(next) => setDraft(next)}
              knownOptions={customer.groups.map(named)}
              placeholder={`${DETAIL_TEXT.choose} ${DETAIL_TEXT.groups.toLowerCase()}`}
            />
          )}
        />
        <InlineField
          label={DETAIL_TEXT.tags}
          view={<Chips items={customer.tags} />}
          initial={() => customer.tags.map((tag) => tag._id)}
          toPatch={(tag_ids) => ({ tag_ids })}
          save={save}
          editor={({ id, draft, setDraft }) => (
            <TagPicker
              id={`${id}-input`}
              aria-label={DETAIL_TEXT.tags}
              multiple
              value={draft}
              onChange={(next) => setDraft(next)}
              knownOptions={customer.tags.map(named)}
              placeholder={`${DETAIL_TEXT.choose} ${DETAIL_TEXT.tags.toLowerCase()}`}
            />
          )}
        />
        <InlineField
          label={DETAIL_TEXT.owner}
          view={customer.owner?.name ?? <Empty />}
          initial={() => customer.owner?._id ?? null}
          toPatch={(owner_id: string | null) => ({ owner_id })}
          save={save}
          editor={({ id, draft, setDraft }) => (
            <StaffPicker
              id={`${id}-input`}
              aria-label={DETAIL_TEXT.owner}
              value={draft}
              onChange={(next) => setDraft(next)}
              knownOptions={customer.owner ? [named(customer.owner)] : undefined}
              placeholder={DETAIL_TEXT.choose}
            />
          )}
        />
      </div>
    </section>
  );
}

/**
 * Who the customer is, beside a ticket (and, later, a conversation or a call): their card,
 * their latest tickets and their latest calls. `customerId` null: the record has no customer.
 */
export function CustomerPanel({
  customerId,
  currentTicketId,
  emptyText = PANEL_TEXT.noCustomer,
  onSaved,
}: {
  customerId: string | null;
  /** The ticket on screen, marked in the customer's tickets. */
  currentTicketId?: string;
  emptyText?: string;
  onSaved?: (customer: CustomerDetail) => void;
}) {
  const query = useQuery({
    queryKey: customerKeys.customer(customerId ?? ''),
    queryFn: ({ signal }) => fetchCustomer(customerId ?? '', signal),
    enabled: customerId !== null,
    meta: { silent: true },
  });
  if (customerId === null)
    return (
      <Card
        className="flex items-center gap-2 p-4 text-sm text-slate-500"
        data-testid="customer-panel"
      >
        <UserRound className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
        {emptyText}
      </Card>
    );
  const customer = query.data;
  return (
    <div className="flex flex-col gap-4" data-testid="customer-panel">
      <Card className="p-4">
        {customer ? (
          <CustomerCard key={customer._id} customer={customer} onSaved={onSaved} />
        ) : query.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm text-slate-600">
            {isApiError(query.error) && query.error.status === 404
              ? PANEL_TEXT.notFound
              : PANEL_TEXT.loadFailed}
            {!(isApiError(query.error) && query.error.status === 404) && (
              <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
                {PANEL_TEXT.retry}
              </Button>
            )}
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-24 w-full" />
          </div>
        )}
      </Card>
      {customer && (
        <>
          <Card className="p-4">
            <CustomerTickets
              customerId={customer._id}
              shown={5}
              currentTicketId={currentTicketId}
            />
          </Card>
          <Card className="p-4">
            <CustomerCalls customerId={customer._id} shown={5} />
          </Card>
        </>
      )}
    </div>
  );
}
