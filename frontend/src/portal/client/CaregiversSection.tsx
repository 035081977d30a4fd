import { type FormEvent, useState } from 'react';

import { serverMessage } from '../../lib/http.ts';
import { portalApi } from '../api.ts';
import { usePortalTexts } from '../i18n.tsx';
import type { Caregiver } from '../types.ts';
import { ConfirmDeleteDialog, useConfirmedDelete } from '../ui/ConfirmDelete.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { Field } from '../ui/Field.tsx';
import { useToast } from '../ui/toast.tsx';
import { DialogFormFooter } from './DialogFormFooter.tsx';
import { formatPhone } from './portalFormat.ts';

/** The most caregivers a client may have (the server says so too). */
export const MAX_CAREGIVERS = 3;

function AddCaregiverForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { CARE_TEXTS: C } = usePortalTexts();
  const toast = useToast();
  const [values, setValues] = useState({ name: '', phone: '', email: '', relationship: '' });
  const [reach, setReach] = useState<'text' | 'email'>('text');
  const [errors, setErrors] = useState<{ name?: string; phone?: string; email?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!values.name.trim()) found.name = C.caregiverNameRequired;
    if (reach === 'text' && !values.phone.trim()) found.phone = C.caregiverPhoneRequired;
    if (reach === 'email' && !values.email.trim()) found.email = C.caregiverEmailRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    setSaving(true);
    try {
      await portalApi.addCaregiver({
        name: values.name.trim(),
        ...(reach === 'text' ? { phone: values.phone.trim() } : { email: values.email.trim() }),
        relationship: values.relationship.trim() || null,
      });
      toast({ title: reach === 'text' ? C.caregiverAdded : C.caregiverAddedByEmail });
      onDone();
    } catch (problem) {
      const reason = serverMessage(problem);
      toast({ title: C.caregiverAddFailed, description: reason, variant: 'destructive' });
      setFailure(reason ? `${C.caregiverAddFailed}: ${reason}` : C.caregiverAddFailed);
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={C.caregiverName}
        value={values.name}
        onChange={set('name')}
        required
        maxLength={100}
        autoComplete="off"
        error={errors.name}
      />
      <fieldset className="cp-fieldset">
        <legend>{C.reachBy}</legend>
        {(['text', 'email'] as const).map((way) => (
          <label key={way} className="cp-check">
            <input type="radio" name="caregiverReach" value={way} checked={reach === way} onChange={() => setReach(way)} />
            <span>{way === 'text' ? C.reachByText : C.reachByEmail}</span>
          </label>
        ))}
      </fieldset>
      {reach === 'text' ? (
        <Field
          label={C.caregiverPhone}
          hint={C.caregiverPhoneHint}
          type="tel"
          inputMode="tel"
          value={values.phone}
          onChange={set('phone')}
          required
          autoComplete="off"
          error={errors.phone}
        />
      ) : (
        <Field
          label={C.caregiverEmail}
          hint={C.caregiverEmailHint}
          type="email"
          inputMode="email"
          value={values.email}
          onChange={set('email')}
          required
          maxLength={254}
          autoComplete="off"
          error={errors.email}
        />
      )}
      <Field
        label={C.caregiverRelationship}
        hint={C.caregiverRelationshipHint}
        value={values.relationship}
        onChange={set('relationship')}
        maxLength={60}
        autoComplete="off"
      />
      <DialogFormFooter failure={failure} saving={saving} submitLabel={C.addCaregiver} onCancel={onCancel} />
    </form>
  );
}

/** My Caregivers: who gets a text or an e-mail when the client misses a reminder, whether each agreed, Add and Remove. */
export function CaregiversSection({ caregivers, failed, onChanged }: { caregivers: Caregiver[]; failed: boolean; onChanged: () => void }) {
  const { CARE_TEXTS: C } = usePortalTexts();
  const [adding, setAdding] = useState(false);
  const removal = useConfirmedDelete<Caregiver>(
    portalApi.deleteCaregiver,
    { done: C.caregiverRemoved, failed: C.caregiverRemoveFailed },
    onChanged,
  );
  const full = caregivers.length >= MAX_CAREGIVERS;

  return (
    <section className="cp-card cp-section" aria-labelledby="cp-caregivers-title" data-testid="caregivers">
      <div className="cp-section-head">
        <h2 id="cp-caregivers-title">{C.caregiversTitle}</h2>
        {!failed && !full && (
          <button type="button" className="cp-button" onClick={() => setAdding(true)}>
            <span aria-hidden="true">+</span> {C.addCaregiver}
          </button>
        )}
      </div>
      <p className="cp-muted">{C.caregiversIntro}</p>
      {failed ? (
        <p className="cp-error">{C.caregiversFailed}</p>
      ) : caregivers.length === 0 ? (
        <p className="cp-muted">{C.noCaregivers}</p>
      ) : (
        <ul className="cp-list">
          {caregivers.map((caregiver) => (
            <li key={caregiver.id} className="cp-item">
              <div className="cp-item-body">
                <p className="cp-item-title">
                  {caregiver.name}
                  {caregiver.relationship && <span className="cp-item-dosage"> · {caregiver.relationship}</span>}
                </p>
                <p className="cp-item-line">{caregiver.phone ? formatPhone(caregiver.phone) : caregiver.email}</p>
                <p className="cp-item-line">
                  <span className={`cp-chip cp-caregiver-${caregiver.status}`}>
                    {(caregiver.email ? C.caregiverEmailStatus : C.caregiverStatus)[caregiver.status]}
                  </span>
                </p>
              </div>
              <button
                type="button"
                className="cp-button cp-button-danger"
                aria-label={`${C.removeCaregiver} ${caregiver.name}`}
                onClick={() => removal.ask(caregiver)}
              >
                {C.removeCaregiver}
              </button>
            </li>
          ))}
        </ul>
      )}
      {full && <p className="cp-hint">{C.caregiverLimit}</p>}

      <Dialog open={adding} title={C.addCaregiver} onClose={() => setAdding(false)}>
        <AddCaregiverForm
          onCancel={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            onChanged();
          }}
        />
      </Dialog>
      <ConfirmDeleteDialog
        open={removal.target !== null}
        title={C.removeCaregiverTitle}
        busy={removal.busy}
        cancelLabel={C.cancel}
        deleteLabel={C.removeCaregiver}
        onCancel={removal.cancel}
        onConfirm={() => void removal.confirm()}
      >
        <p>{removal.target && C.removeCaregiverConfirm(removal.target.name)}</p>
      </ConfirmDeleteDialog>
    </section>
  );
}
