/**
 * `npm run bench:admin`: the admin panel's search and paging through the API with 100,000 customers
 * (and 1,000 operators with 2 trucks each), in one process over real HTTP (the API test harness).
 * PGlite by default; PostgreSQL with TEST_DATABASE_URL=postgres://…/postgres (a throwaway database).
 * Each query runs WARMUP + RUNS times; the table shows the latency of the RUNS.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { desc, sql } from 'drizzle-orm';
import { foodTrucks } from '../server/src/db/schema';
import { insertGeneratedCustomers } from '../server/src/test/generated-users';
import { startTestServer } from '../server/src/test/harness';
import { ms, percentile, sorted, table } from './harness';

const CUSTOMERS = Number(process.env.ADMIN_BENCH_CUSTOMERS ?? 100_000);
const OPERATORS = 1_000;
const WARMUP = 5;
const RUNS = Number(process.env.ADMIN_BENCH_RUNS ?? 50);

const server = await startTestServer();
try {
  const admin = await server.signUpAdmin();
  const seedStart = performance.now();
  await insertGeneratedCustomers(server.db, { count: CUSTOMERS, prefix: 'user_', digits: 6, emailEvery: 3 });
  await server.db.execute(sql`
    insert into users (username, email, phone, password_hash, role)
    select 'operator_' || i, 'op' || i || '@example.com', '+1512' || lpad(i::text, 7, '0'), 'scrypt$bench', 'operator'
    from generate_series(1, ${OPERATORS}) as i`);
  await server.db.execute(sql`
    insert into food_trucks (name, cuisine, operator_id)
    select (array['Taco', 'Burger', 'Curry', 'Noodle', 'Pizza'])[1 + (u.id % 5)] || ' Truck ' || u.id || '-' || n, 'Fusion', u.id
    from users u cross join generate_series(1, 2) as n where u.role = 'operator'`);
  await server.db.execute(sql`analyze`);
  const seedMs = performance.now() - seedStart;

  const [someTruck] = await server.db
    .select({ name: foodTrucks.name })
    .from(foodTrucks)
    .orderBy(desc(foodTrucks.id))
    .limit(1);
  const lastCustomer = `user_${String(CUSTOMERS).padStart(6, '0')}`;
  const middle = Math.floor(CUSTOMERS / 2);
  const queries: [string, string][] = [
    ['customers, first page (no search)', '/api/admin/customers'],
    ['customers, page 200 deep (cursor)', `/api/admin/customers?cursor=${middle}`],
    ['customers, exact username', `/api/admin/customers?search=${lastCustomer}`],
    ['customers, rare substring', `/api/admin/customers?search=user_04242`],
    ['customers, common substring (~10%)', '/api/admin/customers?search=user_01'],
    ['customers, email substring', '/api/admin/customers?search=person4242'],
    ['customers, phone as typed', `/api/admin/customers?search=${encodeURIComponent('(737) 004-2424')}`],
    ['customers, no match', '/api/admin/customers?search=nobody-here'],
    ['customers, 2-letter search (no trigram)', '/api/admin/customers?search=zz'],
    ['operators, first page', '/api/admin/operators'],
    ['operators, one truck name', `/api/admin/operators?search=${encodeURIComponent(someTruck?.name ?? '')}`],
    ['operators, common truck word', '/api/admin/operators?search=burger'],
    ['stats', '/api/admin/stats'],
  ];
  const rows: (string | number)[][] = [];
  for (const [label, path] of queries) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < WARMUP + RUNS; i += 1) {
      const start = performance.now();
      const res = await server.request<{ total?: number }>('GET', path, { token: admin.token });
      const elapsed = performance.now() - start;
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      total = res.body.total ?? 0;
      if (i >= WARMUP) times.push(elapsed);
    }
    const s = sorted(times);
    rows.push([label, total, ms(percentile(s, 50)), ms(percentile(s, 95)), ms(percentile(s, 99))]);
  }
  console.log(
    `\n${server.database.kind}, ${CUSTOMERS.toLocaleString('en-US')} customers, ${OPERATORS} operators, ` +
      `${OPERATORS * 2} trucks (seeded in ${(seedMs / 1000).toFixed(1)} s); ${RUNS} runs each; ` +
      `${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(2)}`,
  );
  table('Admin list latency through the API', ['query', 'matches', 'p50', 'p95', 'p99'], rows);
} finally {
  await server.close();
}
