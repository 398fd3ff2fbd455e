import fc from 'fast-check';
import { CUISINES, MENU_CATEGORIES } from '@shared/constants';
import { UPLOAD_PURPOSES } from '@shared/contracts';

/**
 * Hostile requests generated from the OpenAPI document (issue 13): for every operation, its path
 * parameters, query and JSON body, mostly plausible (so requests reach the handlers) and otherwise
 * wrong in the ways attackers try — wrong types, missing and extra fields, huge and unicode
 * strings, numbers JSON cannot hold, malformed JSON, wrong content types, path ids like `../`.
 */

/** The part of JSON Schema the OpenAPI document of this app uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  nullable?: boolean;
}

export interface Operation {
  method: string;
  /** OpenAPI form: `/api/food-trucks/{id}`. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body: JsonSchema | undefined;
}

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** A JSON token written as is: numbers JSON.stringify cannot produce (1e309, -0, 1e-400). */
export class RawToken {
  constructor(readonly text: string) {}
}
type Json = null | boolean | number | string | RawToken | Json[] | { [key: string]: Json };

/** JSON text of a generated value, with raw tokens spliced in. */
export function encodeJson(value: Json): string {
  if (value instanceof RawToken) return value.text;
  if (Array.isArray(value)) return `[${value.map(encodeJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${encodeJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const NUL = '\u0000';
export const HOSTILE_STRINGS = [
  '',
  ' ',
  NUL,
  `a${NUL}b`,
  '\u202Eevil\u202C', // right-to-left override
  '\u200F\u05E9\u05DC\u05D5\u05DD', // RTL mark + Hebrew
  '🌮👩‍👩‍👧‍👦🏳️‍🌈',
  '\uD800', // lone surrogate
  '\uFFFF\uFFFE',
  'Ω≈ç√∫˜µ≤≥÷',
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '0x1',
  '-0',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '１２３', // full-width digits
  '١٢٣', // Arabic-Indic digits
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '\\',
  '"',
  '${7*7}',
  '__proto__',
  'x'.repeat(10_000),
  'é'.repeat(3_000),
];

const HOSTILE_NUMBERS = ['1e309', '-1e309', '-0', '1e-400', '123456789012345678901234567890', '0.1e1', '2147483648', '-2147483649'];

/** Any wrong value: other types, hostile strings, numbers JSON cannot hold, deep or wide structures. */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(null, true, false, 0, -1, 1.5, [], {}, Number.MAX_SAFE_INTEGER, -2_147_483_649),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS).map((t) => new RawToken(t)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.array(fc.constantFrom<Json>(1, 'a', null), { maxLength: 20 }),
  fc.constant<Json>(Array.from({ length: 2_000 }, () => 1)),
  fc.constant<Json>({ __proto__: { isAdmin: true }, constructor: { prototype: { role: 'admin' } } } as unknown as Json),
  fc.nat(200).map((depth) => {
    let v: Json = 'deep';
    for (let i = 0; i < depth; i += 1) v = { a: v };
    return v;
  }),
);

/** Values used where a field is named, so generated requests get past validation to the handler. */
export interface FuzzPools {
  truckIds: number[];
  menuItemIds: number[];
  accountIds: number[];
  objectPaths: string[];
  tinyPngDataUrl: string;
}

function plausibleByName(name: string, pools: FuzzPools): fc.Arbitrary<Json> | undefined {
  const id = (ids: number[]) => (ids.length > 0 ? fc.constantFrom(...ids) : fc.constant(1));
  const image = fc.oneof(fc.constantFrom(...pools.objectPaths), fc.constant(pools.tinyPngDataUrl));
  switch (name) {
    case 'phone':
      return fc.integer({ min: 0, max: 9_999_999 }).map((n) => `512${String(n).padStart(7, '0')}`);
    case 'password':
      return fc.constantFrom('correct-horse-1', 'short', 'x'.repeat(200));
    case 'username':
      return fc.stringMatching(/^[a-z][a-z0-9_]{3,15}$/);
    case 'email':
      return fc.emailAddress();
    case 'latitude':
    case 'lat':
      return fc.double({ min: -90, max: 90, noNaN: true });
    case 'longitude':
    case 'lng':
      return fc.double({ min: -180, max: 180, noNaN: true });
    case 'radiusMiles':
      return fc.double({ min: 0.1, max: 100, noNaN: true });
    case 'foodTruckId':
      return id(pools.truckIds);
    case 'operatorId':
      return id(pools.accountIds);
    case 'price':
      return fc.constantFrom<Json>(1, 3.5, '4.25', 0.01, 100_000);
    case 'stars':
      return fc.integer({ min: 0, max: 6 });
    case 'cuisine':
      return fc.constantFrom(...CUISINES);
    case 'category':
      return fc.constantFrom(...MENU_CATEGORIES);
    case 'purpose':
      return fc.constantFrom(...UPLOAD_PURPOSES);
    case 'text':
      return fc.constantFrom('which trucks are open', 'tacos near me', 'what is on their menu', 'how far');
    case 'image':
    case 'imageURL':
      return image;
    case 'gallery':
    case 'menuDocuments':
      return fc.array(image, { maxLength: 3 });
    case 'cardNumber':
      return fc.constantFrom('4242 4242 4242 4242', '4000 0000 0000 0002', '1234');
    case 'expiry':
      return fc.constantFrom('12/40', '01/20', '13/99');
    case 'cvc':
      return fc.constantFrom('123', '1');
    case 'limit':
      return fc.integer({ min: 0, max: 500 }).map(String);
    case 'cursor':
    case 'lastEventId':
      return fc.integer({ min: 0, max: 3_000_000_000 }).map(String);
    default:
      return undefined;
  }
}

function plausibleBySchema(schema: JsonSchema, pools: FuzzPools, depth: number): fc.Arbitrary<Json> {
  if (schema.const !== undefined) return fc.constant(schema.const as Json);
  if (schema.enum) return fc.constantFrom(...(schema.enum as Json[]));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((s) => plausibleBySchema(s, pools, depth)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1_000, 1_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor('', schema.items ?? {}, pools, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object':
      return objectFor(schema, pools, depth + 1);
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer());
  }
}

/** Mostly a plausible value for the field, sometimes a hostile one. */
export function valueFor(name: string, schema: JsonSchema, pools: FuzzPools, depth = 0): fc.Arbitrary<Json> {
  const plausible = depth > 3 ? fc.constant<Json>(null) : (plausibleByName(name, pools) ?? plausibleBySchema(schema, pools, depth));
  return fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 1, arbitrary: hostileValue });
}

const MISSING = Symbol('missing');
const EXTRA_KEYS = ['__proto__', 'constructor', 'role', 'isAdmin', 'operatorId', 'id', 'userId', 'passwordHash', 'status'];

/** An object with the schema's fields (required ones usually present), sometimes extra fields. */
export function objectFor(schema: JsonSchema, pools: FuzzPools, depth = 0): fc.Arbitrary<Json> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([name, propSchema]) =>
    fc
      .oneof(
        { weight: required.has(name) ? 9 : 1, arbitrary: valueFor(name, propSchema, pools, depth) },
        { weight: required.has(name) ? 1 : 1, arbitrary: fc.constant<typeof MISSING>(MISSING) },
      )
      .map((value) => [name, value] as const),
  );
  const extras = fc.array(fc.tuple(fc.constantFrom(...EXTRA_KEYS), hostileValue), { maxLength: 2 });
  return fc.tuple(fc.tuple(...fields), fc.oneof({ weight: 5, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: extras })).map(
    ([pairs, extra]) => {
      const out: Record<string, Json> = {};
      for (const [name, value] of pairs) if (value !== MISSING) out[name] = value;
      // defineProperty, so "__proto__" becomes a real key of the JSON text, not the prototype.
      for (const [name, value] of extra) Object.defineProperty(out, name, { value, enumerable: true, writable: true });
      return out;
    },
  );
}

const MALFORMED_JSON = [
  '{',
  '{"name":',
  '{"a":1}}',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  NUL,
  '\uFEFF{}',
  '{"a":"\\u0000"}',
  '{"a":"\\uD800"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '[]',
  '"text"',
  '1',
  'null',
  'true',
  '1e309',
  '[' .repeat(100_000) + ']'.repeat(100_000),
  `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`,
];
const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/octet-stream',
  'image/png',
  '',
];

export interface Body {
  payload: string | undefined;
  contentType: string | undefined;
}

export function bodyFor(op: Operation, pools: FuzzPools): fc.Arbitrary<Body> {
  const value = op.body ? objectFor(op.body, pools) : fc.oneof(fc.constant<Json>({}), hostileValue);
  const asJson = value.map((v): Body => ({ payload: encodeJson(v), contentType: 'application/json' }));
  return fc.oneof(
    { weight: op.body ? 12 : 2, arbitrary: asJson },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_JSON).map((p): Body => ({ payload: p, contentType: 'application/json' })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(value, fc.constantFrom(...CONTENT_TYPES))
        .map(([v, contentType]): Body => ({ payload: encodeJson(v), contentType: contentType || undefined })),
    },
    { weight: op.body ? 1 : 6, arbitrary: fc.constantFrom<Body>({ payload: undefined, contentType: undefined }, { payload: '', contentType: 'application/json' }) },
  );
}

/** Percent-encodes every UTF-8 byte (encodeURIComponent throws on a lone surrogate). */
const percentEncode = (text: string) =>
  Array.from(Buffer.from(text, 'utf8'), (b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const HOSTILE_SEGMENTS = [
  '../',
  '..%2F..%2F',
  '%2e%2e%2f',
  '%00',
  '0x1',
  '-0',
  '1e309',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '99999999999999999999999',
  '%201',
  'NaN',
  'null',
  '%E2%80%AE1',
  '%F0%9F%8C%AE',
  '%',
  '%zz',
  '%C0%AE',
  'a'.repeat(3_000),
  '1;drop',
  '１',
];

export function segmentFor(name: string, pools: FuzzPools): fc.Arbitrary<string> {
  const ids = name === 'operatorId' ? pools.accountIds : name === 'id' ? [...pools.truckIds, ...pools.menuItemIds, ...pools.accountIds] : pools.truckIds;
  const objectIds = pools.objectPaths.map((p) => p.replace('/objects/', ''));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids, ...objectIds).map(String) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(percentEncode) },
  );
}

export function queryFor(op: Operation, pools: FuzzPools): fc.Arbitrary<string> {
  const params = op.query.map(({ name, schema }) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant<string[]>([]) },
      {
        weight: 3,
        arbitrary: valueFor(name, schema, pools).map((v) => [
          `${name}=${percentEncode(typeof v === 'string' ? v : encodeJson(v))}`,
        ]),
      },
      // The same parameter twice (arrives as an array).
      { weight: 1, arbitrary: fc.constant([`${name}=1`, `${name}=2`]) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS).map((s) => [`${name}=${s}`]) },
    ),
  );
  const extra = fc.oneof(
    { weight: 5, arbitrary: fc.constant<string[]>([]) },
    { weight: 1, arbitrary: fc.constantFrom(['__proto__[x]=1'], ['constructor=1'], ['a[b][c]=1'], ['=&&=='], ['%=1']) },
  );
  return fc.tuple(fc.tuple(...params), extra).map(([parts, more]) => {
    const all = [...parts.flat(), ...more];
    return all.length > 0 ? `?${all.join('&')}` : '';
  });
}
