import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The one id check (src/domain/uuid.ts: isUuid and UUID_PATTERN; domain/ids.ts builds the zod
// schemas of route parameters and payloads on it): a module that writes its own UUID pattern is a
// second check that can drift from it (a cursor taking an id the routes refuse, a page path its API answers 404).

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the id check', () => {
  it('is written once: no other module of src spells a UUID pattern of its own', () => {
    const own = sourceFiles('src').filter(
      (file) =>
        !file.endsWith(join('domain', 'uuid.ts')) &&
        /\{8\}-\[?[^\]]*\]?\{4\}/.test(readFileSync(file, 'utf8')),
    );
    expect(own).toEqual([]);
  });
});
