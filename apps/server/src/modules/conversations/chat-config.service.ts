import { eq } from 'drizzle-orm';
import {
  CHAT_CONFIG_DEFAULTS,
  chatConfigBody,
  type ChatConfigBody,
  type ChatConfigView,
} from '@omnicare/shared/conversations/chat-config.schemas';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import type { Database, Transaction } from '../../platform/db.js';
import { chatConfigs } from '../../db/schema/conversations.js';
import { writeAudit } from '../audit/audit.service.js';

/**
 * The tenant's chat settings: what was saved over the defaults. A setting added later reads as
 * its default for tenants that saved before it existed.
 */
export async function getChatConfig(
  db: Database | Transaction,
  tenantId: string,
): Promise<ChatConfigView> {
  const [row] = await db.select().from(chatConfigs).where(eq(chatConfigs.tenantId, tenantId));
  const saved = chatConfigBody.partial().safeParse(row?.config ?? {});
  return {
    ...CHAT_CONFIG_DEFAULTS,
    ...(saved.success ? saved.data : {}),
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}

/** `PUT /v2/chat-config`: saved whole and audited (before and after) in one transaction. */
export async function saveChatConfig(
  platform: Platform,
  auth: AuthContext,
  body: ChatConfigBody,
): Promise<ChatConfigView> {
  return platform.db.transaction(async (tx) => {
    const before = await getChatConfig(tx, auth.tenantId);
    const values = { config: body, updatedBy: auth.userId || null, updatedAt: new Date() };
    await tx
      .insert(chatConfigs)
      .values({ tenantId: auth.tenantId, ...values })
      .onConflictDoUpdate({ target: chatConfigs.tenantId, set: values });
    const after = await getChatConfig(tx, auth.tenantId);
    await writeAudit(tx, {
      tenantId: auth.tenantId,
      impersonatorId: auth.impersonatorId,
      actorId: auth.userId,
      action: 'update',
      entity: 'chat_config',
      entityId: auth.tenantId,
      before,
      after,
    });
    return after;
  });
}
