import { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import type {
  CustomerBody,
  CustomerBulkBody,
  CustomerBulkItem,
  CustomerDetail,
  CustomerListItem,
  CustomerListQuery,
  CustomerUpdateBody,
  CustomerDuplicate,
} from '@omnicare/shared/customers/customers.schemas';
import type { Gender } from '@omnicare/shared/customers/customer-enums';
import type { MergedInto } from '@omnicare/shared/customers/customers.schemas';
import type { RecordRef } from '@omnicare/shared/platform/record-ref';
import {
  CUSTOMER_BULK_MAX,
  CUSTOMER_BULK_MESSAGES,
  CUSTOMER_MESSAGES,
  DUPLICATE_REASON,
} from '@omnicare/shared/customers/customers.schemas';
import {
  looksLikePhone,
  normalizePhone,
  phoneSearchOf,
  toSearchKey,
} from '@omnicare/shared/customers/normalize';
import { customValuesToStore, validateCustomValues } from '@omnicare/shared/fields/fields.schemas';
import {
  checkCustomFilters,
  type CustomFieldCondition,
} from '@omnicare/shared/fields/custom-filters';
import { mergedCustomerBody } from '@omnicare/shared/customers/merge';
import { startOfDayIn } from '@omnicare/shared/platform/time';
import { customers } from '../../db/schema/customers.js';
import type { Platform } from '../../platform/context.js';
import { isUniqueViolation, type Database, type Transaction } from '../../platform/db.js';
import type { AuthContext } from '../../platform/auth.js';
import { dataScopeOf, scopeCondition } from '../../platform/data-scope.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { listAudit, writeAudit, writeAuditEntries } from '../audit/audit.service.js';
import type { ActivityEntry } from '@omnicare/shared/audit/activity.schemas';
import { customerActivity, type ActivityNames } from './customer-activity.js';
import { listFields } from '../fields/fields.service.js';
import { cityExists, districtBelongsTo, placeNames } from '../locations/locations.service.js';
import { organizationExists } from '../organizations/organizations.service.js';
import { imageExtensionOf } from '../../platform/files.js';
import * as repo from './customers.repository.js';
import { customersWithTickets } from '../tickets/ticket-queries.js';
import { moveTicketsToCustomer } from '../tickets/ticket-changes.js';
import { TICKET_MESSAGES } from '@omnicare/shared/tickets/tickets.schemas';
import { TENANT_MESSAGES } from '@omnicare/shared/tenants/tenants.schemas';
import { AVATAR_MAX_BYTES } from '@omnicare/shared/platform/constants';

/** 401 unless the tenant lets the caller's role import and export customers. */
export function assertMayImportExport(auth: AuthContext) {
  if (!auth.customerImportExport) throw new AppError(401, TENANT_MESSAGES.importExportForbidden);
}

/** The caller's data scope as a condition on customers (owner and organization). */
export const customerScope = (auth: AuthContext): SQL | undefined =>
  scopeCondition(dataScopeOf(auth), {
    owner: customers.ownerId,
    organization: customers.organizationId,
  });

/** Up to this many words, a name search tries every order of them (4! = 24 prefixes). */
const ANY_ORDER_WORDS = 4;

/** The word orders a name search tries: all of them for a few words, as typed past that. */
export function wordOrders(text: string): string[] {
  const words = text.split(' ');
  if (words.length > ANY_ORDER_WORDS) return [text];
  const orders = (rest: string[]): string[][] =>
    rest.length <= 1
      ? [rest]
      : rest.flatMap((word, index) =>
          orders([...rest.slice(0, index), ...rest.slice(index + 1)]).map((tail) => [
            word,
            ...tail,
          ]),
        );
  return [...new Set(orders(words).map((order) => order.join(' ')))];
}

/** A search that matches nothing: a keyword of emoji or punctuation only. */
const NOTHING = { kinds: ['name', 'email'], prefixes: [] } satisfies repo.CustomerFilter['search'];

/**
 * A keyword that looks like a phone searches phone numbers (from their start after a 0 or +84,
 * anywhere otherwise); any other keyword is a diacritics-free prefix of name words and emails,
 * its words in any order ('van nguyen' finds Nguyễn Văn An: the stored term 'nguyen van an'
 * starts with the order 'nguyen van'). A keyword with no letter or digit finds nobody.
 */
export function searchTerm(keyword: string | undefined): repo.CustomerFilter['search'] {
  if (!keyword?.trim()) return undefined;
  if (looksLikePhone(keyword)) {
    const { digits, fromStart } = phoneSearchOf(keyword);
    if (!digits) return NOTHING;
    return fromStart ? { kinds: ['phone'], prefixes: [digits] } : { digits };
  }
  const text = toSearchKey(keyword);
  if (!/[\p{L}\p{N}]/u.test(text)) return NOTHING;
  return { kinds: ['name', 'email'], prefixes: wordOrders(text) };
}

/**
 * The custom-field filters of a list query, checked against the tenant's active customer fields
 * (422 `{param: '<param>.<key>', message}` otherwise); undefined when there are none.
 */
export async function customFilterOf(
  platform: Platform,
  tenantId: string,
  custom: Record<string, unknown> | undefined,
  param = 'custom',
): Promise<{ conditions: CustomFieldCondition[]; values: Record<string, unknown> } | undefined> {
  if (!custom || Object.keys(custom).length === 0) return undefined;
  const checked = checkCustomFilters(
    await listFields(platform, tenantId, 'customer'),
    custom,
    param,
  );
  if (checked.problems.length > 0)
    throw new AppError(422, checked.problems[0]?.message, checked.problems);
  return checked.conditions.length > 0 ? checked : undefined;
}

export function toFilter(
  query: Partial<CustomerListQuery>,
  scope: SQL | undefined,
  custom?: CustomFieldCondition[],
): repo.CustomerFilter {
  return {
    search: searchTerm(query.keyword),
    groupId: query.group_id,
    tagId: query.tag_id,
    tier: query.tier,
    source: query.source,
    ownerId: query.owner_id,
    organizationId: query.organization_id,
    createdFrom: query.created_from ? startOfDayIn(query.created_from) : undefined,
    createdBefore: query.created_to ? startOfDayIn(query.created_to, undefined, true) : undefined,
    custom: custom?.length ? custom : undefined,
    scope,
  };
}

const toListItem = ({
  customer,
  ownerName,
  organizationName,
}: repo.CustomerListRow): CustomerListItem => ({
  _id: customer.id,
  number: customer.number,
  name: customer.name,
  avatar_url: customer.avatarUrl,
  phone: customer.primaryPhone,
  email: customer.primaryEmail,
  tier: customer.tier,
  source: customer.source,
  owner: customer.ownerId ? { _id: customer.ownerId, name: ownerName ?? '' } : null,
  organization: customer.organizationId
    ? { _id: customer.organizationId, name: organizationName ?? '' }
    : null,
  created_at: customer.createdAt.toISOString(),
  updated_at: customer.updatedAt.toISOString(),
});

export async function listCustomers(
  platform: Platform,
  auth: AuthContext,
  query: CustomerListQuery,
) {
  const custom = await customFilterOf(platform, auth.tenantId, query.custom);
  const filter = toFilter(query, customerScope(auth), custom?.conditions);
  const { rows, total, capped } = await repo.listCustomers(
    platform.db,
    auth.tenantId,
    filter,
    {
      sort: query.sort,
      order: query.order,
      offset: (query.page - 1) * query.page_size,
      limit: query.page_size,
    },
    { memo: platform.memo },
  );
  return { data: rows.map(toListItem), total, capped };
}

/** Merges chained this deep are followed to the customer that holds them all now. */
const MERGE_HOPS = 10;

/**
 * The 404 for a customer that is not there: when it was merged away into a customer the caller
 * may see, it names that survivor (`merged_into`), so a link or an open tab to it can follow.
 */
async function missingCustomer(platform: Platform, auth: AuthContext, ref: RecordRef) {
  let next: RecordRef = ref;
  for (let hop = 0; hop < MERGE_HOPS; hop += 1) {
    const survivorId = await repo.mergedInto(platform.db, auth.tenantId, next);
    if (!survivorId) break;
    const found = await repo.findCustomer(
      platform.db,
      auth.tenantId,
      { id: survivorId },
      customerScope(auth),
    );
    if (found) {
      const { customer } = found;
      const mergedInto: MergedInto = {
        _id: customer.id,
        number: customer.number,
        name: customer.name,
      };
      return new AppError(404, CUSTOMER_MESSAGES.merged, undefined, { merged_into: mergedInto });
    }
    next = { id: survivorId };
  }
  return notFound(CUSTOMER_MESSAGES.notFound);
}

export async function getCustomer(
  platform: Platform,
  auth: AuthContext,
  /** Its id, or `{number}` for its short number. */
  ref: string | RecordRef,
  /** Read past the caller's scope: the answer to a write that moved the customer out of it. */
  { unscoped = false } = {},
): Promise<CustomerDetail> {
  const scope = unscoped ? undefined : customerScope(auth);
  const named = typeof ref === 'string' ? { id: ref } : ref;
  const row = await repo.findCustomer(platform.db, auth.tenantId, named, scope);
  if (!row) throw await missingCustomer(platform, auth, named);
  const relations = await repo.customerRelations(platform.db, [row.customer.id]);
  return detailOf(row, relations);
}

type Relations = Awaited<ReturnType<typeof repo.customerRelations>>;

/** A customer's detail from its row and the relations read for it (and maybe others). */
function detailOf(row: repo.CustomerListRow, relations: Relations): CustomerDetail {
  const { customer } = row;
  const own = <T extends { customerId: string }>(items: T[]) =>
    items.filter((item) => item.customerId === customer.id);
  return {
    ...toListItem(row),
    gender: customer.gender as Gender | null,
    birthday: customer.birthday,
    phones: own(relations.phones).map((p) => ({ phone: p.phone, is_primary: p.isPrimary })),
    emails: own(relations.emails).map((e) => ({ email: e.email, is_primary: e.isPrimary })),
    address: customer.address,
    city_code: customer.cityCode,
    district_code: customer.districtCode,
    groups: own(relations.groups).map((g) => ({ _id: g.id, name: g.name })),
    tags: own(relations.tags).map((t) => ({ _id: t.id, name: t.name })),
    custom: customer.custom,
    notes: customer.notes,
  };
}

/**
 * Many customers' details by id, whatever the scope (the caller has checked it), as an audit
 * entry keeps them: for writes that change many customers at once (an import).
 */
export async function customerDetails(
  db: Database | Transaction,
  tenantId: string,
  ids: string[],
): Promise<Map<string, CustomerDetail>> {
  const rows = await repo.findCustomers(db, tenantId, ids);
  const relations = await repo.customerRelations(
    db,
    rows.map((row) => row.customer.id),
  );
  return new Map(rows.map((row) => [row.customer.id, detailOf(row, relations)]));
}

/** Phones and emails as stored: the first is primary unless one is marked. */
export function contactRows(body: Pick<CustomerBody, 'phones' | 'emails'>) {
  const phonePrimary = Math.max(
    0,
    body.phones.findIndex((p) => p.is_primary),
  );
  const emailPrimary = Math.max(
    0,
    body.emails.findIndex((e) => e.is_primary),
  );
  return {
    phones: body.phones.map((p, index) => ({
      phone: p.phone,
      national: normalizePhone(p.phone),
      isPrimary: index === phonePrimary,
    })),
    emails: body.emails.map((e, index) => ({ email: e.email, isPrimary: index === emailPrimary })),
  };
}

/**
 * 422 when another customer already has one of these phones or emails: naming them, with a
 * link, when the caller may see them; saying only that the phone or email is taken otherwise.
 */
async function guardDuplicates(
  platform: Platform,
  auth: AuthContext,
  contacts: ReturnType<typeof contactRows>,
  exceptId?: string,
) {
  const nationals = contacts.phones.map((p) => p.national);
  const emails = contacts.emails.map((e) => e.email);
  const [holder] = await repo.findHolders(platform.db, auth.tenantId, nationals, emails, exceptId);
  if (!holder) return;
  const relations = await repo.customerRelations(platform.db, [holder.id]);
  const phoneClash = relations.phones.some((p) => nationals.includes(p.national));
  const param = phoneClash ? 'phones' : 'emails';
  const visible = await repo.visibleIds(
    platform.db,
    auth.tenantId,
    [holder.id],
    customerScope(auth),
  );
  if (!visible.has(holder.id)) {
    const message = phoneClash ? CUSTOMER_MESSAGES.phoneTaken : CUSTOMER_MESSAGES.emailTaken;
    throw new AppError(422, message, [{ param, message }]);
  }
  const duplicate = { _id: holder.id, name: holder.name, link: `/customers/${holder.number}` };
  const message = `${phoneClash ? CUSTOMER_MESSAGES.duplicatePhone : CUSTOMER_MESSAGES.duplicateEmail} ${holder.name}`;
  throw new AppError(422, message, [{ param, message }], { duplicate });
}

/**
 * Checks what the body refers to; answers the ids to link and the custom values to store
 * (`stored`: the customer's values so far, kept for switched-off fields; `customSent: false`
 * keeps them all as they are, unchecked, for an update that leaves `custom` out).
 */
async function checkReferences(
  platform: Platform,
  auth: AuthContext,
  body: CustomerBody,
  stored: Record<string, unknown> = {},
  customSent = true,
  isUpdate = false,
) {
  const db = platform.db;
  const groupIds = [...new Set(body.group_ids)];
  if ((await repo.tenantCustomerGroupIds(db, auth.tenantId, groupIds)).length !== groupIds.length) {
    throw fieldError('group_ids', CUSTOMER_MESSAGES.groupMissing);
  }
  const tagIds = [...new Set(body.tag_ids)];
  if ((await repo.tenantTagIds(db, auth.tenantId, tagIds)).length !== tagIds.length)
    throw fieldError('tag_ids', CUSTOMER_MESSAGES.tagMissing);
  if (body.owner_id && !(await repo.staffExists(db, auth.tenantId, body.owner_id)))
    throw fieldError('owner_id', CUSTOMER_MESSAGES.ownerMissing);
  if (
    body.organization_id &&
    !(await organizationExists(db, auth.tenantId, body.organization_id))
  ) {
    throw fieldError('organization_id', CUSTOMER_MESSAGES.organizationMissing);
  }
  if (body.city_code && !(await cityExists(db, body.city_code)))
    throw fieldError('city_code', CUSTOMER_MESSAGES.cityMissing);
  if (
    body.district_code &&
    !(body.city_code && (await districtBelongsTo(db, body.district_code, body.city_code)))
  ) {
    throw fieldError('district_code', CUSTOMER_MESSAGES.districtMismatch);
  }
  if (!customSent) return { groupIds, tagIds, custom: stored };
  const fields = await listFields(platform, auth.tenantId, 'customer');
  // An update is checked against what the customer had (see `validateCustomValues`).
  const problems = validateCustomValues(fields, body.custom, isUpdate ? stored : undefined);
  if (problems.length > 0) throw new AppError(422, problems[0]?.message, problems);
  return { groupIds, tagIds, custom: customValuesToStore(fields, body.custom, stored) };
}

function customerColumns(body: CustomerBody, contacts: ReturnType<typeof contactRows>) {
  return {
    name: body.name,
    // Left out, the avatar stays: it has its own upload, and the form does not send it.
    ...(body.avatar_url === undefined ? {} : { avatarUrl: body.avatar_url }),
    gender: body.gender ?? null,
    birthday: body.birthday ?? null,
    address: body.address ?? null,
    cityCode: body.city_code ?? null,
    districtCode: body.district_code ?? null,
    tier: body.tier,
    organizationId: body.organization_id ?? null,
    ownerId: body.owner_id ?? null,
    source: body.source,
    notes: body.notes,
    custom: body.custom,
    primaryPhone: contacts.phones.find((p) => p.isPrimary)?.phone ?? null,
    primaryEmail: contacts.emails.find((e) => e.isPrimary)?.email ?? null,
    nameKey: toSearchKey(body.name),
  };
}

/** A unique-index race (two saves of one phone at once) answers like the duplicate guard. */
async function withDuplicateRace<T>(
  platform: Platform,
  auth: AuthContext,
  contacts: ReturnType<typeof contactRows>,
  exceptId: string | undefined,
  work: () => Promise<T>,
) {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) await guardDuplicates(platform, auth, contacts, exceptId);
    throw error;
  }
}

