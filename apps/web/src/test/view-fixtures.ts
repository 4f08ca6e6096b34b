import {
  customerDetailView,
  customerListItemView,
  type CustomerDetail,
  type CustomerListItem,
} from '@omnicare/shared/customers/customers.schemas';
import { groupView, type Group } from '@omnicare/shared/groups/groups.schemas';
import { callView, type CallView } from '@omnicare/shared/telephony/calls.schemas';
import { queueView, type QueueView } from '@omnicare/shared/telephony/queues.schemas';
import { ticketListItemView, type TicketListItem } from '@omnicare/shared/tickets/tickets.schemas';
import { staffUserView, type StaffUser } from '@omnicare/shared/users/users.schemas';
import { fixture } from './contract-fixtures';

/**
 * Records as the server answers them, for the tests that need one of the common ones: each is a
 * whole view with plain defaults, checked against its shared response schema (`fixture`), so
 * a schema change is fixed here once rather than in every test that lists a ticket or a call.
 */

const AT = '2026-01-01T00:00:00.000Z';

/** A row of GET /v2/tickets. */
export const ticketRow = (fields: Partial<TicketListItem> = {}): TicketListItem => {
  const number = fields.number ?? 1;
  return fixture('GET /v2/tickets', ticketListItemView, {
    _id: `id-${number}`,
    code: `#${String(number).padStart(6, '0')}`,
    number,
    subject: 'Mất mạng',
    status: 'open',
    priority: null,
    type: null,
    service: null,
    group: null,
    requester: null,
    assignee: null,
    source: 'hand',
    tags: [],
    due_at: null,
    sla_due_at: null,
    sla_breached_at: null,
    created_at: AT,
    updated_at: AT,
    ...fields,
  });
};

/** A row of GET /v2/customers. */
export const customerRow = (fields: Partial<CustomerListItem> = {}): CustomerListItem =>
  fixture('GET /v2/customers', customerListItemView, {
    _id: 'c1',
    number: 1,
    name: 'Nguyễn Văn An',
    avatar_url: null,
    phone: null,
    email: null,
    tier: 0,
    source: 'hand',
    owner: null,
    organization: null,
    created_at: AT,
    updated_at: AT,
    ...fields,
  });

/** GET /v2/customers/{id}. */
export const customerDetail = (fields: Partial<CustomerDetail> = {}): CustomerDetail =>
  fixture('GET /v2/customers/:id', customerDetailView, {
    ...customerRow(),
    gender: null,
    birthday: null,
    phones: [],
    emails: [],
    address: null,
    city_code: null,
    district_code: null,
    groups: [],
    tags: [],
    custom: {},
    notes: '',
    ...fields,
  });

/** A row of GET /v2/calls: an answered inbound call of 75 s. */
export const callRow = (fields: Partial<CallView> = {}): CallView =>
  fixture('GET /v2/calls', callView, {
    _id: 'c1',
    call_id: 'sip-1',
    direction: 'CALL_INBOUND',
    from_number: '0912345678',
    to_number: '19006789',
    hotline: '19006789',
    customer: null,
    queue: null,
    agent: null,
    device_type: 0,
    status: 'ENDED',
    started_at: '2026-01-15T02:00:00.000Z',
    answered_at: '2026-01-15T02:00:05.000Z',
    ended_at: '2026-01-15T02:01:20.000Z',
    talk_seconds: 75,
    hold_seconds: 0,
    acw_seconds: 0,
    ended_on_hold: false,
    wait_seconds: 5,
    result: 'answered',
    cause: 'agent_hangup',
    transfers: [],
    ticket: null,
    call_info: {
      callId: fields.call_id ?? 'sip-1',
      ticketId: fields.ticket?._id ?? null,
      callStatus: 'ENDED',
      callType: fields.direction ?? 'CALL_INBOUND',
      campaignId: null,
    },
    ...fields,
  });

/** A call queue as GET /v2/queues lists it: no members, no overflow. */
export const queueRecord = (fields: Partial<QueueView> = {}): QueueView =>
  fixture('GET /v2/queues', queueView, {
    _id: 'q1',
    name: 'CSKH',
    hotlines: [],
    members: [],
    strategy: 'longest_idle',
    ring_timeout_seconds: 20,
    max_wait_seconds: 120,
    overflow_action: 'none',
    overflow_queue: null,
    created_at: AT,
    updated_at: AT,
    ...fields,
  });

/** A staff member as GET /v2/users/{id} (and the staff lists) give them. */
export const staffUser = (fields: Partial<StaffUser> = {}): StaffUser =>
  fixture('GET /v2/users/:id', staffUserView, {
    _id: 'u1',
    name: 'Phạm Quốc Dũng',
    email: 'dung@demo.vn',
    phone: null,
    role: 'agent',
    is_admin: false,
    agent_id: '1004',
    active: true,
    presence: 'AVAILABLE',
    organization_id: null,
    organization_name: null,
    groups: [],
    sip_username: null,
    sip_gateway_url: null,
    has_sip_password: false,
    hotline: null,
    avatar_url: null,
    invite_pending: false,
    created_at: AT,
    updated_at: AT,
    ...fields,
  });

/** A group as GET /v2/groups and /v2/all-group list it: a department unless `target` says not. */
export const groupRecord = (fields: Partial<Group> = {}): Group => {
  const id = fields._id ?? 'g1';
  return fixture('GET /v2/all-group', groupView, {
    _id: id,
    id,
    name: 'CSKH',
    target: 'user',
    organization_id: null,
    organization_name: null,
    leader_id: null,
    leader_name: null,
    description: '',
    members: [],
    customer_count: 0,
    auto_assign: false,
    assign_capacity: null,
    reassign_on_logout: false,
    created_at: AT,
    updated_at: AT,
    ...fields,
  });
};
