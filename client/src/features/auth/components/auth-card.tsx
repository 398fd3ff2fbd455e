import type { ComponentType, ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';

/** The signed-out screens' card (Get Started, Reset your password): an icon, the screen's heading, a line, the form. */
export function AuthCard({
  Icon,
  title,
  description,
  children,
}: {
  Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex justify-center bg-gradient-to-b from-brand-50 to-gray-50 px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <Icon className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </main>
  );
}