export async function createCustomer(platform: Platform, auth: AuthContext, body: CustomerBody) {
  const contacts = contactRows(body);
  await guardDuplicates(platform, auth, contacts);
  const { groupIds, tagIds, custom } = await checkReferences(platform, auth, body);
  // A new customer with no owner belongs to whoever created it, so their own scope shows it.
  const ownerId = body.owner_id ?? auth.userId;
  const id = await withDuplicateRace(platform, auth, contacts, undefined, () =>
    platform.db.transaction(async (tx) => {
      const row = await repo.insertCustomer(tx, {
        tenantId: auth.tenantId,
        ...customerColumns({ ...body, custom }, contacts),
        ownerId,
        createdBy: auth.userId,
      });
      const fresh = { fresh: true };
      await repo.replaceContacts(
        tx,
        auth.tenantId,
        row.id,
        contacts.phones,
        contacts.emails,
        fresh,
      );
      await repo.replaceMemberships(tx, auth.tenantId, row.id, groupIds, tagIds, fresh);
      return row.id;
    }),
  );
  // Given to someone else, the new customer may be outside the creator's scope.
  const created = await getCustomer(platform, auth, id, { unscoped: true });
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'create',
    entity: 'customer',
    entityId: id,
    after: created,
  });
  return created;
}

