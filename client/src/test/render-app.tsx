import type { PublicUser } from '@shared/contracts';
import type { ReactElement } from 'react';
import { renderWithApp } from './render';

export const OPERATOR: PublicUser = {
  id: 7,
  username: 'op',
  email: null,
  phone: '+15125550101',
  phoneConfirmed: true,
  role: 'operator',
};

/** Renders `ui` with the app's providers at `path`, signed in as `user` (if any); returns the memory location too. */
export function renderApp(ui: ReactElement, { path = '/', user }: { path?: string; user?: PublicUser } = {}) {
  if (user) {
    window.localStorage.setItem('token', 'test-token');
    window.localStorage.setItem('user', JSON.stringify(user));
  }
  return renderWithApp(ui, { path });
}

type Handler = (
  url: string,
  init: RequestInit | undefined,
) => { status?: number; body?: unknown } | undefined;

/** A fetch stub: `handler` answers by URL and method; anything unanswered is a 404. */
export function stubFetch(handler: Handler) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const answer = handler(url, init) ?? { status: 404, body: { message: 'Not found' } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch: fetchStub as typeof fetch, calls };
}
