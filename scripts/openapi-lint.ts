import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mountApiDocs } from '@server/api-docs/routes';
import { mountApiModules } from '@server/api-modules';
import { router } from '@server/lib/openapi';
import { Document, Spectral } from '@stoplight/spectral-core';
import parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';

// `npm run lint` runs this: the OpenAPI document the server serves, built from the same route
// list and declarations without a database, checked by Redocly's recommended rules (an outside
// tool: what generated clients and other tools will read) and ours on top: every operation has
// a summary, a description and a tag, and every tag is defined and described in the document
// (api-docs/operation-words.ts). Any error fails the lint. Redocly runs with its telemetry and
// update check off: nothing leaves this machine. Spectral's OpenAPI rules (a second outside reader,
// run in process) must find nothing, not even a warning.

const app = router();
mountApiModules(app);
mountApiDocs(app);
const answer = await app.request('/api/openapi.json');
const text = await answer.text();
const dir = mkdtempSync(join(tmpdir(), 'rakbuku-openapi-'));
const file = join(dir, 'openapi.json');
writeFileSync(file, text);
const config = join(dir, 'redocly.yaml');
writeFileSync(
  config,
  [
    'extends:',
    '  - recommended',
    'rules:',
    '  operation-summary: error',
    '  operation-description: error',
    '  operation-tag-defined: error',
    '  tag-description: error',
    '',
  ].join('\n'),
);
const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const result = spawnSync(process.execPath, [cli, 'lint', file, `--config=${config}`, '--format=stylish'], {
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
});
rmSync(dir, { recursive: true, force: true });

const spectral = new Spectral();
spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
const found = await spectral.run(new Document(text, parsers.Json, 'openapi.json'));
for (const r of found) console.error(`spectral: ${r.code} at ${r.path.join('.')}: ${r.message}`);
console.log(`Spectral (oas, recommended): ${found.length} finding(s).`);
process.exit(result.status || (found.length > 0 ? 1 : 0));
