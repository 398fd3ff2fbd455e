import { PRODUCT_NAME } from '@shared/constants';
import { displayName, type AuthResponse } from '@shared/contracts/auth';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { toast } from '@client/lib/toast';
import { useAuth } from '@client/lib/auth';
import { isOperator } from '@client/lib/roles';

/** Operators' login and register toasts stay up longer (spec section 8). */
const OPERATOR_TOAST_MS = 6000;

/**
 * Stores a new session, greets the user and sends them where spec section 2 says:
 * login → operator dashboard (operators) or /find-trucks (everyone else);
 * register → /subscribe (operators) or /find-trucks (customers).
 */
export function useStartSession() {
  const { signIn } = useAuth();
  const [, navigate] = useLocation();
  return useCallback(
    (session: AuthResponse, how: 'login' | 'register') => {
      const operator = isOperator(session.user);
      const duration = operator ? OPERATOR_TOAST_MS : undefined;
      let target: string;
      if (how === 'login') {
        target = operator ? '/operator-dashboard' : '/find-trucks';
        toast({ title: 'Login successful', description: `Welcome back, ${displayName(session.user)}!`, duration });
      } else if (operator) {
        target = '/subscribe';
        toast({ title: 'Account created successfully!', description: 'Next, set up your subscription.', duration });
      } else {
        target = '/find-trucks';
        toast({ title: `Welcome to ${PRODUCT_NAME}!` });
      }
      // Leave the auth screen before the session exists, so its "already signed in" redirect never wins.
      navigate(target);
      signIn(session);
    },
    [navigate, signIn],
  );
}
