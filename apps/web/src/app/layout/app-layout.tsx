import { useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { readJsonItem, writeJsonItem } from '@/lib/storage';
import { SIDEBAR_COLLAPSED_KEY } from '@/lib/web-constants';
import { FRAME_PARTS } from '../feature-shell';
import { useMediaQuery } from './use-media-query';
import { Header } from './header';
import { ShortcutsHost } from '@/components/shortcuts/shortcuts';
import { ViewAsBanner } from './banners';
import { RecordTabsBar, useRecordTabSync } from './record-tabs-bar';
import { Sidebar } from './sidebar';
import { useDocumentTitle, useRealtimeNotifications } from './use-realtime';

/** The frame of every signed-in screen: sidebar, header, banners, record tabs, content. */
export function AppLayout() {
  const wide = useMediaQuery('(min-width: 1024px)');
  // The user's last choice is remembered on this browser; until then, the screen's width decides.
  const [userChoice, setUserChoiceState] = useState<boolean | null>(() =>
    readJsonItem<boolean>(SIDEBAR_COLLAPSED_KEY),
  );
  const setUserChoice = (next: boolean) => {
    setUserChoiceState(next);
    writeJsonItem(SIDEBAR_COLLAPSED_KEY, next);
  };
  const collapsed = userChoice ?? !wide;
  const navigation = useNavigation();
  useRealtimeNotifications();
  useDocumentTitle();
  useRecordTabSync();

  return (
    <div className="flex min-h-screen bg-slate-50">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-teal-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Bỏ qua đến nội dung chính
      </a>
      <Sidebar collapsed={collapsed} onToggle={() => setUserChoice(!collapsed)} />
      <div className="flex min-w-0 flex-1 flex-col">
        {/* The view-as banner stays in sight with the header while the page scrolls. */}
        <div className="sticky top-0 z-30">
          <ViewAsBanner />
          <Header onToggleSidebar={() => setUserChoice(!collapsed)} />
        </div>
        {navigation.state === 'loading' && (
          <div
            className="h-0.5 w-full overflow-hidden bg-teal-100"
            role="progressbar"
            aria-label="Đang tải trang"
          >
            <div className="h-full w-1/3 animate-[loading_1s_ease-in-out_infinite] bg-teal-600" />
          </div>
        )}
        <RecordTabsBar />
        <main
          id="main-content"
          tabIndex={-1}
          className="flex flex-1 flex-col p-4 outline-none lg:p-6"
        >
          <Outlet />
        </main>
      </div>
      <ShortcutsHost />
      {FRAME_PARTS.map((Part, index) => (
        <Part key={index} />
      ))}
    </div>
  );
}
