import { QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from '@client/components/ui/toaster';
import { TruckStreamProvider } from '@client/entities/truck/truck-stream-provider';
import { AuthProvider } from '@client/lib/auth';
import { createQueryClient } from '@client/lib/query-client';
import { useToasts } from '@client/lib/toast';

/** Renders `ui` with the app's providers on an in-memory location starting at `path`. */
export function renderWithApp(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>
        <AuthProvider>
          <TruckStreamProvider>
            {ui}
            <Toaster />
          </TruckStreamProvider>
        </AuthProvider>
      </Router>
    </QueryClientProvider>,
  );
  /** The current path of the in-memory location. */
  const currentPath = () => location.history.at(-1);
  return { ...result, location, currentPath, queryClient };
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Replaces fetch with a mock answering "METHOD /path" keys; anything else is a 404.
 * Returns the mock so tests can inspect the calls.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url}`;
    const handler = routes[key];
    return handler ? handler(init) : json({ message: `no mock for ${key}` }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON body a mocked fetch call sent. */
export function sentBody(fetchMock: ReturnType<typeof mockFetch>, key: string): unknown {
  const call = fetchMock.mock.calls.find(([url, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${String(url)}` === key);
  if (!call) throw new Error(`no call to ${key}`);
  return JSON.parse(String(call[1]?.body));
}

/** A toast's title or description as the text a user reads (either may be markup, e.g. a phone number kept whole). */
function textOf(node: ReactNode): string | undefined {
  if (node === undefined) return undefined;
  // A detached container: the text is read without touching the screen the test queries.
  const { container, unmount } = render(<>{node}</>, { container: document.createElement('div') });
  const text = container.textContent ?? '';
  unmount();
  return text;
}

/** The toast shown now, if any, with its title and description as text. */
export function currentToast() {
  const shown = renderHook(() => useToasts()).result.current[0];
  return shown && { ...shown, title: textOf(shown.title), description: textOf(shown.description) };
}
