import type { CallView } from '@omnicare/shared/telephony/calls.schemas';
import type { WrapUpEnded, WrapUpView } from '@omnicare/shared/telephony/wrap-up.schemas';
import type {
  CustomerDetail,
  CustomerListItem,
} from '@omnicare/shared/customers/customers.schemas';
import { normalizePhone } from '@omnicare/shared/customers/normalize';
import type { SoftphoneAccount } from '@omnicare/shared/users/users.schemas';
import { apiList, apiRequest } from '@/lib/http';
import type { Caller } from './call-store';

/** GET /v2/my-softphone: the signed-in user's SIP account. */
export const fetchMySoftphone = (signal?: AbortSignal) =>
  apiRequest<SoftphoneAccount>({ method: 'GET', url: '/v2/my-softphone', signal });

/** POST /v2/trace-call-error {log}: never throws (a diagnostic must not break the call flow). */
export const postTraceCallError = (log: Record<string, unknown>) =>
  apiRequest<unknown>({ method: 'POST', url: '/v2/trace-call-error', data: { log } }).catch(
    () => undefined,
  );

/** POST /v2/trace-disconnected {logs}: never throws. */
export const postTraceDisconnected = (logs: unknown[]) =>
  apiRequest<unknown>({ method: 'POST', url: '/v2/trace-disconnected', data: { logs } }).catch(
    () => undefined,
  );

/**
 * The caller of a number (spec section 3's Caller): the customer whose phone it is, found
 * through the customer list's phone search, with their gender, birthday and group from the
 * detail. Null when no customer has it ('Khách hàng mới').
 */
export async function lookupCaller(number: string, signal?: AbortSignal): Promise<Caller | null> {
  const wanted = normalizePhone(number);
  if (!wanted) return null;
  const page = await apiList<CustomerListItem>({
    method: 'GET',
    url: '/v2/customers',
    params: { keyword: number, page: 1, page_size: 5 },
    signal,
  });
  const match =
    page.data.find((customer) => normalizePhone(customer.phone) === wanted) ?? page.data[0];
  if (!match) return null;
  const detail = await apiRequest<CustomerDetail>({
    method: 'GET',
    url: `/v2/customers/${encodeURIComponent(match._id)}`,
    signal,
  });
  const owns = detail.phones.some((entry) => normalizePhone(entry.phone) === wanted);
  if (!owns && normalizePhone(detail.phone) !== wanted) return null;
  return {
    name: detail.name,
    avatar: detail.avatar_url,
    gender: detail.gender,
    dob: detail.birthday,
    numberPhone: number,
    group: detail.groups.map((group) => group.name).join(', ') || null,
    customerNumber: detail.number,
  };
}

/** The server's record of a call by its SIP Call-ID (for its ticket), among the number's calls. */
export async function findCallRecord(
  callId: string,
  number: string,
  signal?: AbortSignal,
): Promise<CallView | null> {
  const page = await apiList<CallView>({
    method: 'GET',
    url: '/v2/calls',
    params: { number, page: 1, page_size: 10 },
    signal,
  });
  return page.data.find((call) => call.call_id === callId) ?? null;
}

/** A customer's primary phone (the ticket requester's click-to-call). */
export async function fetchCustomerPhone(id: string, signal?: AbortSignal): Promise<string | null> {
  const detail = await apiRequest<CustomerDetail>({
    method: 'GET',
    url: `/v2/customers/${encodeURIComponent(id)}`,
    signal,
  });
  return detail.phones.find((entry) => entry.is_primary)?.phone ?? detail.phone ?? null;
}

/** The query of the signed-in agent's after-call work (read again after a gap in live events). */
export const WRAP_UP_QUERY_KEY = ['telephony', 'wrap-up'] as const;

/** GET /v2/my-wrap-up: the signed-in agent's after-call work running now, or null. */
export const fetchMyWrapUp = (signal?: AbortSignal) =>
  apiRequest<WrapUpView | null>({ method: 'GET', url: '/v2/my-wrap-up', signal });

/** POST /v2/calls/{id}/wrap-up/end: 'Sẵn sàng', the agent ends the wrap-up of their call. */
export const endWrapUp = (callId: string) =>
  apiRequest<WrapUpEnded>({
    method: 'POST',
    url: `/v2/calls/${encodeURIComponent(callId)}/wrap-up/end`,
  });
