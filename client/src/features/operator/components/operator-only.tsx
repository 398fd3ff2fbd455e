import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { homeFor, useAuth } from '@client/lib/auth';
import { isOperator } from '@client/lib/roles';

/** Operator screens: anonymous visitors go to /login, other roles to their own home. */
export function OperatorOnly({ children }: { children: (operatorId: number) => ReactNode }) {
  const { user } = useAuth();
  if (!user) return <Redirect to="/login" replace />;
  if (!isOperator(user)) return <Redirect to={homeFor(user)} replace />;
  return <>{children(user.id)}</>;
}
