import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { useShellNavigation } from '@/components/layout/shell-navigation';
import { RoutePlaceholder } from '@/components/feedback/placeholder-page';
import { Card } from '@/components/ui/card';
import { useCurrentUser } from '@/stores/session-store';

/** The settings home: every settings screen by group. */
export function SettingsHomePage() {
  const role = useCurrentUser()?.role;
  const groups = useShellNavigation().settingsGroups(role);
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Cài đặt" />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {groups.map((group) => (
          <Card key={group.title} className="p-4">
            <h2 className="mb-2 text-sm font-semibold text-slate-900">{group.title}</h2>
            <ul className="flex flex-col">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="flex items-center justify-between rounded-md px-2 py-1.5 text-sm text-slate-700 outline-none hover:bg-slate-50 hover:text-teal-800 focus-visible:ring-2 focus-visible:ring-teal-600/50"
                  >
                    {link.label}
                    <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </div>
  );
}

export function SettingsPage() {
  return <RoutePlaceholder />;
}