/** A stored customer as the body that would save it unchanged. */
function bodyOf(customer: CustomerDetail): CustomerBody {
  return {
    name: customer.name,
    // Left out, the avatar stays as stored (see rowValues).
    avatar_url: undefined,
    gender: customer.gender,
    birthday: customer.birthday,
    phones: customer.phones,
    emails: customer.emails,
    address: customer.address,
    city_code: customer.city_code,
    district_code: customer.district_code,
    tier: customer.tier,
    group_ids: customer.groups.map((g) => g._id),
    tag_ids: customer.tags.map((t) => t._id),
    organization_id: customer.organization?._id ?? null,
    owner_id: customer.owner?._id ?? null,
    source: customer.source as CustomerBody['source'],
    custom: customer.custom,
    notes: customer.notes,
  };
}

/** Saves what the body names; what it leaves out keeps its value (see `customerUpdateBody`). */
export async function updateCustomer(
  platform: Platform,
  auth: AuthContext,
  id: string,
  changes: CustomerUpdateBody,
) {
  const before = await getCustomer(platform, auth, id);
  const sent = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as CustomerUpdateBody;
  const body: CustomerBody = { ...bodyOf(before), ...sent };
  const contacts = contactRows(body);
  await guardDuplicates(platform, auth, contacts, id);
  const { groupIds, tagIds, custom } = await checkReferences(
    platform,
    auth,
    body,
    before.custom,
    sent.custom !== undefined,
    true,
  );
  await withDuplicateRace(platform, auth, contacts, id, () =>
    platform.db.transaction(async (tx) => {
      await repo.updateCustomer(
        tx,
        auth.tenantId,
        id,
        customerColumns({ ...body, custom }, contacts),
      );
      await repo.replaceContacts(tx, auth.tenantId, id, contacts.phones, contacts.emails);
      await repo.replaceMemberships(tx, auth.tenantId, id, groupIds, tagIds);
    }),
  );
  // A new owner may take the customer out of the caller's scope: the answer still shows it.
  const after = await getCustomer(platform, auth, id, { unscoped: true });
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'update',
    entity: 'customer',
    entityId: id,
    before,
    after,
  });
  return after;
}

