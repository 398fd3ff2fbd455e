import LogIn from 'lucide-react/icons/log-in';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';

/** A signed-in user's own screen, opened by a visitor: what it is for, and the way to sign in. */
export function SignInRequired({ title, children, href, action }: { title: string; children: ReactNode; href: string; action: string }) {
  return (
    <main className="mx-auto grid max-w-lg justify-items-center gap-4 px-4 py-16 text-center">
      <LogIn className="h-12 w-12 text-brand-700" aria-hidden />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-gray-700">{children}</p>
      <Button asChild>
        <Link href={href}>{action}</Link>
      </Button>
    </main>
  );
}
