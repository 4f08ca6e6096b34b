import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { normalizePhone, toSearchKey } from '@omnicare/shared/customers/normalize';
import type { Transaction } from '../../platform/db.js';
import {
  customFields,
  customerEmails,
  customerPhones,
  customerTags,
  customers,
  groupCustomers,
  tagGroups,
  tags,
} from '../schema/customers.js';
import { groupMembers, groups } from '../schema/groups.js';
import { organizations } from '../schema/organizations.js';
import { auditLog } from '../schema/platform.js';
import { users } from '../schema/users.js';
import { seedDemoTickets } from './demo-tickets.js';
import { seedDemoWorkflows } from './demo-workflows.js';
import { seedDemoCalls } from './demo-calls.js';
import { seedDemoMonitors } from './demo-monitors.js';
import { seedDemoReplies } from './demo-replies.js';
import { seedDemoLivechat } from './demo-conversations.js';
import { mobileNumber, personName, pick, seededRandom, type Random } from './sample-people.js';

/**
 * What a new demo tenant starts with besides its staff, so `npm start` opens on screens with
 * data in them: an organization tree the staff belong to, a department, customer groups, tag
 * groups, custom fields and a few hundred customers spread over the staff (each role's data
 * scope then shows a different share of them).
 */
export const SAMPLE_CUSTOMER_COUNT = 240;

const ORGANIZATIONS = {
  hanoi: 'Trụ sở Hà Nội',
  care: 'Khối Chăm sóc khách hàng',
  hcm: 'Chi nhánh TP Hồ Chí Minh',
};
/** Which organization each demo staff member works in. */
const STAFF_ORGANIZATION: Record<string, keyof typeof ORGANIZATIONS> = {
  'admin@demo.vn': 'hanoi',
  'supervisor@demo.vn': 'hanoi',
  'leader@demo.vn': 'care',
  'agent@demo.vn': 'care',
  'agent2@demo.vn': 'hcm',
};
/** Share of the customers each staff member owns. */
const OWNER_WEIGHTS: [string, number][] = [
  ['admin@demo.vn', 1],
  ['supervisor@demo.vn', 1],
  ['leader@demo.vn', 2],
  ['agent@demo.vn', 4],
  ['agent2@demo.vn', 3],
];
const CUSTOMER_GROUPS = [
  'Khách hàng thân thiết',
  'Khách doanh nghiệp',
  'Đại lý cấp 1',
  'Cần chăm sóc lại',
];
const TAG_GROUPS: [string, string[]][] = [
  ['Sở thích', ['Du lịch', 'Ẩm thực', 'Thể thao', 'Công nghệ']],
  ['Trạng thái chăm sóc', ['Cần gọi lại', 'Đã tư vấn', 'Đang khiếu nại', 'Hài lòng']],
  ['Sản phẩm quan tâm', ['Gói trả sau', 'Internet cáp quang', 'Truyền hình']],
];
const SEGMENTS = ['Bán lẻ', 'Doanh nghiệp', 'Đại lý'];
const FIELDS = [
  { key: 'ma_khach_hang_cu', label: 'Mã khách hàng cũ', type: 'text', options: [] },
  { key: 'phan_khuc', label: 'Phân khúc', type: 'select', options: SEGMENTS },
  { key: 'khach_vip', label: 'Khách VIP', type: 'checkbox', options: [] },
  { key: 'ngay_ky_hop_dong', label: 'Ngày ký hợp đồng', type: 'date', options: [] },
  { key: 'diem_tich_luy', label: 'Điểm tích lũy', type: 'number', options: [] },
];
/** Cities with some of their districts (GSO codes of the seeded reference data). */
const PLACES: [string, string[]][] = [
  ['01', ['001', '002', '003', '004', '005', '006', '007', '008']],
  ['79', ['760', '761', '764', '765', '766', '767', '768', '770']],
  ['48', ['490', '491', '492', '493']],
  ['31', ['303', '304', '305', '306']],
  ['92', ['916', '917', '918', '919']],
];
const STREETS = [
  ...['Trần Hưng Đạo', 'Lê Lợi', 'Nguyễn Huệ', 'Hai Bà Trưng', 'Lý Thường Kiệt'],
  ...['Điện Biên Phủ', 'Nguyễn Trãi', 'Cách Mạng Tháng Tám', 'Bạch Đằng'],
];
const NOTES = [
  'Thích được gọi vào buổi sáng.',
  'Đã phản ánh chất lượng đường truyền, cần theo dõi.',
  'Quan tâm gói gia đình, hẹn gọi lại cuối tháng.',
  'Khách quen của chi nhánh, ưu tiên hỗ trợ.',
];
const SOURCES = ['hand', 'zalo', 'facebook', 'web', 'CALL_INBOUND', 'email', 'import'] as const;

