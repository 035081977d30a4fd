import { useEffect, useRef, useState } from 'react';

/**
 * After a submit that found errors, the first field marked invalid in the form is scrolled to the
 * middle of the screen and focused: on a phone the error can be far above the button that was
 * tapped, and nothing would seem to happen. Give `formRef` to the form and call `focusFirstInvalid()`
 * when validation fails; it acts once the errors are on the page.
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    // jsdom has no layout and no scrollIntoView.
    if (typeof first.scrollIntoView === 'function') first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  }, [attempt]);
  return { formRef, focusFirstInvalid: () => setAttempt((count) => count + 1) };
}
