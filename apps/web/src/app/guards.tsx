import type { TenantFeature } from '@omnicare/shared/tenants/features';
import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useMyAccount } from '@/features/auth/auth.queries';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { useCurrentUser, useSessionStore } from '@/stores/session-store';
import { FORBIDDEN_PATH } from '@/lib/web-constants';
import { canAccess } from './route-access';

/** Only same-site paths are followed after sign-in; anything else lands on /. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  if (value.startsWith('/login')) return '/';
  return value;
}

export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const here = `${location.pathname}${location.search}${location.hash}`;
  return here === '/' ? '/login' : `/login?redirect=${encodeURIComponent(here)}`;
}

/** Not signed in: /login with the current address as `redirect`. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const user = useSessionStore((state) => state.user);
  const signedOutTo = useSessionStore((state) => state.signedOutTo);
  const location = useLocation();
  if (!user) return <Navigate to={signedOutTo ?? loginPathFor(location)} replace />;
  return children ?? <Outlet />;
}

/**
 * /login is for nobody stored; a stored user goes to / or, right after signing in, to the
 * `redirect` parameter (this guard is the one place that leaves /login). `onShown` hears that
 * address while nobody is signed in (answering how to cancel what it started).
 */
export function PublicOnly({
  children,
  onShown,
}: {
  children?: ReactNode;
  onShown?: (target: string) => () => void;
}) {
  const user = useSessionStore((state) => state.user);
  const [searchParams] = useSearchParams();
  const target = safeRedirect(searchParams.get('redirect'));
  useEffect(() => (user || !onShown ? undefined : onShown(target)), [user, onShown, target]);
  if (user) return <Navigate to={target} replace />;
  return children ?? <Outlet />;
}

/** The role table of spec section 6, read for the current (impersonated first) user. */
export function RequireRouteRoles({ children }: { children?: ReactNode }) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  if (!canAccess(pathname, user?.role)) return <Navigate to={FORBIDDEN_PATH} replace />;
  return children ?? <Outlet />;
}

/** A screen of a tenant feature (/automation) needs the feature on, else /. */
export function RequireFeature({
  feature,
  children,
}: {
  feature: TenantFeature;
  children?: ReactNode;
}) {
  const account = useMyAccount();
  if (account.isPending) return <PageSpinner />;
  if (!account.data?.tenant.features[feature]) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}

/** /view-as-mode needs the admin flag on the stored (not the impersonated) user. */
export function RequireAdminFlag({ children }: { children?: ReactNode }) {
  const user = useSessionStore((state) => state.user);
  if (!user?.is_admin) return <Navigate to={FORBIDDEN_PATH} replace />;
  return children ?? <Outlet />;
}
