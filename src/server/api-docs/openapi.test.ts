import { gunzipSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentContract } from '@tests/support/document-contract';
import { createTestContext, type TestContext } from '@tests/support/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await ctx.rawRequest('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('declares every answer of every route, errors in the one error shape', async () => {
    const { body } = await ctx.rawRequest('GET', '/api/openapi.json');
    const operations = Object.entries(body.paths as Record<string, Record<string, any>>).flatMap(
      ([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method} ${path}`, op })),
    );
    const withoutSuccess = operations
      // A success is a 2xx, or a redirect for a link opened in the browser (the reset link).
      .filter(({ op }) => !Object.keys(op.responses).some((status) => /^[23]/.test(status)))
      .map(({ key }) => key);
    expect(withoutSuccess).toEqual([]);
    // Better Auth answers its own shape; health's 503 is a status report for probes, not an error.
    const ours = operations.filter(({ key }) => !key.includes('/api/auth/'));
    const statusReport = (key: string, status: string) => key === 'get /api/health' && status === '503';
    const undescribedErrors = ours.flatMap(({ key, op }) =>
      Object.entries(op.responses as Record<string, any>)
        .filter(
          ([status, answer]) =>
            Number(status) >= 400 &&
            !statusReport(key, status) &&
            answer.content?.['application/json']?.schema?.$ref !== '#/components/schemas/Error',
        )
        .map(([status]) => `${key} ${status}`),
    );
    expect(undescribedErrors).toEqual([]);
  });
});

type Operation = { operationId?: string; security?: Record<string, string[]>[]; responses: object };
const operationsOf = (doc: { paths: Record<string, Record<string, Operation>> }) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method} ${path}`, op })),
  );

describe('what outside tools read', () => {
  it('names every operation uniquely and puts the session cookie on every signed-in one', async () => {
    const { body } = await ctx.rawRequest('GET', '/api/openapi.json');
    expect(body.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'rakbuku.session_token',
    });
    const operations = operationsOf(body);
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.find(({ key }) => key === 'get /api/books/{id}')?.op.operationId).toBe('getBooksById');
    // Our routes answer a guest 401 exactly when they need the cookie; of Better Auth's, only
    // sign-out does (sign-in's 401 is a wrong password). Every operation says what it needs.
    // A payment provider's notice proves itself with the provider's token, not a session (D42).
    const needsSession = (key: string, op: Operation) =>
      key.includes('/api/auth/')
        ? key === 'post /api/auth/sign-out'
        : key !== 'post /api/payments/notices' && '401' in op.responses;
    const mismatched = operations
      .filter(({ key, op }) => {
        if (!op.security) return true;
        return op.security.some((s) => 'sessionCookie' in s) !== needsSession(key, op);
      })
      .map(({ key }) => key);
    expect(mismatched).toEqual([]);
  });

  it('publishes a multi-value literal with every value (a borrow duration is 1, 2 or 4 weeks)', async () => {
    const { body } = await ctx.rawRequest('GET', '/api/openapi.json');
    const cart = body.paths['/api/cart'].get.responses['200'].content['application/json'].schema;
    const group = cart.properties.groups.items;
    expect(group.properties.borrowDuration.enum).toEqual([1, 2, 4]);
    expect(group.properties.items.items.properties.borrowDuration.enum).toEqual([1, 2, 4]);
  });

  it('refuses, with ajv, an answer the published schema does not allow: enum [1] against a duration of 2', () => {
    const published = {
      paths: {
        '/api/cart': {
          get: {
            responses: {
              '200': {
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { borrowDuration: { type: 'number', enum: [1] } } },
                  },
                },
              },
            },
          },
        },
      },
    };
    const check = documentContract(published);
    expect(() => check('GET', '/api/cart', 200, { borrowDuration: 1 })).not.toThrow();
    expect(() => check('GET', '/api/cart', 200, { borrowDuration: 2 })).toThrow(
      /GET \/api\/cart 200: the answer does not match the published document \(ajv\): \/borrowDuration must be equal to one of the allowed values/,
    );
  });

  it('declares the 415 Better Auth answers to a body that is not JSON', async () => {
    for (const path of [
      '/api/auth/sign-in/email',
      '/api/auth/sign-up/email',
      '/api/auth/request-password-reset',
    ]) {
      // The harness fails this request if 415 is not declared or its body does not match.
      const res = await ctx.rawRequest('POST', path, {
        body: 'email=a',
        headers: { 'content-type': 'text/plain' },
      });
      expect(res.status).toBe(415);
      expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page with its scripts from our own origin', async () => {
    const page = await ctx.rawRequest('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('<script src="/api/docs/reference.js"></script>');
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/); // no inline script: the CSP forbids it
    const script = await ctx.runtime.app.request('/api/docs/reference.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-encoding')).toBe('gzip');
    expect(script.headers.get('vary')).toBe('accept-encoding');
    const sent = Buffer.from(await script.arrayBuffer());
    const plain = gunzipSync(sent);
    expect(plain.length).toBeGreaterThan(1_000_000);
    expect(sent.length).toBeLessThan(plain.length / 3);
    expect(plain.toString('utf8', 0, 2000)).toMatch(/\S/);
  });
});
