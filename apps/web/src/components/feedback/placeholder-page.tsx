import type { ReactNode } from 'react';
import { Construction } from 'lucide-react';
import { usePageHandle } from '@/lib/route-declaration';
import { AreaNav } from '@/components/layout/area-nav';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { IN_DEVELOPMENT_LABEL } from '@/lib/web-constants';

/** An honest placeholder for a screen a later issue builds: its title and 'Đang phát triển'. */
export function PlaceholderPage({
  title,
  area,
  children,
}: {
  title?: string;
  area?: string;
  children?: ReactNode;
}) {
  const handle = usePageHandle();
  const pageTitle = title ?? handle.title;
  return (
    <div className="flex flex-col gap-4">
      <AreaNav area={area ?? handle.area} />
      <PageHeader title={pageTitle} />
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
            <Construction className="size-6" aria-hidden="true" />
          </span>
          <Badge variant="warning">{IN_DEVELOPMENT_LABEL}</Badge>
          <p className="max-w-md text-sm text-slate-600">
            Màn hình “{pageTitle}” chưa có nội dung: tính năng này đang được xây dựng và sẽ có trong
            bản cập nhật tiếp theo.
          </p>
          {children}
        </CardContent>
      </Card>
    </div>
  );
}

/** A route element that shows the placeholder for its own handle. */
export function RoutePlaceholder() {
  return <PlaceholderPage />;
}
