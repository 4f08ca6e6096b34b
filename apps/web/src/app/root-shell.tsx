import { Outlet } from 'react-router';
import { OfflineBanner } from './layout/banners';

/** The outermost frame: the offline notice sits above every screen, public or not. */
export function RootShell() {
  return (
    <>
      <OfflineBanner />
      <Outlet />
    </>
  );
}
