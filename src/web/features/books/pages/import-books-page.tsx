import '@web/lib/words/books';
import { useQuery } from '@tanstack/react-query';
import { FileUp, ImagePlus, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/lib/toast';
import { CONDITIONS, IMPORT_MAX_ROWS } from '@domain/constants';
import type { BookDraft, DraftChange, ImportResult } from '@domain/draft-types';
import { COVER_ACCEPT } from '@domain/schemas/book-form';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Container, PageHeader } from '@web/components/ui/card';
import { EmptyState, ErrorBanner } from '@web/components/ui/feedback';
import { QueryState } from '@web/components/query-state';
import { Field, Input, Select } from '@web/components/ui/field';
import { PriceInput, priceText } from '@web/components/ui/price-input';
import {
  myDraftsQuery,
  useChangeDraft,
  useDeleteDraft,
  useDraftPhoto,
  useImportShelf,
  usePublishDrafts,
} from '@web/features/books/drafts-api';
import { errorMessage } from '@web/lib/api';

/**
 * Shelf import: upload a CSV, see what became drafts and which rows did not (by line), then
 * give each draft its condition, price and photo and list the ready ones, several at once.
 */
export default function ImportBooksPage() {
  const { t } = useTranslation('books');
  return (
    <Container className="max-w-4xl py-6 sm:py-10">
      <title>{t('pageTitle', { title: t('import.title') })}</title>
      <PageHeader
        title={t('import.title')}
        description={t('import.description', { max: IMPORT_MAX_ROWS })}
        actions={
          <ButtonLink to="/books/manage" variant="outline">
            {t('import.backToBooks')}
          </ButtonLink>
        }
      />
      <UploadCsv />
      <Drafts />
    </Container>
  );
}

function UploadCsv() {
  const { t } = useTranslation('books');
  const importShelf = useImportShelf();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const inputId = 'import-file';
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setResult(null);
    try {
      setResult(await importShelf.mutateAsync(file));
    } catch {
      // Shown from the mutation's error below.
    }
  };
  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6"
      aria-labelledby="import-upload-heading"
    >
      <h2 id="import-upload-heading" className="font-semibold text-stone-900">
        {t('import.uploadHeading')}
      </h2>
      <p className="text-sm text-stone-600">{t('import.formats')}</p>
      {importShelf.isError && (
        <ErrorBanner>{errorMessage(importShelf.error, t('import.failed'))}</ErrorBanner>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label={t('import.file')} htmlFor={inputId} className="min-w-0 flex-1">
          <Input
            id={inputId}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Field>
        <Button type="submit" disabled={!file} loading={importShelf.isPending}>
          <Upload className="size-4" aria-hidden />
          {t('import.submit')}
        </Button>
      </div>
      {result && <ImportSummary result={result} />}
    </form>
  );
}

