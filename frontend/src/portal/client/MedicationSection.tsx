import { type FormEvent, useState } from 'react';

import { serverMessage } from '../../lib/http.ts';
import { portalApi } from '../api.ts';
import type { Medication } from '../types.ts';
import { ConfirmDeleteDialog, useConfirmedDelete } from '../ui/ConfirmDelete.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { Field } from '../ui/Field.tsx';
import { useToast } from '../ui/toast.tsx';
import { DialogFormFooter } from './DialogFormFooter.tsx';
import { PORTAL_TEXTS as T } from './portalTexts.ts';

function AddMedicationForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const toast = useToast();
  const [values, setValues] = useState({ name: '', dosage: '', frequency: '', instructions: '' });
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = values.name.trim();
    if (!name) {
      setError(T.medicationNameRequired);
      return;
    }
    const optional = (value: string) => value.trim() || null;
    setError(null);
    setFailure(null);
    setSaving(true);
    try {
      await portalApi.addMedication({
        name,
        dosage: optional(values.dosage),
        frequency: optional(values.frequency),
        instructions: optional(values.instructions),
      });
      toast({ title: T.medicationAdded });
      onDone();
    } catch (problem) {
      const reason = serverMessage(problem);
      toast({ title: T.medicationAddFailed, description: reason, variant: 'destructive' });
      // The modal dialog makes the page behind it (and its toast) inert: say it here too.
      setFailure(reason ? `${T.medicationAddFailed}: ${reason}` : T.medicationAddFailed);
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={T.medicationName}
        value={values.name}
        onChange={set('name')}
        required
        maxLength={120}
        autoComplete="off"
        error={error}
      />
      <Field label={T.dosage} hint={T.dosageHint} value={values.dosage} onChange={set('dosage')} maxLength={120} autoComplete="off" />
      <Field
        label={T.frequency}
        hint={T.frequencyHint}
        value={values.frequency}
        onChange={set('frequency')}
        maxLength={120}
        autoComplete="off"
      />
      <Field
        label={T.instructions}
        hint={T.instructionsHint}
        value={values.instructions}
        onChange={set('instructions')}
        maxLength={500}
        autoComplete="off"
      />
      <DialogFormFooter failure={failure} saving={saving} submitLabel={T.addMedication} onCancel={onCancel} />
    </form>
  );
}

/** My Medications: the list, Add Medication, Delete with a confirmation, and the privacy notice. */
export function MedicationSection({ medications, onChanged }: { medications: Medication[]; onChanged: () => void }) {
  const [adding, setAdding] = useState(false);
  const deletion = useConfirmedDelete<Medication>(
    portalApi.deleteMedication,
    { done: T.medicationDeleted, failed: T.medicationDeleteFailed },
    onChanged,
  );

  return (
    <section className="cp-card cp-section" aria-labelledby="cp-medications-title" data-tour="medications">
      <div className="cp-section-head">
        <h2 id="cp-medications-title">{T.myMedications}</h2>
        <button type="button" className="cp-button" onClick={() => setAdding(true)}>
          <span aria-hidden="true">+</span> {T.addMedication}
        </button>
      </div>
      {medications.length === 0 ? (
        <p className="cp-muted">{T.noMedications}</p>
      ) : (
        <ul className="cp-list">
          {medications.map((medication) => (
            <li key={medication.id} className="cp-item">
              <div className="cp-item-body">
                <p className="cp-item-title">
                  {medication.name}
                  {medication.dosage && <span className="cp-item-dosage"> · {medication.dosage}</span>}
                </p>
                {medication.frequency && <p className="cp-item-line">{medication.frequency}</p>}
                {medication.instructions && <p className="cp-item-line">{medication.instructions}</p>}
              </div>
              <button
                type="button"
                className="cp-button cp-button-danger"
                aria-label={`${T.delete} ${medication.name}`}
                onClick={() => deletion.ask(medication)}
              >
                {T.delete}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="cp-privacy">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 0 1 6 0v3H9Z"
          />
        </svg>
        <span>{T.privacyNotice}</span>
      </p>

      <Dialog open={adding} title={T.addMedication} onClose={() => setAdding(false)}>
        <AddMedicationForm
          onCancel={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            onChanged();
          }}
        />
      </Dialog>
      <ConfirmDeleteDialog
        open={deletion.target !== null}
        title={T.deleteMedicationTitle}
        busy={deletion.busy}
        cancelLabel={T.cancel}
        deleteLabel={T.delete}
        onCancel={deletion.cancel}
        onConfirm={() => void deletion.confirm()}
      >
        <p>{deletion.target && T.deleteMedicationConfirm(deletion.target.name)}</p>
        <p>{T.deleteMedicationEffect}</p>
      </ConfirmDeleteDialog>
    </section>
  );
}
