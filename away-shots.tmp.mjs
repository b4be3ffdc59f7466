import { chromium } from 'playwright';
const base = 'http://localhost:4791';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const day = (d) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Makassar' }).format(new Date(Date.now() + d * 86400000));
async function login(ctx, email, password) {
  const r = await ctx.request.post(`${base}/api/auth/sign-in/email`, { data: { email, password }, headers: { origin: base } });
  if (!r.ok()) throw new Error(await r.text());
}
const ownerCtx = await browser.newContext();
await login(ownerCtx, 'made@example.com', 'owner12345');
const put = await ownerCtx.request.put(`${base}/api/profile/away`, { data: { from: day(0), to: day(6) }, headers: { origin: base } });
console.log('away', put.status(), await put.text());
const owner = await (await ownerCtx.request.get(`${base}/api/profile/away`)).json();
for (const lang of ['en', 'id']) {
  for (const width of [1280, 390]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    await ctx.addCookies([{ name: 'rakbuku_lang', value: lang, url: base }]);
    await login(ctx, 'borrower@example.com', 'borrower123');
    const page = await ctx.newPage();
    const me = await (await ownerCtx.request.get(`${base}/api/books/mine?pageSize=5`)).json().catch(() => null);
    await page.goto(`${base}/books?sort=newest`);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/away-shot-catalog-${lang}-${width}.png` });
    const bookId = me?.items?.[0]?.id;
    if (bookId) {
      await page.goto(`${base}/books/${bookId}`);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/away-shot-book-${lang}-${width}.png` });
    }
    const octx = await browser.newContext({ viewport: { width, height: 900 } });
    await octx.addCookies([{ name: 'rakbuku_lang', value: lang, url: base }]);
    await login(octx, 'made@example.com', 'owner12345');
    const op = await octx.newPage();
    await op.goto(`${base}/books/manage`);
    await op.waitForTimeout(1500);
    await op.screenshot({ path: `/tmp/away-shot-manage-${lang}-${width}.png` });
    await ctx.close(); await octx.close();
  }
}
console.log(JSON.stringify(owner));
await browser.close();
