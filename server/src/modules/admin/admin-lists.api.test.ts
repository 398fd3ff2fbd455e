import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  AdminOperator,
  AdminUser,
  AuditEntry,
  AuthResponse,
  ErrorResponse,
  OutboxMessage,
  Page,
} from '@shared/contracts';
import { smsOutbox } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertGeneratedCustomers } from '../../test/generated-users';
import { insertTruck } from '../../test/trucks';

/** Search and paging over 10,000 generated customers, the audit log and the SMS outbox lists. */
let server: TestServer;
let admin: AuthResponse;
const GENERATED = 10_000;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUpAdmin();
  // usernames bulk_00001…bulk_10000, phones +17370000001…, every 10th with an email.
  await insertGeneratedCustomers(server.db, { count: GENERATED, prefix: 'bulk_', digits: 5, emailEvery: 10 });
});
afterAll(() => server.close());

type Res<T> = T & ErrorResponse;
const get = <T>(path: string) => server.request<Res<T>>('GET', path, { token: admin.token });

describe('customer search and paging over 10,000 accounts', () => {
  it('walks every page with the cursor: each account once, newest first, total on every page', async () => {
    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const res: Awaited<ReturnType<typeof get<Page<AdminUser>>>> = await get<Page<AdminUser>>(
        `/api/admin/customers?search=bulk_&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(GENERATED);
      seen.push(...res.body.items.map((u) => u.id));
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 100);
    expect(pages).toBe(GENERATED / 200 + 1); // the last full page's cursor leads to an empty page
    expect(seen).toHaveLength(GENERATED);
    expect(new Set(seen).size).toBe(GENERATED);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('defaults to 50 per page', async () => {
    const res = await get<Page<AdminUser>>('/api/admin/customers');
    expect(res.body.items).toHaveLength(50);
    expect(res.body.total).toBeGreaterThanOrEqual(GENERATED);
    expect(res.body.nextCursor).toBe(res.body.items.at(-1)?.id);
  });

  it('matches a substring of username, email or phone, case-insensitively', async () => {
    const byName = await get<Page<AdminUser>>('/api/admin/customers?search=BULK_0123');
    expect(byName.body.items.map((u) => u.username).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `bulk_0123${i}`),
    );
    expect(byName.body.total).toBe(10);
    const byEmail = await get<Page<AdminUser>>('/api/admin/customers?search=person4560@');
    expect(byEmail.body.items.map((u) => u.username)).toEqual(['bulk_04560']);
    // A phone as people type it: formatting is ignored.
    const byPhone = await get<Page<AdminUser>>(
      `/api/admin/customers?search=${encodeURIComponent('(737) 000-9876')}`,
    );
    expect(byPhone.body.items.map((u) => u.phone)).toEqual(['+17370009876']);
    const none = await get<Page<AdminUser>>('/api/admin/customers?search=no-such-person');
    expect(none.body).toEqual({ items: [], total: 0, nextCursor: null });
    // LIKE's own characters are literal.
    const percent = await get<Page<AdminUser>>(`/api/admin/customers?search=${encodeURIComponent('%')}`);
    expect(percent.body.total).toBe(0);
  });

  it('uses the trigram index for a search on PostgreSQL', async () => {
    if (server.database.kind !== 'postgres') return;
    await server.db.execute(sql`analyze users`);
    const plan = await server.db.execute(sql`explain select id from users
      where role = 'customer' and lower(coalesce(username, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')) like '%bulk_0123%'`);
    expect(JSON.stringify(plan)).toContain('users_search_trgm_idx');
  });

  it('finds operators by a truck name as well', async () => {
    const operator = await server.signUp('operator', { username: 'plain_operator' });
    await insertTruck(server.db, operator.user.id, { name: 'Quetzal Kitchen' });
    const res = await get<Page<AdminOperator>>('/api/admin/operators?search=quetzal');
    expect(res.body.items.map((o) => o.id)).toEqual([operator.user.id]);
    const customers = await get<Page<AdminUser>>('/api/admin/customers?search=quetzal');
    expect(customers.body.total).toBe(0);
  });
});

describe('GET /api/admin/audit-log', () => {
  it('lists admin actions newest first with the admin’s name, filterable by action, paged by cursor', async () => {
    const targets = (await get<Page<AdminUser>>('/api/admin/customers?search=bulk_0000&limit=3')).body.items;
    for (const [i, target] of targets.entries()) {
      const res = await server.request('PATCH', `/api/admin/customers/${target.id}`, {
        token: admin.token,
        body: { email: `audited${i}@example.com` },
      });
      expect(res.status).toBe(200);
    }
    const res = await get<Page<AuditEntry>>('/api/admin/audit-log?action=update_customer&limit=2');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.items[0]).toMatchObject({
      adminId: admin.user.id,
      adminUsername: admin.user.username,
      action: 'update_customer',
      targetTable: 'users',
      targetId: targets[2]?.id,
      targetName: targets[2]?.username,
      newValues: { email: 'audited2@example.com' },
      timestamp: expect.any(String),
    });
    const next = await get<Page<AuditEntry>>(
      `/api/admin/audit-log?action=update_customer&limit=2&cursor=${res.body.nextCursor}`,
    );
    expect(next.body.items.map((e) => e.targetId)).toEqual([targets[0]?.id]);
    expect(next.body.nextCursor).toBeNull();
    const byTarget = await get<Page<AuditEntry>>(`/api/admin/audit-log?search=${targets[1]?.id}`);
    expect(byTarget.body.items.map((e) => e.targetId)).toEqual([targets[1]?.id]);
    expect((await get<unknown>('/api/admin/audit-log?action=drop_tables')).status).toBe(400);
  });

  it('names each target by its account: a subscription by its operator, a deleted account by its recorded name', async () => {
    const operator = await server.signUpSubscribedOperator();
    const customer = await server.signUp('customer');
    const act = async (method: string, path: string) =>
      expect((await server.request(method, path, { token: admin.token })).status).toBe(200);
    await act('POST', `/api/admin/operators/${operator.user.id}/subscription/pause`);
    await act('DELETE', `/api/admin/customers/${customer.user.id}`);
    const entries = (await get<Page<AuditEntry>>('/api/admin/audit-log?limit=2')).body.items;
    expect(entries.map((e) => [e.action, e.targetName])).toEqual([
      ['delete_customer', customer.user.phone],
      ['pause_subscription', operator.user.username ?? operator.user.phone],
    ]);
  });
});

describe('GET /api/admin/messages', () => {
  it('lists the SMS outbox newest first with recipient, body, status, attempts and times; filters by status and search', async () => {
    await server.db.insert(smsOutbox).values([
      { toPhone: '+15125550101', body: 'Taco Town is open', status: 'sent', attempts: 1, sentAt: new Date() },
      {
        toPhone: '+15125550102',
        body: 'Burger Barn is open',
        status: 'failed',
        attempts: 5,
        lastError: 'unreachable',
      },
      { toPhone: '+15125550103', body: 'Taco Town is open', status: 'pending' },
    ]);
    const all = await get<Page<OutboxMessage>>('/api/admin/messages');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.items.map((m) => m.toPhone)).toEqual(['+15125550103', '+15125550102', '+15125550101']);
    expect(all.body.items[1]).toEqual({
      id: expect.any(Number),
      toPhone: '+15125550102',
      body: 'Burger Barn is open',
      status: 'failed',
      attempts: 5,
      lastError: 'unreachable',
      createdAt: expect.any(String),
      nextAttemptAt: expect.any(String),
      sentAt: null,
    });
    const failed = await get<Page<OutboxMessage>>('/api/admin/messages?status=failed');
    expect(failed.body.items.map((m) => m.status)).toEqual(['failed']);
    const taco = await get<Page<OutboxMessage>>('/api/admin/messages?search=taco%20town');
    expect(taco.body.total).toBe(2);
    const byPhone = await get<Page<OutboxMessage>>('/api/admin/messages?search=512-555-0101');
    expect(byPhone.body.items.map((m) => m.toPhone)).toEqual(['+15125550101']);
    expect((await get<unknown>('/api/admin/messages?status=lost')).status).toBe(400);
  });
});
