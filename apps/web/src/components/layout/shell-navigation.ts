import { createContext, useContext } from 'react';
import type { Role } from '@omnicare/shared/users/roles';
import type { SettingsGroup } from '@/lib/settings-groups';
import type { RecordKind } from '@/stores/record-tabs-store';

/** A link to a sibling page: its address and its label. */
export interface SubNavLink {
  to: string;
  label: string;
}

/** A settings group (spec section 2) with the links it shows. */
export interface SettingsGroupLinks {
  group: SettingsGroup;
  title: string;
  links: readonly SubNavLink[];
}

/**
 * What the screens need from the shell's routes, which only the shell knows (the features'
 * declarations are assembled in app/): app/ provides it once for the whole app
 * (`ShellNavigationContext` in `app/providers.tsx`), a test gives a simple one. Its members are
 * plain functions (they may be taken apart).
 */
export interface ShellNavigation {
  /** The links between the pages of an area ('report') the role may open, in their order. */
  areaLinks: (area: string, role: Role | undefined) => readonly SubNavLink[];
  /** Every settings group in its order, each with the links the role may open. */
  settingsGroups: (role: Role | undefined) => readonly SettingsGroupLinks[];
  /** The address of a record of a kind ('/customers/12' for customer 12). */
  recordPath: (kind: RecordKind, id: string | number) => string;
}

export const ShellNavigationContext = createContext<ShellNavigation | null>(null);

/** The shell's navigation; rendering outside its provider is a mistake of the app or the test. */
export function useShellNavigation(): ShellNavigation {
  const navigation = useContext(ShellNavigationContext);
  if (!navigation) throw new Error('ShellNavigation is not provided (ShellNavigationContext)');
  return navigation;
}
