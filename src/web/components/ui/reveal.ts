import { useEffect, useRef } from 'react';

/**
 * When a form turns into its success state ('Check your email', 'Password changed'): bring it to
 * the top of the screen and focus its heading, so a member on a phone, scrolled down to the
 * submit button, sees the outcome, and a screen reader reads it. `pageTop` scrolls the whole
 * page up (a screen that became its success state), otherwise the heading's block comes to the top.
 */
export function useRevealOnSuccess<T extends HTMLElement>(success: unknown, { pageTop = false } = {}) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!success || !el) return;
    if (pageTop) window.scrollTo(0, 0);
    else el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  }, [success, pageTop]);
  return ref;
}
