import type { ReactNode } from 'react';
import { ShellNavigationContext, type ShellNavigation } from '@/components/layout/shell-navigation';
import type { RecordKind, RecordRef } from '@/stores/record-tabs-store';

/** The record screens' addresses, as the spec writes them (the app reads them off its routes). */
const RECORD_BASE: Record<RecordKind, string> = {
  ticket: '/tickets',
  customer: '/customers',
  organization: '/settings/organizations',
};

/**
 * A simple shell for tests of screens and components: records at the spec's addresses, no area
 * or settings links (a test of those gives its own, or renders under the app's providers).
 */
export const TEST_SHELL_NAVIGATION: ShellNavigation = {
  areaLinks: () => [],
  settingsGroups: () => [],
  recordPath: (kind, id) => `${RECORD_BASE[kind]}/${encodeURIComponent(String(id))}`,
};

/** The record at a test's address ('/tickets/7?tab=x' is ticket 7), as the app's matcher says. */
export function testRecordAt(path: string): RecordRef | null {
  const pathname = path.split('?')[0] ?? '';
  for (const [kind, base] of Object.entries(RECORD_BASE) as [RecordKind, string][]) {
    const id = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1) : '';
    if (id && !id.includes('/')) return { kind, id: decodeURIComponent(id) };
  }
  return null;
}

/** Renders its children inside the test shell (or the navigation given). */
export function TestShell({
  children,
  navigation = TEST_SHELL_NAVIGATION,
}: {
  children: ReactNode;
  navigation?: ShellNavigation;
}) {
  return <ShellNavigationContext value={navigation}>{children}</ShellNavigationContext>;
}
