import { usePortalTexts } from '../i18n.tsx';

/** The foot of a portal dialog's form: its failure (announced), Cancel and the submit button. */
export function DialogFormFooter({
  failure,
  saving,
  submitLabel,
  onCancel,
}: {
  failure: string | null;
  saving: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { PORTAL_TEXTS: T } = usePortalTexts();
  return (
    <>
      {failure && (
        <p className="cp-form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="cp-dialog-actions">
        <button type="button" className="cp-button cp-button-outline" onClick={onCancel}>
          {T.cancel}
        </button>
        <button type="submit" className="cp-button" disabled={saving}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
