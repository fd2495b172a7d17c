import fc from 'fast-check';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions } from '@medipay/db/schema';
import { applicationListSchema, listMessages } from '@medipay/shared/admin-review';
import { genericMessages } from '@medipay/shared/api-error';
import { fallbackMessages, requestMessages, validationMessages } from '@medipay/shared/messages';
import { tipoEmpresaValues } from '@medipay/shared/options';
import { pfStatusFilterValues, pjStatusFilterValues } from '@medipay/shared/status';
import { adminSession, nextTestIp } from '../../../test/admin';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertPf, insertPj } from './review-list.fixtures';
import { reviewListMessages } from './review-list.service';

/**
 * The list parameters fuzzed against the real app (issue 23, item 2: tampered cursors answered
 * 500). Whatever the query string holds, a list answers 200 or a 400 with a Portuguese message
 * of the product's, and a refused export writes nothing. One app and database for the file.
 */
let t: TestApp;
let headers: Record<string, string>;
/** Cursors the app itself answered: valid ones, to send as they are or tampered with. */
const served: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (let index = 1; index <= 12; index += 1) {
    await insertPf(t.database.db, {
      nomeCompleto: `Pessoa ${index}`,
      status: index % 2 === 0 ? 'APROVADO' : 'EM_ANALISE',
      currentStep: 6,
      createdAt: new Date(Date.UTC(2026, 10, index, 12, 0, 0, index)),
      // Due times (kept after the decision too), so that the due-time sort has pages.
      prazoAnalise: new Date(Date.UTC(2026, 10, index + 2, 2, 59, 59, 999)),
    });
  }
  await insertPj(t.database.db, {
    razaoSocial: 'Hospital Exemplo Ltda',
    tipoEmpresa: 'hospital',
    status: 'ENVIADO_PARA_ANALISE',
    currentStep: 6,
  });
  ({ headers } = await adminSession(t, 'admin_master'));
  for (const query of ['pageSize=10', 'page=2&pageSize=10', 'pageSize=10&sort=created_asc']) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/applications/pf?${query}`,
      headers,
    });
    const list = applicationListSchema.parse(response.json());
    for (const cursor of [list.next, list.previous]) if (cursor) served.push(cursor);
  }
});
afterAll(async () => {
  await t?.close();
});

/** Every message a refused list request may carry: the product's own, in Portuguese. */
const portugueseMessages = new Set<string>([
  ...[validationMessages, fallbackMessages, requestMessages, genericMessages].flatMap((messages) =>
    Object.values(messages).flatMap((message) =>
      typeof message === 'string'
        ? [message]
        : [1, 40, 100, 100_000].map((limit) => message(limit)),
    ),
  ),
  ...Object.values(listMessages),
  ...Object.values(reviewListMessages),
]);

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const digits = (max: number, width: number) =>
  fc
    .oneof(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 10 ** width - 1 }))
    .map((value) => String(value).padStart(width, '0'));

/** A timestamp text as PostgreSQL prints them, each field possibly out of its range. */
const timestampText = fc
  .record({
    year: digits(2100, 4),
    month: digits(12, 2),
    day: digits(31, 2),
    hour: digits(23, 2),
    minute: digits(59, 2),
    second: digits(59, 2),
    fraction: fc.option(fc.stringMatching(/^\d{1,8}$/), { nil: undefined }),
    sign: fc.constantFrom('+', '-'),
    offsetHours: digits(15, 2),
    offsetRest: fc.constantFrom('', ':30', ':45', ':60', ':99', ':06:28', ':00:60'),
  })
  .map(
    (p) =>
      `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}` +
      `${p.fraction === undefined ? '' : `.${p.fraction}`}${p.sign}${p.offsetHours}${p.offsetRest}`,
  );

const idText = fc.oneof(
  { weight: 4, arbitrary: fc.uuid() },
  fc.uuid().map((id) => id.toUpperCase()),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('00000000-0000-0000-0000-000000000000', "' or 1=1 --", 'null'),
);

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** One of the app's cursors (read when the property runs, after beforeAll took them). */
const servedAt = (at: number) => served[at % served.length]!;

/** What an `after` or `before` may hold: the app's own cursors, tampered ones, and junk. */
const cursorValue = fc.oneof(
  { weight: 2, arbitrary: fc.nat().map(servedAt) },
  // One character changed: another base64url text, mostly no longer the app's JSON.
  fc.tuple(fc.nat(), fc.nat(), fc.nat(63)).map(([at, position, digit]) => {
    const cursor = servedAt(at);
    const index = position % cursor.length;
    return cursor.slice(0, index) + alphabet[digit]! + cursor.slice(index + 1);
  }),
  // The finding: the server's JSON around a date no calendar has, or an offset out of range.
  {
    weight: 6,
    arbitrary: fc.tuple(timestampText, idText).map((pair) => base64url(JSON.stringify(pair))),
  },
  fc.jsonValue().map((value) => base64url(JSON.stringify(value))),
  fc.base64String({ maxLength: 120 }),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constant('A'.repeat(201)),
);

const numberText = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('0', '-1', '1e5', '1e400', 'NaN', 'Infinity', '0x10', ' 2 ', '1.5', ''),
  fc.constantFrom('100000', '100001', '99999999999999999999', '9007199254740993'),
  fc.string({ maxLength: 10 }),
);

const searchText = fc.oneof(
  fc.string({ maxLength: 110 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('ŉ', 'ŉŉŉ', 'ʼʼʼ', 'ﬁlho', 'a & b | !c', "':* & (", '%_\\', 'Pessoa 1', '01.345'),
  fc.constantFrom('joão\u0000silva', '\u200B\u200B\u200B', 'MEDI-2026', 'PJ-', '😀😀😀'),
);

/** Mostly a value the list takes, sometimes any other. */
const valueOf = (valid: fc.Arbitrary<string>, invalid: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: invalid });

/** Mostly absent: a query with one bad parameter among good ones reaches the code past them. */
const sometimes = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });

const query = fc.record({
  search: sometimes(searchText),
  status: sometimes(
    valueOf(fc.constantFrom(...pfStatusFilterValues, ...pjStatusFilterValues), fc.string()),
  ),
  tipo: sometimes(valueOf(fc.constantFrom(...tipoEmpresaValues, ''), fc.string())),
  biometria: sometimes(valueOf(fc.constantFrom('em_revisao', ''), fc.string())),
  prazo: sometimes(valueOf(fc.constantFrom('vence_hoje', 'atrasados', ''), fc.string())),
  analista: sometimes(valueOf(fc.constantFrom('minhas', ''), fc.string())),
  page: sometimes(valueOf(fc.integer({ min: 1, max: 100_000 }).map(String), numberText)),
  pageSize: sometimes(valueOf(fc.constantFrom('10', '20', '50'), numberText)),
  sort: sometimes(
    valueOf(fc.constantFrom('created_desc', 'created_asc', 'prazo_asc'), fc.string()),
  ),
  /** The position: after, before, or (refused) both. */
  position: fc.oneof(
    fc.constant(undefined),
    fc.record({
      names: fc.constantFrom('after', 'before', 'after', 'before', 'after,before'),
      value: cursorValue,
    }),
  ),
  /** A parameter the list does not know, or one of its own given twice (an array). */
  extra: sometimes(
    fc.tuple(
      fc.constantFrom('limit', 'cursor', 'page[size]', '__proto__', 'search', 'after', 'page'),
      fc.string({ maxLength: 20 }),
    ),
  ),
});

/** Percent-encoding of a value; a lone surrogate (not UTF-16 text) goes as raw bytes. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[^A-Za-z0-9]/g, (character) =>
      character.charCodeAt(0) > 0x7f ? '%ED%A0%80' : encodeURIComponent(character),
    );
  }
}

const request = fc.record({
  endpoint: fc.constantFrom(...(['list', 'list', 'list', 'list', 'export', 'export'] as const)),
  flow: fc.constantFrom('pf', 'pj', 'pf', 'pj', 'PF', 'px'),
  query,
  /** A broken tail a hand-edited URL may have. */
  tail: fc.constantFrom('', '', '', '', '&%', '&search=%E0%A4%A', '&page=%00', '&&&', '&=x'),
});

type FuzzedRequest = typeof request extends fc.Arbitrary<infer T> ? T : never;

function urlOf({ endpoint, flow, query, tail }: FuzzedRequest): string {
  const { position, extra, ...values } = query;
  const pairs = Object.entries(values).filter(
    (pair): pair is [string, string] => pair[1] !== undefined,
  );
  if (position) for (const name of position.names.split(',')) pairs.push([name, position.value]);
  if (extra) pairs.push(extra);
  const search = pairs.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
  return `/api/admin/applications/${flow}${endpoint === 'export' ? '/export.csv' : ''}?${search}${tail}`;
}

const exportsAudited = async () =>
  (await t.database.db.select({ value: count() }).from(adminActions))[0]!.value;

describe('the list parameters, fuzzed', () => {
  it('took cursors from the app to tamper with', () => {
    expect(served.length).toBeGreaterThanOrEqual(3);
  });

  it('answer 200 or a Portuguese 400, never 500, and a refused export writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (values) => {
        const url = urlOf(values);
        const before = values.endpoint === 'export' ? await exportsAudited() : 0;
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers,
          // The export allows 10 a minute per address: each request comes from its own.
          remoteAddress: nextTestIp(),
        });
        expect([200, 400], `${url} -> ${response.statusCode} ${response.body}`).toContain(
          response.statusCode,
        );
        if (response.statusCode === 400) {
          const body = response.json<{ code: string; message: string }>();
          expect(Object.keys(body).sort(), url).toEqual(['code', 'message']);
          expect(portugueseMessages, `${url} -> ${body.message}`).toContain(body.message);
          if (values.endpoint === 'export') expect(await exportsAudited()).toBe(before);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('leave the other admin lists alone: unknown parameters change nothing', async () => {
    for (const url of ['/api/admin/dashboard', '/api/admin/users']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${url}?page=0&pageSize=-1&sort=x&after=${base64url('["2026-13-01 00:00:00+99","x"]')}`,
        headers,
      });
      expect(response.statusCode, `${url} -> ${response.body}`).toBe(200);
    }
  });
});
