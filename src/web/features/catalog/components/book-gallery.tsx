import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookDetail } from '@domain/api-types';
import { BookCover } from '@web/components/book-cover';
import { cn } from '@web/components/ui/cn';

/**
 * A book's photos, the cover first. Touch: swipe the strip (it snaps photo by photo).
 * Keyboard: the strip takes focus and the arrow keys, Home and End move it; the previous and
 * next buttons and the thumbnails are plain buttons. Screen readers hear a carousel of
 * labelled slides and which photo is shown as it changes.
 */
export function BookGallery({ book }: { book: BookDetail }) {
  const { t } = useTranslation('catalog');
  const strip = useRef<HTMLElement>(null);
  const [current, setCurrent] = useState(0);
  const count = book.photos.length;
  const frame = 'relative aspect-[2/3] w-full overflow-hidden rounded-2xl bg-stone-100 shadow-md';

  if (count <= 1) {
    return (
      <div className={frame}>
        <BookCover book={book} variant="detail" />
      </div>
    );
  }

  const show = (index: number) => {
    const to = Math.max(0, Math.min(count - 1, index));
    const el = strip.current;
    if (el) el.scrollTo({ left: to * el.clientWidth, behavior: 'smooth' });
    setCurrent(to);
  };
  const target = (key: string): number | null =>
    key === 'ArrowLeft'
      ? current - 1
      : key === 'ArrowRight'
        ? current + 1
        : key === 'Home'
          ? 0
          : key === 'End'
            ? count - 1
            : null;
  const arrow =
    'absolute top-1/2 z-10 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-800 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600 disabled:hidden';

  return (
    <section
      aria-roledescription={t('gallery.carousel')}
      aria-label={t('gallery.label', { title: book.title })}
    >
      <div className="relative">
        <section
          ref={strip}
          aria-label={t('gallery.strip')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling strip must take focus (axe scrollable-region-focusable), and its arrow keys move it photo by photo
          tabIndex={0}
          className={cn(
            frame,
            'flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [scrollbar-width:none]',
          )}
          onKeyDown={(event) => {
            const to = target(event.key);
            if (to === null) return;
            event.preventDefault();
            show(to);
          }}
          onScroll={(event) => {
            const el = event.currentTarget;
            const index = Math.round(el.scrollLeft / Math.max(1, el.clientWidth));
            if (index !== current) setCurrent(index);
          }}
        >
          {book.photos.map((photo, index) => (
            <figure
              key={photo.key}
              aria-roledescription={t('gallery.slide')}
              aria-label={t('gallery.position', { n: index + 1, count })}
              aria-hidden={index !== current ? true : undefined}
              className="relative h-full w-full shrink-0 snap-center"
            >
              <BookCover book={{ ...book, cover: photo }} variant="detail" priority={index === 0} />
            </figure>
          ))}
        </section>
        <button
          type="button"
          className={cn(arrow, 'left-2')}
          onClick={() => show(current - 1)}
          disabled={current === 0}
          aria-label={t('gallery.previous')}
        >
          <ChevronLeft className="size-5" aria-hidden />
        </button>
        <button
          type="button"
          className={cn(arrow, 'right-2')}
          onClick={() => show(current + 1)}
          disabled={current === count - 1}
          aria-label={t('gallery.next')}
        >
          <ChevronRight className="size-5" aria-hidden />
        </button>
      </div>
      <p aria-live="polite" className="sr-only">
        {t('gallery.position', { n: current + 1, count })}
      </p>
      <ul className="mt-3 flex justify-center gap-2">
        {book.photos.map((photo, index) => (
          <li key={photo.key}>
            <button
              type="button"
              onClick={() => show(index)}
              aria-label={t('gallery.show', { n: index + 1, count })}
              aria-current={index === current ? true : undefined}
              className={cn(
                'block h-16 w-11 overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                index === current ? 'border-brand-600' : 'border-transparent opacity-70 hover:opacity-100',
              )}
            >
              <img src={photo.card} alt="" loading="lazy" className="size-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