function ImportSummary({ result }: { result: ImportResult }) {
  const { t } = useTranslation('books');
  return (
    <section
      data-testid="import-summary"
      aria-live="polite"
      className="space-y-2 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900"
    >
      <p className="font-semibold">
        {t('import.summary.drafted', { count: result.drafted })}{' '}
        {result.skipped.length > 0 && t('import.summary.skipped', { count: result.skipped.length })}{' '}
        {result.badRows.length > 0 && t('import.summary.bad', { count: result.badRows.length })}
      </p>
      {result.skipped.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-5">
          {result.skipped.map((row) => (
            <li key={`s${row.line}`}>
              {t('import.line', { line: row.line })} {row.title}: {t(`import.skipReasons.${row.reason}`)}
            </li>
          ))}
        </ul>
      )}
      {result.badRows.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-5 text-red-800" data-testid="import-bad-rows">
          {result.badRows.map((row) => (
            <li key={`b${row.line}`}>
              {t('import.line', { line: row.line })} {t(`import.problems.${row.problem}`)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Drafts() {
  const { t } = useTranslation('books');
  const query = useQuery(myDraftsQuery);
  const publish = usePublishDrafts();
  const [selected, setSelected] = useState<Set<string>>(new Set());

  return (
    <QueryState query={query} loading={t('import.loading')} failed={t('import.loadFailed')}>
      {(data) => {
        const drafts = data.items;
        // A draft that was published or deleted meanwhile is no longer selected.
        const chosen = drafts.filter((d) => selected.has(d.id) && d.missing.length === 0).map((d) => d.id);
        const toggle = (id: string, on: boolean) =>
          setSelected((prev) => {
            const next = new Set(prev);
            if (on) next.add(id);
            else next.delete(id);
            return next;
          });
        const publishChosen = async () => {
          try {
            const { published } = await publish.mutateAsync(chosen);
            setSelected(new Set());
            toast.success(t('import.published', { count: published.length }));
          } catch {
            // Shown from the mutation's error below.
          }
        };

        return (
          <section aria-labelledby="drafts-heading" className="mt-8">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <h2 id="drafts-heading" className="text-lg font-semibold text-stone-900">
                {t('import.draftsHeading', { count: drafts.length })}
              </h2>
              {drafts.length > 0 && (
                <Button onClick={publishChosen} disabled={chosen.length === 0} loading={publish.isPending}>
                  {t('import.publishSelected', { count: chosen.length })}
                </Button>
              )}
            </div>
            {publish.isError && (
              <ErrorBanner className="mb-3">
                {errorMessage(publish.error, t('import.publishFailed'))}
              </ErrorBanner>
            )}
            {drafts.length === 0 ? (
              <EmptyState
                icon={<FileUp className="size-8" aria-hidden />}
                title={t('import.emptyTitle')}
                description={t('import.emptyDescription')}
              />
            ) : (
              <>
                <p className="mb-3 text-sm text-stone-600">{t('import.draftsHint')}</p>
                <ul className="space-y-3" data-testid="drafts">
                  {drafts.map((draft) => (
                    <DraftRow
                      key={draft.id}
                      draft={draft}
                      selected={selected.has(draft.id) && draft.missing.length === 0}
                      onSelect={(on) => toggle(draft.id, on)}
                    />
                  ))}
                </ul>
              </>
            )}
          </section>
        );
      }}
    </QueryState>
  );
}

function DraftRow({
  draft,
  selected,
  onSelect,
}: {
  draft: BookDraft;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const { t } = useTranslation('books');
  const change = useChangeDraft();
  const photo = useDraftPhoto();
  const remove = useDeleteDraft();
  const [title, setTitle] = useState(draft.title);
  const [author, setAuthor] = useState(draft.author);
  const [price, setPrice] = useState(priceText(draft.weeklyPrice));
  const id = `draft-${draft.id}`;
  const name = draft.title || draft.isbn || '';
  const save = (patch: DraftChange) => change.mutate({ id: draft.id, change: patch });
  const failure = change.error ?? photo.error ?? remove.error;
  const ready = draft.missing.length === 0;

  return (
    <li data-testid="draft" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs">
      <div className="flex gap-4">
        <div className="flex shrink-0 flex-col items-center gap-2">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={selected}
            disabled={!ready}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={t('import.select', { title: name })}
          />
          <label
            className="flex h-24 w-16 cursor-pointer items-center justify-center overflow-hidden rounded-lg border border-dashed border-stone-300 bg-stone-50 text-stone-500 hover:border-brand-500"
            title={t(draft.photo ? 'import.changePhoto' : 'import.addPhoto')}
          >
            {draft.photo ? (
              <img
                src={draft.photo.card}
                alt={t('import.photoOf', { title: name })}
                className="h-full w-full object-cover"
              />
            ) : (
              <ImagePlus className="size-6" aria-hidden />
            )}
            <input
              type="file"
              accept={COVER_ACCEPT}
              className="sr-only"
              aria-label={t(draft.photo ? 'import.changePhotoOf' : 'import.addPhotoOf', { title: name })}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) photo.mutate({ id: draft.id, file });
              }}
            />
          </label>
        </div>
        <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-2">
          <Field label={t('form.title')} htmlFor={`${id}-title`}>
            <Input
              id={`${id}-title`}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              onBlur={() => title.trim() !== draft.title && save({ title })}
            />
          </Field>
          <Field label={t('form.author')} htmlFor={`${id}-author`}>
            <Input
              id={`${id}-author`}
              value={author}
              onChange={(e) => setAuthor(e.target.value)}
              onBlur={() => author.trim() !== draft.author && save({ author })}
            />
          </Field>
          <Field label={t('form.condition')} htmlFor={`${id}-condition`}>
            <Select
              id={`${id}-condition`}
              value={draft.condition ?? ''}
              onChange={(e) =>
                save({ condition: e.target.value === '' ? null : (e.target.value as BookDraft['condition']) })
              }
            >
              <option value="">{t('import.chooseCondition')}</option>
              {CONDITIONS.map((v) => (
                <option key={v} value={v}>
                  {t(`common:enums.condition.${v}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('form.weeklyPrice')} htmlFor={`${id}-price`}>
            <PriceInput
              id={`${id}-price`}
              value={price}
              onChange={setPrice}
              onBlur={() =>
                price !== priceText(draft.weeklyPrice) && save({ weeklyPrice: price === '' ? null : price })
              }
            />
          </Field>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-3 text-sm">
        <p className={ready ? 'text-brand-800' : 'text-amber-800'} data-testid="draft-state">
          {ready
            ? t('import.ready')
            : t('import.missing', {
                fields: draft.missing.map((field) => t(`import.missingFields.${field}`)).join(', '),
              })}
          {draft.isbn && <span className="text-stone-500"> · {t('import.isbn', { isbn: draft.isbn })}</span>}
        </p>
        <Button
          variant="outline"
          size="sm"
          loading={remove.isPending}
          onClick={() => remove.mutate(draft.id)}
          aria-label={t('import.deleteLabel', { title: name })}
        >
          <Trash2 className="size-4" aria-hidden />
          {t('import.delete')}
        </Button>
      </div>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(failure, t('import.saveFailed'))}
        </p>
      )}
    </li>
  );
}