/** A new avatar from an uploaded image: PNG, JPEG, WEBP or GIF by its content, 2 MB at most. */
export async function setAvatar(
  platform: Platform,
  auth: AuthContext,
  id: string,
  content: Buffer | undefined,
) {
  const before = await getCustomer(platform, auth, id);
  const extension = content ? imageExtensionOf(content) : undefined;
  if (!content || !extension) throw fieldError('file', CUSTOMER_MESSAGES.avatarType);
  if (content.length > AVATAR_MAX_BYTES) throw fieldError('file', CUSTOMER_MESSAGES.avatarSize);
  const avatarUrl = await platform.files.savePublic(
    `avatars/${auth.tenantId}`,
    extension,
    Readable.from(content),
  );
  await platform.db.transaction((tx) => repo.updateCustomer(tx, auth.tenantId, id, { avatarUrl }));
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'avatar',
    entity: 'customer',
    entityId: id,
    before: { avatar_url: before.avatar_url },
    after: { avatar_url: avatarUrl },
  });
  return getCustomer(platform, auth, id);
}

export async function deleteCustomer(platform: Platform, auth: AuthContext, id: string) {
  const [result] = await bulk(platform, auth, { action: 'delete', ids: [id] });
  if (result?.message === TICKET_MESSAGES.customerHasTickets)
    throw new AppError(422, TICKET_MESSAGES.customerHasTickets);
  if (!result?.ok) throw notFound(CUSTOMER_MESSAGES.notFound);
}

