import type { ReactNode } from 'react';
import { Navbar, type NavbarProps } from './navbar';

export function AppLayout({ children, voiceButton }: { children: ReactNode } & NavbarProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar voiceButton={voiceButton} />
      <div className="flex-1">{children}</div>
    </div>
  );
}
