import { expect, test } from '@tests/support/fixtures';

// The API reference (/api/docs) renders in Chromium under the Content-Security-Policy the
// production server sends: no console error, no uncaught exception, no CSP violation, and no
// request to any host but ours.

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the API reference renders under the production CSP with no console error', async ({
      page,
      baseURL,
    }) => {
      const problems: string[] = [];
      const elsewhere: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin !== new URL(baseURL!).origin && url.protocol !== 'data:' && url.protocol !== 'blob:')
          elsewhere.push(request.url());
      });
      // A violation the console does not report is seen by the page itself. One is expected and
      // harmless: the zod bundled in Scalar's script probes whether eval is allowed
      // (`try { new Function('') } catch {}`), is refused by the CSP, and validates without it.
      // Zod's switch for that (`jitless`) is not reachable from outside the bundle.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const evalProbe =
            event.blockedURI === 'eval' && event.sourceFile.endsWith('/api/docs/reference.js');
          if (!evalProbe) console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });

      const response = await page.goto('/api/docs');
      expect(response?.status()).toBe(200);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      // WebAssembly may compile (the ISBN scanner's decoder); JavaScript eval stays refused.
      expect(csp).not.toMatch(/'unsafe-eval'/);

      await expect(page.getByRole('heading', { name: 'Rakbuku API', exact: true })).toBeVisible({
        timeout: 20_000,
      });
      // The first operation of the document renders its own section; the others are listed by
      // path in their (collapsed) groups.
      const operation = page.getByRole('heading', {
        name: 'Whether this instance can serve: the database answers the shared versions read in time',
      });
      await expect(operation).toBeVisible();
      for (const path of ['/api/books', '/api/orders/{id}', '/api/pickup-locations']) {
        await expect(page.getByText(path, { exact: true }).first()).toBeAttached();
      }
      // One reference, not two (the standalone script mounts its own on #api-reference).
      await expect(page.getByRole('heading', { name: 'Rakbuku API', exact: true })).toHaveCount(1);
      // A moment for late errors (lazy sections, the search index) to show.
      await page.waitForLoadState('load');
      await page.waitForTimeout(1_000);

      expect(problems).toEqual([]);
      expect(elsewhere).toEqual([]);
    });
  });
}
