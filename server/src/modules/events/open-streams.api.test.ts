import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type SseStream } from '../../test/sse-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { STREAMS_PER_ACCOUNT_MESSAGE, STREAMS_PER_ADDRESS_MESSAGE } from './open-streams';

/** Issue 32: 2,000 event streams from one address were accepted. */
let server: TestServer;
const open: SseStream[] = [];
beforeAll(async () => {
  // Behind a proxy, so a test can be several client addresses (X-Forwarded-For).
  server = await startTestServer({
    trustProxy: true,
    rateLimits: { signupsPerAddressPerHour: 1000, eventStreamsPerAddress: 3, eventStreamsPerAccount: 2 },
  });
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await server.close();
});

let addressCounter = 0;
const freshAddress = () => `198.51.100.${(addressCounter += 1)}`;

async function stream(address: string, token?: string) {
  const opened = await openEventStream(`${server.url}/api/events`, {
    'x-forwarded-for': address,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  open.push(opened);
  return opened;
}
/** A stream expected to be refused: its whole (JSON) answer. */
const refused = (address: string, token?: string) =>
  server.request<{ message: string }>('GET', '/api/events', {
    headers: { 'x-forwarded-for': address, accept: 'text/event-stream' },
    token,
  });

describe('event streams per client address and per account (issue 32)', () => {
  it('refuses a stream past the cap of its address with 429 JSON, and takes it again once one closes', async () => {
    const address = freshAddress();
    const first = await stream(address);
    for (let i = 0; i < 2; i++) expect((await stream(address)).status).toBe(200);
    expect(first.status).toBe(200);

    const fourth = await refused(address);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ message: STREAMS_PER_ADDRESS_MESSAGE });
    expect(fourth.headers.get('retry-after')).toBe('30');
    // Another address is not affected.
    expect((await stream(freshAddress())).status).toBe(200);

    // A closed stream gives its place back.
    first.close();
    await expect.poll(async () => {
      const again = await openEventStream(`${server.url}/api/events`, { 'x-forwarded-for': address });
      open.push(again);
      return again.status;
    }).toBe(200);
  });

  it('caps one account across addresses', async () => {
    const customer = await server.signUp('customer');
    for (let i = 0; i < 2; i++) expect((await stream(freshAddress(), customer.token)).status).toBe(200);
    const third = await refused(freshAddress(), customer.token);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ message: STREAMS_PER_ACCOUNT_MESSAGE });
    // The diners' view from a fresh address is not this account's.
    expect((await stream(freshAddress())).status).toBe(200);
  });
});
