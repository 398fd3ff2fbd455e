import { describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@shared/contracts';
import type { ServerRenderAnswer } from '@shared/contracts/server-render';

const CUSTOMER: PublicUser = { id: 11, username: 'diner', email: null, phone: '+15125550111', phoneConfirmed: true, role: 'customer' };

/** The API as a signed-in customer's server render asks it: nothing saved yet. */
async function customerApi(url: string): Promise<ServerRenderAnswer> {
  const answers: Record<string, ServerRenderAnswer> = {
    '/api/auth/me': { status: 200, json: CUSTOMER, truckEventId: null },
    '/api/favorites': { status: 200, json: [], truckEventId: 3 },
    '/api/auth/user/sms-preferences': { status: 200, json: { smsAlerts: false }, truckEventId: null },
    '/api/favorites/calendar-feed': { status: 404, json: { message: 'No feed yet' }, truckEventId: null },
  };
  return answers[url] ?? { status: 404, json: { message: 'Not found' }, truckEventId: null };
}

/** A fresh server's bundle: nothing loaded on demand yet, as on the first page after a start. */
async function freshRender() {
  vi.resetModules();
  return (await import('./entry-server')).render;
}

/**
 * React marks a Suspense boundary that suspended during renderToString (`<!--$!-->`) for the
 * browser to render afresh, and hydrating that page logs error #419: a page the server rendered
 * must be whole on its first render after a start, not only once its parts have loaded.
 */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

describe("a signed-in customer's favourites, rendered by a server that has just started (ADR 0176)", () => {
  it('with the customer’s data: whole, with nothing left for the browser to render afresh', async () => {
    const render = await freshRender();
    const page = await render('/favorites', customerApi, {
      role: 'customer',
      viewer: { locale: 'en-US', timeZone: 'America/Chicago' },
    });
    expect(page?.personal).toBe(true);
    expect(page?.html).toContain('Favorite');
    expect(page?.html).not.toContain(CLIENT_RENDERED_BOUNDARY);
  });

  it('as its frame (no screen session cookie): whole too', async () => {
    const render = await freshRender();
    const page = await render('/favorites', customerApi, { role: 'customer', viewer: null });
    expect(page?.data).toBeNull();
    expect(page?.html).not.toContain(CLIENT_RENDERED_BOUNDARY);
  });
});
