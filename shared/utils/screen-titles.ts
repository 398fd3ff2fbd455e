/** The app's name: the whole title of a screen with no title of its own, and the end of every other. */
export const APP_NAME = 'Food Truck Finder';

/**
 * The titles of the screens at fixed addresses: the browser's tab, its history and bookmarks, and a
 * screen reader on arrival name the screen rather than the app alone (WCAG 2.4.2). Screens of one
 * truck or order title themselves with its name (`useScreenTitle`).
 */
const SCREEN_TITLES: Readonly<Record<string, string>> = {
  '/find-trucks': 'Find Food Trucks',
  '/favorites': 'Your Favorite Food Trucks',
  '/login': 'Log in',
  '/register': 'Create an account',
  '/customer-signup': 'Sign up for alerts',
  '/forgot-password': 'Reset your password',
  '/operator-dashboard': 'Operator Dashboard',
  '/create-truck': 'Create Food Truck',
  '/subscribe': 'Subscription',
  '/account': 'Your account',
  '/orders': 'Your orders',
  '/admin': 'Admin Panel',
  '/admin/login': 'Admin sign in',
};

/** The title of the screen at `pathname` (no query), or null for `/` and the screens that title themselves. */
export const screenTitleOf = (pathname: string): string | null => SCREEN_TITLES[pathname.replace(/(.)\/$/, '$1')] ?? null;

/** 'Find Food Trucks · Food Truck Finder'; the app's name alone for no title. */
export const documentTitle = (title: string | null): string => (title ? `${title} · ${APP_NAME}` : APP_NAME);
