import './shared.css';

import { sharedTexts } from './sharedTexts.ts';

/** Full-page loading indicator, shown while sign-in state or a bundle loads. */
export function Spinner() {
  return (
    <div className="ck-center" role="status" aria-live="polite">
      <div className="ck-spinner" aria-hidden="true" />
      <span className="ck-visually-hidden">{sharedTexts().loading}</span>
    </div>
  );
}
