import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@client/components/ui/card';

/** A missing, invalid or inaccessible truck on the operator screens. */
export function TruckNotFound({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <Card className="grid justify-items-center gap-3 p-8 text-center">
        <SearchX className="h-12 w-12 text-gray-500" aria-hidden />
        <h1 className="text-2xl font-bold">{title}</h1>
        {children && <p className="text-gray-700">{children}</p>}
        {action}
      </Card>
    </main>
  );
}
