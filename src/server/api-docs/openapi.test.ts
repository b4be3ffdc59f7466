import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '@tests/support/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await ctx.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('declares every answer of every route, errors in the one error shape', async () => {
    const { body } = await ctx.request('GET', '/api/openapi.json');
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

describe('GET /api/docs', () => {
  it('serves the reference page with its scripts from our own origin', async () => {
    const page = await ctx.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('<script src="/api/docs/reference.js"></script>');
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/); // no inline script: the CSP forbids it
    const script = await ctx.request('GET', '/api/docs/reference.js');
    expect(script.status).toBe(200);
    expect(String(script.body).length).toBeGreaterThan(100_000);
  });
});
