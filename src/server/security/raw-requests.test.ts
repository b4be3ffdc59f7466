import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// API tests call routes through the typed client (`ctx.answer(ctx.client<XApi>(cookie)...)`), so a
// renamed path, parameter, input or answer field fails tsc in the tests (docs/decisions/0003).
// `rawRequest` is only for what that client cannot express; these are the files that need it, and
// why. A new untyped call elsewhere fails here: write it typed, or add the file with its reason.

const ALLOWED: Record<string, string> = {
  // The whole folder: hostile input (malformed JSON, wrong content types, forged headers, unknown
  // paths), Better Auth's endpoints, and walks over every registered route (the permission matrix).
  'src/server/security/': 'hostile input, Better Auth, every registered route',
  'src/server/api-docs/openapi.test.ts':
    'the document and the docs page (no route module); a wrong content type',
  'src/server/api-docs/paging-contract.test.ts': 'every paged route the document lists, by its path',
  'src/server/auth/async-context.test.ts': "Better Auth's sign-in and sign-out",
  'src/server/auth/session-cache.test.ts': "Better Auth's sign-out",
  'src/server/modules/account/password.test.ts':
    "Better Auth's password reset and change, and the emailed link",
  'src/server/modules/account/roles.test.ts': "Better Auth's sign-up and admin plugin",
  'src/server/modules/account/sign-in.test.ts': "Better Auth's sign-in, sign-out and verification email",
  'src/server/modules/account/sign-up.test.ts': "Better Auth's sign-up and email verification",
  'src/server/modules/account/profile.test.ts': 'a body that is not JSON',
  'src/server/modules/health/health.test.ts': 'an unknown /api path',
  'src/server/modules/admin/admin.test.ts': 'every admin route, as a guest and as a member',
  'src/server/modules/whatsapp/whatsapp.test.ts':
    "every route that shows a member, and Better Auth's session",
  'src/server/modules/notices/notices.test.ts':
    "the emailed one-click unsubscribe link, posted form-encoded as a mail client does (RFC 8058); Better Auth's password reset",
  'src/server/modules/books/conditional-reads.test.ts': 'one ETag check over several routes',
  'src/server/modules/books/listing.test.ts': 'the photo URL an answer gives, followed as the browser does',
  'src/server/modules/payments/balance-recount.test.ts': 'one check over several admin routes',
  'src/server/modules/admin/lists-at-scale.test.ts': 'one paging walk over several lists (`walk`)',
  'src/server/modules/admin/more-lists-paging.test.ts': 'one paging walk over several lists (`get`)',
  'src/server/modules/books/catalog.test.ts': 'malformed query strings, which no typed query can spell',
};

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : testFiles(path);
    return /\.(test|spec)\.tsx?$/.test(name) ? [path] : [];
  });
}

const allowed = (file: string) => Object.keys(ALLOWED).some((entry) => file.startsWith(entry));
const usesRaw = (file: string) => /\.rawRequest\s*[<(]/.test(readFileSync(file, 'utf8'));

describe('untyped API requests', () => {
  const files = [...testFiles('src'), ...testFiles('tests')].map((f) => f.split('\\').join('/'));

  it('are made only by the files allowed to, for the reason given', () => {
    expect(files.filter((file) => usesRaw(file) && !allowed(file))).toEqual([]);
  });

  it('leave no stale entry: every file listed still needs them', () => {
    const stale = Object.keys(ALLOWED).filter(
      (entry) => !entry.endsWith('/') && !files.some((file) => file === entry && usesRaw(file)),
    );
    expect(stale).toEqual([]);
  });
});
