import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

/** A labelled input with its hint and error, wired for screen readers. */
export function Field({
  label,
  hint,
  error,
  children,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode; error?: string | null; children?: ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="cp-field">
      <label htmlFor={id}>{label}</label>
      {children ?? <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />}
      {hint && (
        <p id={hintId} className="cp-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="cp-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
