import { type FormEvent, useState } from 'react';

import { serverMessage } from '../../lib/http.ts';
import { portalApi } from '../api.ts';
import { usePortalTexts } from '../i18n.tsx';
import type { Medication, MedicationInput } from '../types.ts';
import { ConfirmDeleteDialog, useConfirmedDelete } from '../ui/ConfirmDelete.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { Field } from '../ui/Field.tsx';
import { useToast } from '../ui/toast.tsx';
import { useFocusFirstInvalid } from '../ui/useFocusFirstInvalid.ts';
import { DialogFormFooter } from './DialogFormFooter.tsx';
import { formatCalendarDate, formatDateTime } from './portalFormat.ts';

/** A count field's value: null when empty, undefined when it is not a whole number. */
export function parseCount(value: string): number | null | undefined {
  const text = value.trim();
  if (!text) return null;
  return /^\d{1,5}$/.test(text) ? Number(text) : undefined;
}

/** Tomorrow at 10:00 in the browser's time zone: when a refill reminder rings. */
export function refillTime(now = new Date()): Date {
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 10, 0, 0, 0);
  return at;
}

/** A medication's fields as the form holds them (text), from the medication when editing. */
function formValues(medication?: Medication) {
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    name: text(medication?.name),
    dosage: text(medication?.dosage),
    frequency: text(medication?.frequency),
    instructions: text(medication?.instructions),
    pillsOnHand: text(medication?.pillsOnHand),
    pillsPerDay: text(medication?.pillsPerDay),
  };
}

/**
 * Add Medication, or Edit when given a medication (the same fields, filled in). An edit sends only
 * what was changed, so an untouched pill count keeps counting down from when it was counted.
 */
function MedicationForm({ medication, onDone, onCancel }: { medication?: Medication; onDone: () => void; onCancel: () => void }) {
  const { CARE_TEXTS: C, PORTAL_TEXTS: T } = usePortalTexts();
  const toast = useToast();
  const [initial] = useState(() => formValues(medication));
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [countErrors, setCountErrors] = useState<{ pillsOnHand?: string; pillsPerDay?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });
  const failed = medication ? C.medicationSaveFailed : T.medicationAddFailed;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = values.name.trim();
    // Every field is checked on each try, so that a message never outlives its mistake.
    const nameError = name ? null : T.medicationNameRequired;
    setError(nameError);
    const optional = (value: string) => value.trim() || null;
    const pillsOnHand = parseCount(values.pillsOnHand);
    const pillsPerDay = parseCount(values.pillsPerDay);
    const badCounts = {
      ...(pillsOnHand === undefined ? { pillsOnHand: C.pillsInvalid } : {}),
      ...(pillsPerDay === undefined || pillsPerDay === 0 ? { pillsPerDay: C.pillsInvalid } : {}),
    };
    setCountErrors(badCounts);
    if (nameError || Object.keys(badCounts).length > 0) {
      focusFirstInvalid();
      return;
    }
    setFailure(null);
    setSaving(true);
    const input: MedicationInput = {
      name,
      dosage: optional(values.dosage),
      frequency: optional(values.frequency),
      instructions: optional(values.instructions),
      pillsOnHand,
      pillsPerDay,
    };
    try {
      if (medication) {
        const changed = (Object.keys(initial) as (keyof typeof initial)[]).filter((key) => values[key].trim() !== initial[key].trim());
        await portalApi.updateMedication(medication.id, Object.fromEntries(changed.map((key) => [key, input[key]])));
        toast({ title: C.medicationSaved });
      } else {
        await portalApi.addMedication(input);
        toast({ title: T.medicationAdded });
      }
      onDone();
    } catch (problem) {
      const reason = serverMessage(problem);
      toast({ title: failed, description: reason, variant: 'destructive' });
      // The modal dialog makes the page behind it (and its toast) inert: say it here too.
      setFailure(reason ? `${failed}: ${reason}` : failed);
      setSaving(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Field
        label={T.medicationName}
        value={values.name}
        onChange={(event) => {
          set('name')(event);
          if (event.target.value.trim()) setError(null);
        }}
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
      <div className="cp-field-row">
        <Field
          label={C.pillsOnHand}
          hint={C.pillsOnHandHint}
          inputMode="numeric"
          value={values.pillsOnHand}
          onChange={set('pillsOnHand')}
          maxLength={5}
          autoComplete="off"
          error={countErrors.pillsOnHand}
        />
        <Field
          label={C.pillsPerDay}
          inputMode="numeric"
          value={values.pillsPerDay}
          onChange={set('pillsPerDay')}
          maxLength={2}
          autoComplete="off"
          error={countErrors.pillsPerDay}
        />
      </div>
      <DialogFormFooter
        failure={failure}
        saving={saving}
        submitLabel={medication ? C.saveMedication : T.addMedication}
        onCancel={onCancel}
      />
    </form>
  );
}

