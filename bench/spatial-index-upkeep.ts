/**
 * `npx tsx bench/spatial-index-upkeep.ts [none|earth|point|btree|spgist] [file|random|sorted]`:
 * what one spatial index costs to keep up on PGlite while 9,500 rows are inserted in 500-row
 * statements (ADR 0167, issue 26's import). `file` orders the points as bench/imports.ts's generated
 * CSV does (1,000 per column), `random` shuffles them over the same area, `sorted` sorts them by
 * longitude then latitude. Prints the wall time; run the variants interleaved on a shared machine.
 */
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { performance } from 'node:perf_hooks';

const INDEXES = {
  none: '',
  earth:
    'create index t_earth on t using gist (ll_to_earth(latitude, longitude)) where latitude is not null and longitude is not null',
  point:
    'create index t_point on t using gist (point(longitude, latitude)) where latitude is not null and longitude is not null',
  btree: 'create index t_btree on t (latitude, longitude) where latitude is not null',
  spgist: 'create index t_spgist on t using spgist (point(longitude, latitude))',
} as const;
const ORDERS = ['file', 'random', 'sorted'] as const;
type IndexName = keyof typeof INDEXES;
type Order = (typeof ORDERS)[number];

const isIndex = (name: string): name is IndexName => name in INDEXES;
const isOrder = (name: string): name is Order => (ORDERS as readonly string[]).includes(name);
const variant = process.argv[2] ?? 'earth';
const order = process.argv[3] ?? 'file';
if (!isIndex(variant) || !isOrder(order)) {
  throw new Error(`usage: spatial-index-upkeep.ts [${Object.keys(INDEXES).join('|')}] [${ORDERS.join('|')}]`);
}
const ROWS = 9500;
const STATEMENT = 500;

let seed = 1;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const points: Array<[number, number]> = [];
for (let i = 1; i <= ROWS; i += 1) {
  points.push(
    order === 'random'
      ? [37.7 + random() * 0.1, -122.5 + random() * 0.1]
      : [37.7 + (i % 1000) * 0.0001, -122.5 + Math.floor(i / 1000) * 0.01],
  );
}
if (order === 'sorted') points.sort((a, b) => a[1] - b[1] || a[0] - b[0]);

const db = await PGlite.create({ extensions: { cube, earthdistance } });
await db.exec('create extension cube; create extension earthdistance;');
await db.exec(
  'create table t (id serial primary key, name text not null, latitude float8, longitude float8, address text)',
);
if (INDEXES[variant]) await db.exec(INDEXES[variant]);
const start = performance.now();
await db.exec('begin');
for (let i = 0; i < points.length; i += STATEMENT) {
  const part = points.slice(i, i + STATEMENT);
  const values = part.map((_, j) => `('Bench Cart', $${2 * j + 1}, $${2 * j + 2}, '2000 MISSION ST')`);
  await db.query(
    `insert into t (name, latitude, longitude, address) values ${values.join(',')}`,
    part.flat(),
  );
}
await db.exec('commit');
console.log(
  `${variant} index, ${order} order: ${ROWS} rows in ${((performance.now() - start) / 1000).toFixed(2)} s`,
);
await db.close();
