import { PRODUCT_NAME } from '@shared/constants';
import { displayName, type AuthResponse } from '@shared/contracts/auth';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { toast } from '@client/lib/toast';
import { useAuth } from '@client/lib/auth';
import { isOperator } from '@client/lib/roles';
import { returnPath } from '@client/lib/return-to';

/** Operators' login and register toasts stay up longer (spec section 8). */
const OPERATOR_TOAST_MS = 6000;

/**
 * Stores a new session, greets the user and sends them where spec section 2 says:
 * login → operator dashboard (operators) or /find-trucks (everyone else);
 * register → /subscribe (operators) or /find-trucks (customers); a password reset (ADR 0187) as a
 * login. Whoever came from a screen that
 * asked them to sign in (`?next=`: a listing's "Claim it", an order-ahead checkout, an order, their
 * orders) goes back to it instead.
 */
export function useStartSession() {
  const { signIn } = useAuth();
  const [, navigate] = useLocation();
  return useCallback(
    (session: AuthResponse, how: 'login' | 'register' | 'reset') => {
      const operator = isOperator(session.user);
      const duration = operator ? OPERATOR_TOAST_MS : undefined;
      // Leave the auth screen before the session exists, so its "already signed in" redirect never
      // wins; the greeting comes after signIn, which closes the signed-out screen's toasts.
      const back = returnPath(window.location.search);
      const target = back ?? (how !== 'register' ? (operator ? '/operator-dashboard' : '/find-trucks') : operator ? '/subscribe' : '/find-trucks');
      navigate(target);
      signIn(session);
      if (how === 'reset') {
        toast({ title: 'Password changed', description: "You're signed in with your new password.", duration });
      } else if (how === 'login') {
        toast({ title: 'Login successful', description: `Welcome back, ${displayName(session.user)}!`, duration });
      } else if (operator) {
        toast({ title: 'Account created successfully!', description: 'Next, set up your subscription.', duration });
      } else {
        // Texts wait for the number to be confirmed (ADR 0189): where to do it, said once.
        toast({ title: `Welcome to ${PRODUCT_NAME}!`, description: 'To get texts when your favorites open, confirm your number from Account.' });
      }
    },
    [navigate, signIn],
  );
}
