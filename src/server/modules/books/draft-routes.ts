import type { Context } from 'hono';
import {
  COVER_FIELD,
  COVER_MAX_BYTES,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  PUBLISH_MAX_DRAFTS,
} from '@domain/constants';
import {
  bookDraftSchema,
  draftChangeSchema,
  importResultSchema,
  myDraftsSchema,
  publishDraftsSchema,
  publishedDraftsSchema,
} from '@domain/draft-types';
import { AppError, fieldProblem } from '@server/lib/errors';
import { codeAnswer, jsonAnswer, jsonBody, memberRoute, router, uuidParam, z } from '@server/lib/openapi';
import { coverProblem } from '@server/modules/covers/service';
import {
  changeDraft,
  deleteDraft,
  importShelf,
  listDrafts,
  publishDrafts,
  setDraftPhoto,
} from './drafts-service';
import { uploadLimitsOf, withUploadLimits } from './upload-rate-limit';

// Shelf import (docs/api.md, "Shelf import"): the owner's CSV becomes drafts, theirs alone;
// each is published through the upload path. Another member's draft is not found.

const tags = ['Shelf import'];
const draftId = z.object({ id: uuidParam('DRAFT_NOT_FOUND') });
/** The multipart field that carries the CSV. */
const FILE_FIELD = 'file';
const MARGIN = 64 * 1024;

const importLimits = uploadLimitsOf(
  IMPORT_MAX_BYTES + MARGIN,
  () => new AppError('FILE_TOO_LARGE', { fields: { [FILE_FIELD]: fieldProblem('importFileTooLarge') } }),
);
const photoLimits = uploadLimitsOf(
  COVER_MAX_BYTES + MARGIN,
  () => new AppError('FILE_TOO_LARGE', { fields: { [COVER_FIELD]: fieldProblem('coverTooLarge') } }),
);

const multipart = (field: string, description: string) => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object' as const,
        properties: { [field]: { type: 'string' as const, format: 'binary', description } },
        required: [field],
      },
    },
  },
});

/** The one file a form sends in `field`, or VALIDATION_FAILED with `missing` on that field. */
async function readOneFile(c: Context, field: string, missing: () => ReturnType<typeof fieldProblem>) {
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw new AppError('INVALID_FORM');
  }
  const file = [body[field] ?? []].flat().find((v): v is File => v instanceof File && v.size > 0);
  if (!file) throw new AppError('VALIDATION_FAILED', { fields: { [field]: missing() } });
  return Buffer.from(await file.arrayBuffer());
}

const uploadErrors = {
  413: codeAnswer('FILE_TOO_LARGE'),
  429: codeAnswer('TOO_MANY_UPLOADS'),
};

const mine = memberRoute({
  method: 'get',
  path: '/my/drafts',
  tags,
  summary: "The signed-in owner's drafts, oldest first, each with what it still lacks",
  responses: { 200: jsonAnswer(myDraftsSchema, 'Every draft of the owner') },
});

const importRoute = memberRoute({
  method: 'post',
  path: '/my/drafts/import',
  tags,
  summary:
    `A CSV (Goodreads export, title/author/ISBN columns, or one ISBN per line; at most ${IMPORT_MAX_ROWS} rows) ` +
    'becomes drafts; rows the owner lists or has drafted already are skipped',
  request: { body: multipart(FILE_FIELD, 'The CSV, UTF-8, 2 MB at most') },
  responses: {
    201: jsonAnswer(
      importResultSchema,
      'How many drafts were made, the rows skipped and the bad rows by line',
    ),
    ...uploadErrors,
    422: codeAnswer('IMPORT_TOO_MANY_ROWS', 'IMPORT_NO_COLUMNS', 'IMPORT_UNREADABLE', 'VALIDATION_FAILED'),
  },
});

const change = memberRoute({
  method: 'patch',
  path: '/my/drafts/{id}',
  tags,
  summary: "Change a draft's title, author, condition or weekly price (the upload form's rules)",
  request: { params: draftId, body: jsonBody(draftChangeSchema) },
  responses: {
    200: jsonAnswer(bookDraftSchema, 'The draft as saved'),
    404: codeAnswer('DRAFT_NOT_FOUND'),
  },
});

const photo = memberRoute({
  method: 'put',
  path: '/my/drafts/{id}/photo',
  tags,
  summary: "The draft's photo, its cover once listed (JPG, PNG or WEBP, 2 MB at most)",
  request: { params: draftId, body: multipart(COVER_FIELD, 'The photo') },
  responses: {
    200: jsonAnswer(bookDraftSchema, 'The draft with its photo'),
    404: codeAnswer('DRAFT_NOT_FOUND'),
    ...uploadErrors,
    422: codeAnswer('VALIDATION_FAILED', 'INVALID_COVER'),
    507: codeAnswer('STORAGE_FULL'),
  },
});

const remove = memberRoute({
  method: 'delete',
  path: '/my/drafts/{id}',
  tags,
  summary: 'Delete a draft (a later import of the same book makes it again)',
  request: { params: draftId },
  responses: { 204: { description: 'Deleted' }, 404: codeAnswer('DRAFT_NOT_FOUND') },
});

const publish = memberRoute({
  method: 'post',
  path: '/my/drafts/publish',
  tags,
  summary: `List up to ${PUBLISH_MAX_DRAFTS} drafts as books, each through the upload path; none when one is not ready`,
  request: { body: jsonBody(publishDraftsSchema) },
  responses: {
    201: jsonAnswer(publishedDraftsSchema, 'The books made, by draft; the drafts are gone'),
    404: codeAnswer('DRAFT_NOT_FOUND'),
    409: codeAnswer('PROFILE_LOCATION_REQUIRED', 'CONCURRENT_CHANGE'),
    422: codeAnswer('DRAFTS_INCOMPLETE', 'VALIDATION_FAILED'),
  },
});

export function draftRoutes() {
  return router()
    .openapi(mine, async (c) => c.json(await listDrafts(c.get('deps').db, c.get('user').id), 200))
    .openapi(withUploadLimits(importRoute, importLimits), async (c) => {
      const file = await readOneFile(c, FILE_FIELD, () => fieldProblem('importFileRequired'));
      return c.json(await importShelf(c.get('deps').db, { actorId: c.get('user').id, file }), 201);
    })
    .openapi(change, async (c) => {
      const input = { actorId: c.get('user').id, id: c.req.valid('param').id, change: c.req.valid('json') };
      return c.json(await changeDraft(c.get('deps').db, input), 200);
    })
    .openapi(withUploadLimits(photo, photoLimits), async (c) => {
      const actorId = c.get('user').id;
      const { id } = c.req.valid('param');
      const image = await readOneFile(c, COVER_FIELD, () => fieldProblem('coverRequired'));
      const problem = await coverProblem(image);
      if (problem) throw new AppError('VALIDATION_FAILED', { fields: { [COVER_FIELD]: problem } });
      return c.json(await setDraftPhoto(c.get('deps'), { actorId, id, photo: image }), 200);
    })
    .openapi(remove, async (c) => {
      await deleteDraft(c.get('deps'), { actorId: c.get('user').id, id: c.req.valid('param').id });
      return c.body(null, 204);
    })
    .openapi(publish, async (c) => {
      const result = await publishDrafts(c.get('deps'), {
        actorId: c.get('user').id,
        ids: c.req.valid('json').ids,
      });
      // A listing may have told members who want it: send now, as an upload does.
      c.get('deps').outbox.kick();
      return c.json(result, 201);
    });
}
