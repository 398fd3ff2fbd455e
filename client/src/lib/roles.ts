import type { Role } from '@shared/constants';

/**
 * The client's role checks, in one place (the server's are in its auth plugin). Screens and
 * components ask these instead of comparing `user.role` themselves; a signed-out visitor is null.
 */
type WithRole = { role: Role } | null | undefined;

export const isOperator = (user: WithRole): boolean => user?.role === 'operator';
export const isAdmin = (user: WithRole): boolean => user?.role === 'admin';
export const isCustomer = (user: WithRole): boolean => user?.role === 'customer';
