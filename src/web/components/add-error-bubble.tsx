import { type RefObject, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';

const WIDTH = 224;
const MARGIN = 8;

/**
 * The add error, shown just above the button. It lives in a portal with a fixed position because
 * book cards clip their content (rounded covers), which would cut a bubble inside them.
 */
export function AddErrorBubble({
  anchor,
  message,
}: {
  anchor: RefObject<HTMLElement | null>;
  message: string;
}) {
  const [position, setPosition] = useState<{ left: number; top: number; width: number } | null>(null);

  useLayoutEffect(() => {
    const place = () => {
      const rect = anchor.current?.getBoundingClientRect();
      if (!rect) return;
      const viewport = document.documentElement.clientWidth;
      const width = Math.min(WIDTH, viewport - 2 * MARGIN);
      // Centred on the button, kept inside the screen on narrow phones.
      const centred = rect.left + rect.width / 2 - width / 2;
      const left = Math.min(Math.max(centred, MARGIN), viewport - width - MARGIN);
      setPosition({ left, top: rect.top - MARGIN, width });
    };
    place();
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, [anchor]);

  return createPortal(
    <div
      role="alert"
      style={
        position
          ? { left: position.left, top: position.top, width: position.width }
          : { visibility: 'hidden' }
      }
      className="fixed z-50 -translate-y-full rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-xs leading-snug text-red-800 shadow-lg"
    >
      {message}
    </div>,
    document.body,
  );
}