/** What a bulk action names in each customer's timeline, as named now (kept if renamed later). */
async function bulkObject(platform: Platform, auth: AuthContext, input: CustomerBulkBody) {
  const db = platform.db;
  if (input.action === 'add_group' || input.action === 'remove_group') {
    const group = await repo.customerGroupRef(db, auth.tenantId, input.group_id ?? '');
    if (!group) throw fieldError('group_id', CUSTOMER_MESSAGES.groupMissing);
    return { group };
  }
  if (input.action === 'add_tag' || input.action === 'remove_tag') {
    const tag = await repo.tagRef(db, auth.tenantId, input.tag_id ?? '');
    if (!tag) throw fieldError('tag_id', CUSTOMER_MESSAGES.tagMissing);
    return { tag };
  }
  if (input.action === 'assign_owner') {
    if (!input.owner_id) return { owner: null };
    const owner = await repo.staffRef(db, auth.tenantId, input.owner_id);
    if (!owner) throw fieldError('owner_id', CUSTOMER_MESSAGES.ownerMissing);
    return { owner };
  }
  return {};
}

/**
 * The customers a bulk action names: its ids, or every customer its filter finds in the
 * caller's scope (at most CUSTOMER_BULK_MAX, as by ids; more is a 422 on `filter`).
 */
