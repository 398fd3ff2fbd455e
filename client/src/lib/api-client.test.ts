import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiJson, apiRequest, errorMessage, getQueryFn } from './api-client';

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const queryContext = (queryKey: readonly unknown[]): QueryFunctionContext => ({
  queryKey,
  signal: new AbortController().signal,
  meta: undefined,
  client: new QueryClient(),
});

describe('apiRequest', () => {
  it('sends JSON with a content type only when there is a body, always with credentials', async () => {
    const fetchMock = stubFetch(() => new Response('{}'));
    await apiRequest('POST', '/api/x', { a: 1 });
    await apiRequest('DELETE', '/api/x');
    const [withBody, withoutBody] = fetchMock.mock.calls.map(([, init]) => init);
    expect(withBody).toMatchObject({ method: 'POST', body: '{"a":1}', credentials: 'include' });
    expect(withBody?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(withoutBody).toMatchObject({ method: 'DELETE', body: undefined, credentials: 'include' });
    expect(withoutBody?.headers).toEqual({});
  });

  it('sends the stored token as a bearer authorization header', async () => {
    localStorage.setItem('token', 'abc.def');
    const fetchMock = stubFetch(() => new Response('{}'));
    await apiRequest('GET', '/api/x');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({ Authorization: 'Bearer abc.def' });
  });

  it('turns a non-OK response into "<status>: <body>" with the parsed body', async () => {
    stubFetch(() => new Response('{"message":"Phone taken"}', { status: 409, statusText: 'Conflict' }));
    const error = await apiRequest('POST', '/api/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: '409: {"message":"Phone taken"}', body: { message: 'Phone taken' } });
  });

  it('uses the status text when the error body is empty', async () => {
    stubFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('apiJson', () => {
  it('parses the JSON body, and gives undefined for an empty one', async () => {
    stubFetch(() => new Response('{"ok":true}'));
    await expect(apiJson('GET', '/api/x')).resolves.toEqual({ ok: true });
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiJson('DELETE', '/api/x')).resolves.toBeUndefined();
  });
});

describe('getQueryFn', () => {
  it('GETs the joined query key with the token and credentials', async () => {
    localStorage.setItem('token', 't1');
    const fetchMock = stubFetch(() => new Response('[1,2]'));
    const result = await getQueryFn({ on401: 'throw' })(queryContext(['/api/food-trucks', 7]));
    expect(result).toEqual([1, 2]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/food-trucks/7');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ headers: { Authorization: 'Bearer t1' }, credentials: 'include' });
  });

  it('returns null on 401 in returnNull mode', async () => {
    stubFetch(() => new Response('{"message":"Authentication required"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/favorites']))).resolves.toBeNull();
  });

  it('throws on 401 in the default throw mode', async () => {
    stubFetch(() => new Response('{"message":"Authentication required"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/favorites']))).rejects.toThrow(
      '401: {"message":"Authentication required"}',
    );
  });

  it('throws other errors even in returnNull mode', async () => {
    stubFetch(() => new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/x']))).rejects.toThrow('500: Internal Server Error');
  });
});

describe('errorMessage', () => {
  it("prefers the server's message, else the fallback", () => {
    expect(errorMessage(new ApiError(401, '401: …', { message: 'Invalid credentials' }), 'x')).toBe('Invalid credentials');
    expect(errorMessage(new ApiError(500, '500: oops', undefined), 'Failed to create account')).toBe('Failed to create account');
    expect(errorMessage(new ApiError(400, '400: …', { message: '' }), 'fallback')).toBe('fallback');
    expect(errorMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});