function weighted<T>(random: Random, entries: [T, number][]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random() * total;
  for (const [value, weight] of entries) if ((left -= weight) <= 0) return value;
  return entries[0]![0];
}
const some = <T>(random: Random, items: readonly T[], chance: number) =>
  items.filter(() => random() < chance);

const DAY = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Fills the demo tenant just created with the sample data, in one transaction. */
export async function seedDemoSamples(
  tx: Transaction,
  tenantId: string,
  staff: Record<string, string>,
) {
  const random = seededRandom(2026);
  const now = Date.now();

  const [hanoi] = await tx
    .insert(organizations)
    .values({ tenantId, name: ORGANIZATIONS.hanoi })
    .returning();
  const children = await tx
    .insert(organizations)
    .values([
      { tenantId, name: ORGANIZATIONS.care, parentId: hanoi!.id },
      { tenantId, name: ORGANIZATIONS.hcm },
    ])
    .returning();
  const organizationIds = { hanoi: hanoi!.id, care: children[0]!.id, hcm: children[1]!.id };
  const organizationOf = (email: string) => organizationIds[STAFF_ORGANIZATION[email] ?? 'hanoi'];
  for (const [email, id] of Object.entries(staff)) {
    await tx
      .update(users)
      .set({ organizationId: organizationOf(email) })
      .where(eq(users.id, id));
  }

  const [department] = await tx
    .insert(groups)
    .values({
      tenantId,
      target: 'user',
      name: 'Tổng đài CSKH',
      description: 'Trực tổng đài và kênh chat',
      organizationId: organizationIds.care,
      leaderId: staff['leader@demo.vn'],
    })
    .returning();
  await tx.insert(groupMembers).values(
    ['leader@demo.vn', 'agent@demo.vn', 'agent2@demo.vn'].map((email) => ({
      tenantId,
      groupId: department!.id,
      userId: staff[email]!,
    })),
  );

  const customerGroups = await tx
    .insert(groups)
    .values(CUSTOMER_GROUPS.map((name) => ({ tenantId, target: 'end_user', name })))
    .returning({ id: groups.id });
  const tagIds: string[] = [];
  const tagNames = new Map<string, string>();
  for (const [name, names] of TAG_GROUPS) {
    const [group] = await tx.insert(tagGroups).values({ tenantId, name }).returning();
    const rows = await tx
      .insert(tags)
      .values(
        names.map((tag, position) => ({
          tenantId,
          tagGroupId: group!.id,
          name: tag,
          key: toSearchKey(tag),
          position,
        })),
      )
      .returning({ id: tags.id, name: tags.name });
    tagIds.push(...rows.map((row) => row.id));
    rows.forEach((row) => tagNames.set(row.id, row.name));
  }
  await tx
    .insert(customFields)
    .values(
      FIELDS.map((field, position) => ({ tenantId, entity: 'customer', position, ...field })),
    );

  const usedPhones = new Set<string>();
  const rows = {
    customers: [] as (typeof customers.$inferInsert)[],
    phones: [] as (typeof customerPhones.$inferInsert)[],
    emails: [] as (typeof customerEmails.$inferInsert)[],
    groups: [] as (typeof groupCustomers.$inferInsert)[],
    tags: [] as (typeof customerTags.$inferInsert)[],
    audit: [] as (typeof auditLog.$inferInsert)[],
  };
  for (let n = 0; n < SAMPLE_CUSTOMER_COUNT; n++) {
    const customerId = randomUUID();
    const name = personName(random);
    const phones = [mobileNumber(random, usedPhones)];
    if (random() < 0.15) phones.push(mobileNumber(random, usedPhones));
    const email =
      random() < 0.7 ? `${toSearchKey(name).replaceAll(' ', '.')}${n}@example.vn` : null;
    const ownerEmail = weighted(random, OWNER_WEIGHTS);
    const [city, districts] = pick(random, PLACES);
    const hasAddress = random() < 0.8;
    const custom: Record<string, unknown> = {};
    if (random() < 0.3) custom.ma_khach_hang_cu = `KH${10_000 + n * 7}`;
    if (random() < 0.6) custom.phan_khuc = pick(random, SEGMENTS);
    if (random() < 0.15) custom.khach_vip = true;
    if (random() < 0.25) custom.ngay_ky_hop_dong = isoDay(now - Math.floor(random() * 900) * DAY);
    if (random() < 0.5) custom.diem_tich_luy = Math.floor(random() * 5000);
    const createdAt = new Date(now - Math.floor(random() * 365 * DAY));
    const tier = weighted(random, [
      [0, 60],
      [1, 25],
      [2, 10],
      [3, 5],
    ]);
    rows.customers.push({
      id: customerId,
      tenantId,
      name,
      nameKey: toSearchKey(name),
      gender: name.includes(' Thị ') ? 'female' : pick(random, ['male', 'female', null]),
      birthday: random() < 0.5 ? isoDay(now - (18 + random() * 45) * 365 * DAY) : null,
      address: hasAddress ? `Số ${1 + Math.floor(random() * 200)} ${pick(random, STREETS)}` : null,
      cityCode: hasAddress ? city : null,
      districtCode: hasAddress ? pick(random, districts) : null,
      tier,
      source: pick(random, SOURCES),
      ownerId: staff[ownerEmail],
      organizationId: organizationOf(ownerEmail),
      notes: random() < 0.2 ? pick(random, NOTES) : '',
      custom,
      primaryPhone: phones[0],
      primaryEmail: email,
      createdBy: staff[ownerEmail],
      // Spread over the last year.
      createdAt,
    });
    phones.forEach((phone, index) =>
      rows.phones.push({
        tenantId,
        customerId,
        phone,
        national: normalizePhone(phone),
        isPrimary: index === 0,
      }),
    );
    if (email) rows.emails.push({ tenantId, customerId, email, isPrimary: true });
    for (const group of some(random, customerGroups, 0.2))
      rows.groups.push({ tenantId, groupId: group.id, customerId });
    const customerTagIds = some(random, tagIds, 0.12);
    for (const tagId of customerTagIds) rows.tags.push({ tenantId, customerId, tagId });
    rows.audit.push(
      ...sampleHistory(random, {
        tenantId,
        customerId,
        name,
        tier,
        actorId: staff[ownerEmail],
        createdAt,
        now,
        tag: customerTagIds[0]
          ? { _id: customerTagIds[0], name: tagNames.get(customerTagIds[0]) }
          : undefined,
      }),
    );
  }
  await tx.insert(customers).values(rows.customers);
  await tx.insert(customerPhones).values(rows.phones);
  await tx.insert(customerEmails).values(rows.emails);
  await tx.insert(groupCustomers).values(rows.groups);
  await tx.insert(customerTags).values(rows.tags);
  await tx.insert(auditLog).values(rows.audit);
  // The first sample customer is a regular: the first demo tickets and calls are theirs.
  const regularId = rows.customers[0]?.id as string | undefined;
  await seedDemoTickets(tx, tenantId, {
    random,
    staff,
    customerIds: rows.customers.map((customer) => customer.id as string),
    departmentId: department!.id,
    tagIds,
    regularId,
  });
  await seedDemoCalls(tx, tenantId, {
    random,
    staff,
    phones: rows.phones.map((phone) => ({ customerId: phone.customerId, phone: phone.phone })),
    regularId,
  });
  await seedDemoMonitors(tx, tenantId, {
    staff,
    phones: rows.phones.map((phone) => ({ customerId: phone.customerId, phone: phone.phone })),
  });
  const adminId = staff['admin@demo.vn'];
  const supervisorId = staff['supervisor@demo.vn'];
  const agentId = staff['agent@demo.vn'];
  if (adminId && supervisorId)
    await seedDemoWorkflows(tx, tenantId, { adminId, supervisorId, departmentId: department!.id });
  if (adminId && agentId) await seedDemoReplies(tx, tenantId, { adminId, agentId });
  await seedDemoLivechat(tx, tenantId, {
    staff,
    departmentId: department!.id,
    customerIds: rows.customers.map((customer) => customer.id as string),
  });
}

