import { Truck } from 'lucide-react';
import { Link } from 'wouter';
import { useAuth } from '@client/lib/auth';

/** Placeholder navigation bar; the foundation issue's UI work replaces it. */
export function Navbar() {
  const { user, logout } = useAuth();
  return (
    <header className="border-b bg-white">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4">
        <Link href={user?.role === 'operator' ? '/operator-dashboard' : '/'} className="flex items-center gap-2 font-bold">
          <Truck className="h-6 w-6 text-brand-700" aria-hidden /> Food Truck Finder
        </Link>
        <div className="flex items-center gap-4">
          <Link href="/find-trucks">Find Trucks</Link>
          {user ? (
            <button type="button" onClick={logout}>
              Logout
            </button>
          ) : (
            <Link href="/login">Login</Link>
          )}
        </div>
      </nav>
    </header>
  );
}
