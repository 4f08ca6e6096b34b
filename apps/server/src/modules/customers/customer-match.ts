import { and, eq } from 'drizzle-orm';
import { normalizePhone, toSearchKey } from '@omnicare/shared/customers/normalize';
import type { ChannelSource } from '@omnicare/shared/channels/channel-source';
import { customerEmails, customerPhones, customers } from '../../db/schema/customers.js';
import type { Platform } from '../../platform/context.js';
import { isUniqueViolation, type Database, type Transaction } from '../../platform/db.js';
import * as repo from './customers.repository.js';

/** Someone a channel met: what they told us (a pre-chat form, a mail's sender, a Zalo profile). */
export interface ContactMet {
  name?: string;
  phone?: string;
  email?: string;
  source: ChannelSource;
}

/** The tenant's customer owning this phone, else this email. */
async function findByContact(db: Database | Transaction, tenantId: string, contact: ContactMet) {
  const national = contact.phone ? normalizePhone(contact.phone) : '';
  if (national) {
    const [row] = await db
      .select({ id: customers.id, name: customers.name })
      .from(customerPhones)
      .innerJoin(customers, eq(customers.id, customerPhones.customerId))
      .where(and(eq(customerPhones.tenantId, tenantId), eq(customerPhones.national, national)))
      .limit(1);
    if (row) return row;
  }
  const email = contact.email?.trim().toLowerCase();
  if (email) {
    const [row] = await db
      .select({ id: customers.id, name: customers.name })
      .from(customerEmails)
      .innerJoin(customers, eq(customers.id, customerEmails.customerId))
      .where(and(eq(customerEmails.tenantId, tenantId), eq(customerEmails.email, email)))
      .limit(1);
    if (row) return row;
  }
  return undefined;
}

/**
 * The customer a channel's contact is: the one owning their phone (national form), else their
 * email; else a new customer with no owner, made by nobody, from that channel. Two channels
 * meeting the same new person at once end with one customer (the loser of the unique race
 * reads the winner's).
 */
export async function matchOrCreateCustomer(
  platform: Platform,
  tenantId: string,
  contact: ContactMet,
): Promise<{ id: string; name: string }> {
  const found = await findByContact(platform.db, tenantId, contact);
  if (found) return found;
  const phone = contact.phone?.trim();
  const national = phone ? normalizePhone(phone) : '';
  const email = contact.email?.trim().toLowerCase();
  const name = contact.name?.trim() || phone || email || 'Khách truy cập';
  try {
    return await platform.db.transaction(async (tx) => {
      const row = await repo.insertCustomer(tx, {
        tenantId,
        name,
        nameKey: toSearchKey(name),
        source: contact.source,
        primaryPhone: national ? phone : null,
        primaryEmail: email ?? null,
      });
      await repo.replaceContacts(
        tx,
        tenantId,
        row.id,
        national && phone ? [{ phone, national, isPrimary: true }] : [],
        email ? [{ email, isPrimary: true }] : [],
        { fresh: true },
      );
      return { id: row.id, name: row.name };
    });
  } catch (error) {
    const winner = isUniqueViolation(error)
      ? await findByContact(platform.db, tenantId, contact)
      : undefined;
    if (winner) return winner;
    throw error;
  }
}