/** My Medications: the list, Add Medication, Edit, Delete with a confirmation, and the privacy notice. */
export function MedicationSection({ medications, onChanged }: { medications: Medication[]; onChanged: () => void }) {
  const { CARE_TEXTS: C, PORTAL_TEXTS: T } = usePortalTexts();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Medication | null>(null);
  const [counting, setCounting] = useState<Medication | null>(null);
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
                <Supply medication={medication} onChanged={onChanged} onUpdate={() => setCounting(medication)} />
              </div>
              <div className="cp-item-actions">
                <button
                  type="button"
                  className="cp-button cp-button-outline"
                  aria-label={C.editMedicationLabel(medication.name)}
                  onClick={() => setEditing(medication)}
                >
                  {C.editMedication}
                </button>
                <button
                  type="button"
                  className="cp-button cp-button-danger"
                  aria-label={`${T.delete} ${medication.name}`}
                  onClick={() => deletion.ask(medication)}
                >
                  {T.delete}
                </button>
              </div>
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
        <MedicationForm
          onCancel={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            onChanged();
          }}
        />
      </Dialog>
      <Dialog open={editing !== null} title={C.editMedicationTitle} onClose={() => setEditing(null)}>
        {editing && (
          <MedicationForm
            key={editing.id}
            medication={editing}
            onCancel={() => setEditing(null)}
            onDone={() => {
              setEditing(null);
              onChanged();
            }}
          />
        )}
      </Dialog>
      <Dialog open={counting !== null} title={C.updatePills} onClose={() => setCounting(null)}>
        {counting && (
          <PillCountForm
            medication={counting}
            onCancel={() => setCounting(null)}
            onDone={() => {
              setCounting(null);
              onChanged();
            }}
          />
        )}
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

/** How long the pills last, a warning from 7 days left with a one-click refill reminder, and Update pill count. */
function Supply({ medication, onChanged, onUpdate }: { medication: Medication; onChanged: () => void; onUpdate: () => void }) {
  const { CARE_TEXTS: C } = usePortalTexts();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const hasSupply = medication.daysLeft !== null && medication.daysLeft !== undefined && medication.runsOutOn;

  const remind = async () => {
    setBusy(true);
    const at = refillTime();
    try {
      await portalApi.addReminder({
        medicationId: medication.id,
        scheduledTime: at.toISOString(),
        message: C.refillMessage(medication.name),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        deliveryMethod: 'sms',
      });
      toast({ title: C.refillScheduled(formatDateTime(at.toISOString())) });
      onChanged();
    } catch (failure) {
      toast({ title: C.refillFailed, description: serverMessage(failure), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {hasSupply && (
        <p className="cp-item-line">
          {medication.daysLeft === 0 ? C.supplyOut : C.supplyLeft(medication.daysLeft!, formatCalendarDate(medication.runsOutOn!))}
        </p>
      )}
      {hasSupply && medication.refillSoon && (
        <div className="cp-refill" role="note">
          <p>{C.runningLow(medication.daysLeft!)}</p>
          <button type="button" className="cp-button" disabled={busy} onClick={() => void remind()}>
            {C.remindRefill}
          </button>
        </div>
      )}
      <button type="button" className="cp-link-button" onClick={onUpdate} aria-label={`${C.updatePills}: ${medication.name}`}>
        {C.updatePills}
      </button>
    </>
  );
}

/** Pills on hand now (the count restarts today) and a day. */
function PillCountForm({ medication, onDone, onCancel }: { medication: Medication; onDone: () => void; onCancel: () => void }) {
  const { CARE_TEXTS: C } = usePortalTexts();
  const toast = useToast();
  const [values, setValues] = useState({
    pillsOnHand: '',
    pillsPerDay: medication.pillsPerDay ? String(medication.pillsPerDay) : '',
  });
  const [errors, setErrors] = useState<{ pillsOnHand?: string; pillsPerDay?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const pillsOnHand = parseCount(values.pillsOnHand);
    const pillsPerDay = parseCount(values.pillsPerDay);
    const found = {
      ...(pillsOnHand === undefined ? { pillsOnHand: C.pillsInvalid } : {}),
      ...(pillsPerDay === undefined || pillsPerDay === 0 ? { pillsPerDay: C.pillsInvalid } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      await portalApi.updateMedication(medication.id, { pillsOnHand, pillsPerDay });
      toast({ title: C.pillsUpdated });
      onDone();
    } catch (problem) {
      const reason = serverMessage(problem);
      toast({ title: C.pillsUpdateFailed, description: reason, variant: 'destructive' });
      setFailure(reason ? `${C.pillsUpdateFailed}: ${reason}` : C.pillsUpdateFailed);
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="cp-muted">{medication.name}</p>
      <Field
        label={C.pillsOnHand}
        hint={C.pillsOnHandHint}
        inputMode="numeric"
        value={values.pillsOnHand}
        onChange={(e) => setValues({ ...values, pillsOnHand: e.target.value })}
        maxLength={5}
        autoComplete="off"
        error={errors.pillsOnHand}
      />
      <Field
        label={C.pillsPerDay}
        inputMode="numeric"
        value={values.pillsPerDay}
        onChange={(e) => setValues({ ...values, pillsPerDay: e.target.value })}
        maxLength={2}
        autoComplete="off"
        error={errors.pillsPerDay}
      />
      <DialogFormFooter failure={failure} saving={saving} submitLabel={C.updatePillsSave} onCancel={onCancel} />
    </form>
  );
}
