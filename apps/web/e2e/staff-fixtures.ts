import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { StaffUser } from '@omnicare/shared/users/users.schemas';
import { PASSWORD, apiLogin } from './fixtures';

/** A suffix that keeps names and emails of one run apart from every other run. */
export const runId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** An agent created through the API by the demo administrator. */
export async function createAgent(
  request: APIRequestContext,
  token: string,
  name: string,
  email: string,
  agentId: string,
): Promise<StaffUser> {
  const response = await request.post('/v2/create-user', {
    headers: { Authorization: token },
    data: { name, email, role: 'agent', agent_id: agentId, password: PASSWORD },
  });
  expect(response.status(), `create ${email}`).toBe(201);
  return ((await response.json()) as { data: StaffUser }).data;
}

export async function adminToken(request: APIRequestContext, email = 'admin@demo.vn') {
  return (await apiLogin(request, email)).token;
}

/** The staff table narrowed by the search box (2+ characters, debounced). */
export async function searchStaff(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Tìm nhân viên' }).fill(text);
}

export const staffTable = (page: Page) => page.getByRole('table', { name: 'Danh sách nhân viên' });
export const staffRow = (page: Page, name: string) =>
  staffTable(page).getByRole('row').filter({ hasText: name });