async function bulkTargets(
  platform: Platform,
  auth: AuthContext,
  input: CustomerBulkBody,
): Promise<string[]> {
  if (!input.filter) return [...new Set(input.ids)];
  const custom = await customFilterOf(
    platform,
    auth.tenantId,
    input.filter.custom,
    'filter.custom',
  );
  const { rows, capped } = await repo.listCustomers(
    platform.db,
    auth.tenantId,
    toFilter(input.filter, customerScope(auth), custom?.conditions),
    { sort: 'created_at', order: 'desc', offset: 0, limit: CUSTOMER_BULK_MAX },
    { countCap: CUSTOMER_BULK_MAX },
  );
  if (capped) throw fieldError('filter', CUSTOMER_BULK_MESSAGES.tooMany);
  return rows.map((row) => row.customer.id);
}

/**
 * Applies one action to many customers; ids outside the caller's scope fail one by one. Each
 * customer's timeline gets an entry naming the tag, group or owner (and the owner before).
 */
export async function bulk(
  platform: Platform,
  auth: AuthContext,
  input: CustomerBulkBody,
): Promise<CustomerBulkItem[]> {
  const object = await bulkObject(platform, auth, input);
  const ids = await bulkTargets(platform, auth, input);
  const visible = await repo.visibleIds(platform.db, auth.tenantId, ids, customerScope(auth));
  // A requester of tickets stays: deleting them would take the tickets' history with them.
  const withTickets =
    input.action === 'delete'
      ? await customersWithTickets(platform.db, auth.tenantId, [...visible])
      : new Set<string>();
  const allowed = ids.filter((id) => visible.has(id) && !withTickets.has(id));
  // Who each customer was (name, number, owner) before the action.
  const was = new Map(
    (await repo.customerRefs(platform.db, auth.tenantId, allowed)).map((row) => [row.id, row]),
  );
  await platform.db.transaction(async (tx) => {
    if (input.action === 'add_group')
      await repo.addToGroup(tx, auth.tenantId, input.group_id as string, allowed);
    if (input.action === 'remove_group')
      await repo.removeFromGroup(tx, auth.tenantId, input.group_id as string, allowed);
    if (input.action === 'add_tag')
      await repo.addTag(tx, auth.tenantId, input.tag_id as string, allowed);
    if (input.action === 'remove_tag')
      await repo.removeTag(tx, auth.tenantId, input.tag_id as string, allowed);
    if (input.action === 'assign_owner')
      await repo.setOwner(tx, auth.tenantId, input.owner_id ?? null, allowed);
    if (input.action === 'delete') await repo.deleteCustomers(tx, auth.tenantId, allowed);
    await writeAuditEntries(
      tx,
      allowed.map((id) => {
        const customer = was.get(id);
        return {
          tenantId: auth.tenantId,
          impersonatorId: auth.impersonatorId,
          actorId: auth.userId,
          action: input.action,
          entity: 'customer' as const,
          entityId: id,
          before:
            input.action === 'assign_owner'
              ? { owner: customer?.owner ?? null }
              : { name: customer?.name, number: customer?.number },
          after: object,
        };
      }),
    );
  });
  return ids.map((id) =>
    withTickets.has(id)
      ? { id, ok: false, message: TICKET_MESSAGES.customerHasTickets }
      : visible.has(id)
        ? { id, ok: true }
        : { id, ok: false, message: CUSTOMER_MESSAGES.notFound },
  );
}

