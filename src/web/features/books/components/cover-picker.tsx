import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * Cover picker with preview. A bad pick (type or size the browser reports) is refused here
 * with the spec's message; the server still checks the content (D18).
 */
export function CoverPicker({
  file,
  onChange,
  currentUrl,
  error,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  /** The stored cover when editing: shown until a new file is picked. */
  currentUrl?: string;
  error?: string;
}) {
  const { t } = useTranslation('books');
  const id = useId();
  const [pickError, setPickError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? currentUrl ?? null;
  const message = pickError ?? error;

  return (
    <div>
      <span className="mb-1.5 block text-sm font-medium text-stone-700">{t('form.cover')}</span>
      <div className="flex items-start gap-4">
        <div
          className={cn(
            'flex aspect-[2/3] w-28 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-stone-100 sm:w-32',
            message ? 'border-red-400' : 'border-stone-200',
          )}
        >
          {shown ? (
            <img
              src={shown}
              alt={t('form.coverPreview')}
              className="size-full object-cover"
              // A picture the browser decoded but cannot show after all: the same error, no broken image.
              onError={() => {
                if (!preview) return;
                setPickError(t('form.invalidPick'));
                onChange(null);
              }}
            />
          ) : (
            <ImagePlus className="size-8 text-stone-400" aria-hidden />
          )}
        </div>
        <div className="min-w-0 space-y-2 pt-1">
          <label
            htmlFor={id}
            className="inline-flex h-10 cursor-pointer items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-stone-800 shadow-xs hover:bg-stone-50 focus-within:outline-2 focus-within:outline-brand-600"
          >
            {shown ? t('form.changeCover') : t('form.chooseCover')}
            <input
              id={id}
              type="file"
              accept={COVER_ACCEPT}
              className="sr-only"
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : `${id}-hint`}
              onChange={async (event) => {
                const picked = event.target.files?.[0] ?? null;
                event.target.value = '';
                if (!picked) return;
                // The name and type say image but the content may not be one: decode it first,
                // so the error shows at once instead of a broken preview.
                if (coverPickProblem(picked) || !(await decodesAsImage(picked))) {
                  setPickError(t('form.invalidPick'));
                  onChange(null);
                  return;
                }
                setPickError(null);
                onChange(picked);
              }}
            />
          </label>
          {file && <p className="truncate text-xs text-stone-600">{file.name}</p>}
          {message ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
              {fieldErrorText(message)}
            </p>
          ) : (
            <p id={`${id}-hint`} className="text-xs text-stone-500">
              {t('form.coverHint')}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
