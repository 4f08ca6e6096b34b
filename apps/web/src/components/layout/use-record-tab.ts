import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { recordTabKey, useRecordTabsStore, type RecordKind } from '@/stores/record-tabs-store';
import { useShellNavigation } from './shell-navigation';

/**
 * A record screen's part in its tab. Once the record has loaded, the tab is named after it
 * (its tooltip), and an address by id (an old link) moves to the record's number in the same
 * tab. `openInstead` puts another record in this tab's place (a new record once saved, the
 * customer a merged-away one went into).
 */
export function useRecordTab(
  kind: RecordKind,
  routeId: string,
  record: { number: number; name: string } | undefined,
) {
  const tabKey = recordTabKey(kind, routeId);
  const setName = useRecordTabsStore((state) => state.setName);
  const replace = useRecordTabsStore((state) => state.replace);
  const navigate = useNavigate();
  const { search } = useLocation();
  const { recordPath } = useShellNavigation();

  const openInstead = useCallback(
    (number: number, keepSearch = false) => {
      const path = `${recordPath(kind, number)}${keepSearch ? search : ''}`;
      replace(tabKey, path, { kind, id: String(number) });
      void navigate(path, { replace: true });
    },
    [kind, navigate, recordPath, replace, search, tabKey],
  );

  const number = record?.number;
  const name = record?.name;
  useEffect(() => {
    if (number === undefined || name === undefined) return;
    if (routeId !== String(number)) openInstead(number, true);
    else setName(tabKey, name);
  }, [name, number, openInstead, routeId, setName, tabKey]);

  return { tabKey, openInstead };
}