/**
 * Merges `mergedId` into `survivorId`: phones, emails, groups, tags and history move to the
 * survivor, empty fields of the survivor take the merged customer's values, and the merged
 * customer is removed. An audit entry keeps the merged customer as it was.
 */
export async function mergeCustomers(
  platform: Platform,
  auth: AuthContext,
  survivorId: string,
  mergedId: string,
) {
  const survivor = await getCustomer(platform, auth, survivorId);
  const merged = await getCustomer(platform, auth, mergedId);
  const body = mergedCustomerBody(survivor, merged);
  const contacts = contactRows(body);
  await platform.db.transaction(async (tx) => {
    // The merged customer goes first, so its phones and emails are free for the survivor.
    await repo.moveHistory(tx, auth.tenantId, mergedId, survivorId);
    await moveTicketsToCustomer(tx, auth.tenantId, mergedId, survivorId);
    await repo.deleteCustomers(tx, auth.tenantId, [mergedId]);
    await repo.recordMerge(tx, {
      tenantId: auth.tenantId,
      mergedId,
      mergedNumber: merged.number,
      survivorId,
    });
    await repo.updateCustomer(tx, auth.tenantId, survivorId, customerColumns(body, contacts));
    await repo.replaceContacts(tx, auth.tenantId, survivorId, contacts.phones, contacts.emails);
    await repo.replaceMemberships(tx, auth.tenantId, survivorId, body.group_ids, body.tag_ids);
    await writeAudit(tx, {
      tenantId: auth.tenantId,
      impersonatorId: auth.impersonatorId,
      actorId: auth.userId,
      action: 'merge',
      entity: 'customer',
      entityId: survivorId,
      before: merged,
      after: { merged_id: mergedId },
    });
  });
  return getCustomer(platform, auth, survivorId);
}