/**
 * A sample customer's timeline, as the app would have written it: created by its owner, then for
 * some a tier raised (before → after) some days later, and the tag it carries added.
 */
function sampleHistory(
  random: Random,
  sample: {
    tenantId: string;
    customerId: string;
    name: string;
    tier: number;
    actorId: string | undefined;
    createdAt: Date;
    now: number;
    tag: { _id: string; name: string | undefined } | undefined;
  },
): (typeof auditLog.$inferInsert)[] {
  const { tenantId, customerId, actorId, createdAt } = sample;
  const entry = (action: string, at: Date, before: unknown, after: unknown) => ({
    tenantId,
    actorId: actorId ?? null,
    action,
    entity: 'customer',
    entityId: customerId,
    before,
    after,
    createdAt: at,
  });
  // Some time after the creation, never in the future.
  const later = (after: Date) =>
    new Date(after.getTime() + random() * Math.max(0, sample.now - after.getTime()) * 0.5);
  const history = [entry('create', createdAt, null, { name: sample.name })];
  let last = createdAt;
  if (sample.tier > 0) {
    last = later(last);
    history.push(entry('update', last, { tier: sample.tier - 1 }, { tier: sample.tier }));
  }
  if (sample.tag) history.push(entry('add_tag', later(last), null, { tag: sample.tag }));
  return history;
}
