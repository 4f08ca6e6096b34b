/**
 * The app's query client (no retries, the spec's failure toast unless a query or mutation is
 * silent), for tests that render screens with it. Tests of components/ and features/ take it
 * from here: only app/ and the test helpers import app/.
 */
export { createQueryClient } from '@/app/query-client';