const DUPLICATES_SHOWN = 10;

/**
 * Likely duplicates of a customer the caller sees: same phone, email or diacritics-free name,
 * within the caller's data scope (others are not named), phone and email matches first.
 */
export async function customerDuplicates(
  platform: Platform,
  auth: AuthContext,
  id: string,
): Promise<CustomerDuplicate[]> {
  const customer = await getCustomer(platform, auth, id);
  const scope = customerScope(auth);
  const candidates = await repo.duplicateCandidates(
    platform.db,
    auth.tenantId,
    id,
    {
      nationals: customer.phones.map((p) => normalizePhone(p.phone)),
      emails: customer.emails.map((e) => e.email),
      nameKey: toSearchKey(customer.name),
    },
    DUPLICATES_SHOWN,
    scope,
  );
  const rows = await repo.findCustomers(platform.db, auth.tenantId, [...candidates.keys()], scope);
  const found: CustomerDuplicate[] = rows.map((row) => ({
    ...toListItem(row),
    reasons: DUPLICATE_REASON.filter((r) => candidates.get(row.customer.id)?.has(r)),
  }));
  const strength = (item: CustomerDuplicate) =>
    (item.reasons.includes('name') ? 1 : 0) - item.reasons.length;
  return found.sort((a, b) => strength(a) - strength(b)).slice(0, DUPLICATES_SHOWN);
}

/** What happened to a customer, newest first; tickets, conversations and calls join later. */
export async function customerTimeline(
  platform: Platform,
  auth: AuthContext,
  id: string,
  page: { page: number; page_size: number },
): Promise<{ data: ActivityEntry[]; total: number }> {
  await getCustomer(platform, auth, id);
  const { rows, total } = await listAudit(platform.db, auth.tenantId, {
    entity: 'customer',
    entityId: id,
    offset: (page.page - 1) * page.page_size,
    limit: page.page_size,
  });
  const needsNames = rows.some(({ entry }) => ['update', 'import_update'].includes(entry.action));
  const [places, fields] = needsNames
    ? await Promise.all([placeNames(platform.db), listFields(platform, auth.tenantId, 'customer')])
    : [undefined, []];
  const names: ActivityNames = {
    place: (code) => places?.city.get(code) ?? places?.district.get(code),
    customField: (key) => fields.find((field) => field.key === key),
    customOrder: fields.map((field) => field.key),
  };
  return {
    data: rows.map(({ entry, actorName }) => ({
      _id: entry.id,
      kind: `customer.${entry.action}`,
      actor: entry.actorId ? { _id: entry.actorId, name: actorName ?? '' } : null,
      at: entry.createdAt.toISOString(),
      ...customerActivity(entry.action, entry.before, entry.after, names),
    })),
    total,
  };
}
