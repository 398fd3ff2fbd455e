import { PRODUCT_NAME } from '@shared/constants';
import Menu from 'lucide-react/icons/menu';
import Truck from 'lucide-react/icons/truck';
import X from 'lucide-react/icons/x';
import { Fragment, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@client/components/ui/button';
import { useAuth } from '@client/lib/auth';
import { cn } from '@client/lib/utils';
import { isOperator } from '@client/lib/roles';

interface NavItem {
  label: string;
  href: string;
  /** Drawn as a button on desktop (the logged-out Login). */
  primary?: boolean;
  /** Shares its target with another item, so it is never marked as the current page. */
  alias?: boolean;
}

/** The links of spec section 2's navigation bar for the current visitor, and Account (Logout is added separately). */
function useNavItems(): NavItem[] {
  const { user } = useAuth();
  const items: NavItem[] = [{ label: 'Find Trucks', href: '/find-trucks' }];
  if (!user) {
    items.push(
      { label: 'For Operators', href: '/login', alias: true },
      { label: 'Login', href: '/login', primary: true },
    );
  } else if (isOperator(user)) {
    items.push({ label: 'Dashboard', href: '/operator-dashboard' });
  } else {
    items.push({ label: 'My Favorites', href: '/favorites' });
    // Beyond the spec's bar: the orders placed ahead (issue 30), found again after their page is closed.
    items.push({ label: 'My Orders', href: '/orders' });
  }
  // Beyond the spec's bar: where a signed-in user changes their password (issue 32).
  if (user) items.push({ label: 'Account', href: '/account' });
  return items;
}

const desktopLinkClass = (active: boolean) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors hover:bg-gray-100 hover:text-gray-900',
    active ? 'bg-brand-50 text-brand-800' : 'text-gray-700',
  );
const mobileItemClass =
  'block w-full rounded-md px-3 py-3 text-left text-base font-medium text-gray-800 hover:bg-gray-100';

export interface NavbarProps {
  /**
   * The Voice Assistant button (spec section 2), composed in by the app shell; `className` fits it
   * to the mobile menu, `onChosen` closes that menu when a recommendation is chosen.
   */
  voiceButton?: (className?: string, onChosen?: () => void) => ReactNode;
}

export function Navbar({ voiceButton }: NavbarProps = {}) {
  const { user, logout } = useAuth();
  const [location] = useLocation();
  const items = useNavItems();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const menuId = useId();

  // The mobile menu closes whenever the route changes.
  useEffect(() => {
    setMenuOpen(false);
  }, [location]);

  const isCurrent = (item: NavItem) => !item.alias && location === item.href;
  // Escape closes the open mobile menu and returns focus to its toggle.
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const home = isOperator(user) ? '/operator-dashboard' : '/';

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4">
        <Link href={home} className="flex items-center gap-2 rounded-md text-lg font-bold whitespace-nowrap text-gray-900">
          <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-700 text-white">
            <Truck className="h-5 w-5" aria-hidden />
          </span>
          {PRODUCT_NAME}
        </Link>

        {/* From lg: a customer's five links, the voice button and Logout wrapped onto two lines at md. */}
        <ul className="hidden items-center gap-1 lg:flex">
          {items.map((item, i) => (
            <Fragment key={`${item.label}-${i}`}>
              <li>
                {item.primary ? (
                  <Button asChild size="sm" className="ml-2">
                    <Link href={item.href}>{item.label}</Link>
                  </Button>
                ) : (
                  <Link
                    href={item.href}
                    aria-current={isCurrent(item) ? 'page' : undefined}
                    className={desktopLinkClass(isCurrent(item))}
                  >
                    {item.label}
                  </Link>
                )}
              </li>
              {/* Spec section 2: the Voice Assistant button comes right after Find Trucks. */}
              {i === 0 && voiceButton && <li>{voiceButton()}</li>}
            </Fragment>
          ))}
          {user && (
            <li>
              <Button variant="outline" size="sm" className="ml-2" onClick={logout}>
                Logout
              </Button>
            </li>
          )}
        </ul>

        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          ref={toggleRef}
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="size-6!" aria-hidden /> : <Menu className="size-6!" aria-hidden />}
        </Button>
      </nav>

      {menuOpen && (
        <div id={menuId} className="border-t border-gray-200 bg-white px-4 py-2 shadow-md lg:hidden">
          <ul className="grid gap-1">
            {items.map((item, i) => (
              <Fragment key={`${item.label}-${i}`}>
                <li>
                  <Link
                    href={item.href}
                    aria-current={isCurrent(item) ? 'page' : undefined}
                    className={cn(mobileItemClass, isCurrent(item) && 'bg-brand-50 text-brand-800')}
                    onClick={() => setMenuOpen(false)}
                  >
                    {item.label}
                  </Link>
                </li>
                {i === 0 && voiceButton && (
                  <li>{voiceButton('h-auto w-full justify-start px-3 py-3 text-base', closeMenu)}</li>
                )}
              </Fragment>
            ))}
            {user && (
              <li>
                <button
                  type="button"
                  className={mobileItemClass}
                  onClick={() => {
                    setMenuOpen(false);
                    logout();
                  }}
                >
                  Logout
                </button>
              </li>
            )}
          </ul>
        </div>
      )}
    </header>
  );
}
