import '@web/lib/words/books';
import { ArrowLeft, ArrowRight, ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PHOTOS } from '@domain/constants';
import { COVER_ACCEPT, coverPickProblem } from '@domain/schemas/book-form';
import { cn } from '@web/components/ui/cn';
import { fieldErrorText } from '@web/lib/error-text';

async function decodesAsImage(file: File): Promise<boolean> {
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

/** A photo of the form: one already stored (edit) or a file just picked. */
export type PhotoEntry =
  | { kind: 'stored'; key: string; url: string }
  | { kind: 'new'; id: string; file: File };

let picked = 0;

/** Shows a picked file through an object URL, released when the thumbnail goes. */
function PickedImage({ file, alt, onBroken }: { file: File; alt: string; onBroken: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  // A picture the browser decoded but cannot show after all: dropped, with the pick error.
  return url ? <img src={url} alt={alt} className="size-full object-cover" onError={onBroken} /> : null;
}

/**
 * Up to MAX_PHOTOS photos (D18), the first the cover: add, move earlier or later, remove. A bad
 * pick (type or size the browser reports, or no image at all) is refused here with the spec's
 * message; the server still checks each one's content.
 */
export function PhotosPicker({
  photos,
  onChange,
  error,
}: {
  photos: PhotoEntry[];
  onChange: (photos: PhotoEntry[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('books');
  const id = useId();
  const [pickError, setPickError] = useState<string | null>(null);
  // The form's error may be a server field problem's key (read in the page's language here).
  const message = pickError ?? fieldErrorText(error);
  const room = MAX_PHOTOS - photos.length;

  const move = (from: number, to: number) => {
    const next = [...photos];
    const [entry] = next.splice(from, 1);
    next.splice(to, 0, entry);
    onChange(next);
  };
  const remove = (index: number) => onChange(photos.filter((_, i) => i !== index));

  async function add(files: File[]) {
    const good: PhotoEntry[] = [];
    let bad = false;
    for (const file of files.slice(0, room)) {
      // The name and type say image but the content may not be one: decode it first.
      if (coverPickProblem(file) || !(await decodesAsImage(file))) bad = true;
      else good.push({ kind: 'new', id: `picked-${++picked}`, file });
    }
    setPickError(bad ? t('form.invalidPick') : files.length > room ? t('form.tooManyPhotos') : null);
    if (good.length > 0) onChange([...photos, ...good]);
  }

  const iconButton =
    'inline-flex size-8 items-center justify-center rounded-md bg-white/90 text-stone-800 shadow-sm hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40';

  return (
    <fieldset aria-describedby={message ? `${id}-error` : `${id}-hint`}>
      <legend className="mb-1.5 block text-sm font-medium text-stone-700">{t('form.photos')}</legend>
      <ol className="grid max-w-xl grid-cols-2 gap-3 sm:grid-cols-4">
        {photos.map((photo, index) => {
          const alt = index === 0 ? t('form.coverPreview') : t('form.photoPreview', { n: index + 1 });
          return (
            <li key={photo.kind === 'stored' ? photo.key : photo.id} className="space-y-1.5">
              <div
                className={cn(
                  'relative aspect-[2/3] overflow-hidden rounded-lg border bg-stone-100',
                  message ? 'border-red-400' : 'border-stone-200',
                )}
              >
                {photo.kind === 'stored' ? (
                  <img src={photo.url} alt={alt} className="size-full object-cover" />
                ) : (
                  <PickedImage
                    file={photo.file}
                    alt={alt}
                    onBroken={() => {
                      setPickError(t('form.invalidPick'));
                      remove(index);
                    }}
                  />
                )}
                {index === 0 && (
                  <span className="absolute top-1.5 left-1.5 rounded bg-stone-900/75 px-1.5 py-0.5 text-xs font-medium text-white">
                    {t('form.coverBadge')}
                  </span>
                )}
              </div>
              <div className="flex justify-center gap-1.5">
                <button
                  type="button"
                  className={iconButton}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={t('form.movePhotoEarlier', { n: index + 1 })}
                >
                  <ArrowLeft className="size-4" aria-hidden />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  disabled={index === photos.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={t('form.movePhotoLater', { n: index + 1 })}
                >
                  <ArrowRight className="size-4" aria-hidden />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  onClick={() => remove(index)}
                  aria-label={t('form.removePhoto', { n: index + 1 })}
                >
                  <X className="size-4" aria-hidden />
                </button>
              </div>
            </li>
          );
        })}
        {room > 0 && (
          <li>
            <label
              htmlFor={id}
              className={cn(
                'flex aspect-[2/3] cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed bg-stone-50 p-2 text-center text-sm font-medium text-stone-700 hover:bg-stone-100 focus-within:outline-2 focus-within:outline-brand-600',
                message ? 'border-red-400' : 'border-stone-300',
              )}
            >
              <ImagePlus className="size-7 text-stone-400" aria-hidden />
              {photos.length === 0 ? t('form.chooseCover') : t('form.addPhoto')}
              <input
                id={id}
                type="file"
                multiple
                accept={COVER_ACCEPT}
                className="sr-only"
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${id}-error` : `${id}-hint`}
                onChange={async (event) => {
                  const files = [...(event.target.files ?? [])];
                  event.target.value = '';
                  if (files.length > 0) await add(files);
                }}
              />
            </label>
          </li>
        )}
      </ol>
      {message ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-600">
          {message}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-2 text-xs text-stone-500">
          {t('form.photosHint', { max: MAX_PHOTOS })}
        </p>
      )}
    </fieldset>
  );
}
