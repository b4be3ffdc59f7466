import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mountApiDocs } from '@server/api-docs/routes';
import { mountApiModules } from '@server/api-modules';
import { router } from '@server/lib/openapi';

// `npm run lint` runs this: the OpenAPI document the server serves, built from the same route
// list and declarations without a database, checked by Redocly's recommended rules (an outside
// tool: what generated clients and other tools will read) and ours on top: every operation has
// a summary, a description and a tag, and every tag is defined and described in the document
// (api-docs/operation-words.ts). Any error fails the lint. Redocly runs with its telemetry and
// update check off: nothing leaves this machine.

const app = router();
mountApiModules(app);
mountApiDocs(app);
const answer = await app.request('/api/openapi.json');
const dir = mkdtempSync(join(tmpdir(), 'rakbuku-openapi-'));
const file = join(dir, 'openapi.json');
writeFileSync(file, await answer.text());
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
process.exit(result.status ?? 1);
