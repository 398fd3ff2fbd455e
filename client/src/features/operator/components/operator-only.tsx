import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { homeFor, useAuth } from '@client/lib/auth';
import { loginFor } from '@client/lib/return-to';
import { isOperator } from '@client/lib/roles';

/** Operator screens: anonymous visitors go to /login (and back here after), other roles to their own home. */
export function OperatorOnly({ children }: { children: (operatorId: number) => ReactNode }) {
  const { user } = useAuth();
  const [path] = useLocation();
  if (!user) return <Redirect to={loginFor(path)} replace />;
  if (!isOperator(user)) return <Redirect to={homeFor(user)} replace />;
  return <>{children(user.id)}</>;
}
