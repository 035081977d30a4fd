import { type FormEvent, useId, useState } from 'react';

import { serverMessage } from '../../lib/http.ts';
import { portalApi } from '../api.ts';
import { usePortalTexts } from '../i18n.tsx';
import type { Medication, RecurrencePattern, RetryChannel } from '../types.ts';
import { Field } from '../ui/Field.tsx';
import { SelectField } from '../ui/SelectField.tsx';
import { useToast } from '../ui/toast.tsx';
import { useFocusFirstInvalid } from '../ui/useFocusFirstInvalid.ts';
import { DialogFormFooter } from './DialogFormFooter.tsx';
import { parseInterval, type ReminderForm as FormValues, reminderPayload, todayInputValue } from './portalFormat.ts';

const EMPTY: FormValues = {
  medicationId: '',
  date: '',
  time: '',
  message: '',
  deliveryMethod: 'voice',
  sayMedicationName: false,
  isRecurring: false,
  pattern: 'daily',
  days: [],
  interval: '1',
  endDate: '',
  retryAfterMinutes: '10',
  maxAttempts: '2',
  retryChannel: 'same',
  alertCaregivers: true,
};

const RETRY_MINUTES = ['5', '10', '15', '30', '60'];
const TRIES = ['1', '2', '3', '4', '5'];

function Check({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  const hintId = useId();
  return (
    <div className="cp-check-field">
      <label className="cp-check">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={hint ? hintId : undefined}
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={hintId} className="cp-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * The Schedule Reminder form (SPEC §5 Client reminder): date and time required; the Recurring
 * toggle reveals pattern, weekdays (weekly), interval and end date.
 */
export function ReminderForm({ medications, onDone, onCancel }: { medications: Medication[]; onDone: () => void; onCancel: () => void }) {
  const { CARE_TEXTS: C, INTERVAL_UNITS, PORTAL_TEXTS: T, WEEKDAYS } = usePortalTexts();
  const toast = useToast();
  const [form, setForm] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<{ date?: string; time?: string }>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const unitId = useId();
  const intervalId = useId();
  const update = (patch: Partial<FormValues>) => setForm((current) => ({ ...current, ...patch }));
  const toggleDay = (day: number, on: boolean) =>
    setForm((current) => ({ ...current, days: on ? [...current.days, day] : current.days.filter((d) => d !== day) }));

  const validate = () => {
    const found: typeof errors = {};
    if (!form.date) found.date = T.dateRequired;
    if (!form.time) found.time = T.timeRequired;
    if (form.date && form.time) {
      const at = new Date(`${form.date}T${form.time}`);
      if (Number.isNaN(at.getTime())) found.time = T.invalidDateTime;
      else if (at.getTime() <= Date.now()) found.time = T.pastTime;
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validate()) {
      focusFirstInvalid();
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await portalApi.addReminder(reminderPayload(form));
      toast({ title: form.isRecurring ? T.recurringScheduled : T.reminderScheduled });
      onDone();
    } catch (error) {
      const reason = serverMessage(error);
      toast({ title: T.reminderScheduleFailed, description: reason, variant: 'destructive' });
      // The modal dialog makes the page behind it (and its toast) inert: say it here too.
      setFailure(reason ? `${T.reminderScheduleFailed}: ${reason}` : T.reminderScheduleFailed);
      setSaving(false);
    }
  };

  const [unitOne, unitMany] = INTERVAL_UNITS[form.pattern];
  const intervalCount = parseInterval(form.interval);
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <SelectField label={T.reminderMedication} value={form.medicationId} onChange={(medicationId) => update({ medicationId })}>
        <option value="">{T.none}</option>
        {medications.map((medication) => (
          <option key={medication.id} value={medication.id}>
            {medication.name}
            {medication.dosage ? ` (${medication.dosage})` : ''}
          </option>
        ))}
      </SelectField>
      <div className="cp-field-row">
        <Field
          label={T.date}
          type="date"
          required
          min={todayInputValue()}
          value={form.date}
          error={errors.date}
          onChange={(e) => update({ date: e.target.value })}
        />
        <Field
          label={T.time}
          type="time"
          required
          value={form.time}
          error={errors.time}
          onChange={(e) => update({ time: e.target.value })}
        />
      </div>
      <Field
        label={T.message}
        hint={T.messageHint}
        value={form.message}
        maxLength={300}
        autoComplete="off"
        onChange={(e) => update({ message: e.target.value })}
      />

      <fieldset className="cp-fieldset">
        <legend>{T.how}</legend>
        {(['voice', 'sms'] as const).map((method) => (
          <label key={method} className="cp-check">
            <input
              type="radio"
              name="deliveryMethod"
              value={method}
              checked={form.deliveryMethod === method}
              onChange={() => update({ deliveryMethod: method })}
            />
            <span>{T[method]}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="cp-fieldset">
        <legend>{C.followUp}</legend>
        <p className="cp-hint">{form.deliveryMethod === 'voice' ? C.followUpHintCall : C.followUpHintText}</p>
        <SelectField label={C.triesLabel} value={form.maxAttempts} onChange={(maxAttempts) => update({ maxAttempts })}>
          {TRIES.map((n) => (
            <option key={n} value={n}>
              {n === '1' ? C.onlyOnce : C.triesInAll(Number(n))}
            </option>
          ))}
        </SelectField>
        {form.maxAttempts !== '1' && (
          <div className="cp-field-row">
            <SelectField
              label={C.tryAgainAfter}
              value={form.retryAfterMinutes}
              onChange={(retryAfterMinutes) => update({ retryAfterMinutes })}
            >
              {RETRY_MINUTES.map((n) => (
                <option key={n} value={n}>
                  {C.minutes(Number(n))}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={C.tryAgainBy}
              value={form.retryChannel}
              onChange={(retryChannel) => update({ retryChannel: retryChannel as RetryChannel })}
            >
              <option value="same">{C.sameWay}</option>
              <option value="other">{form.deliveryMethod === 'voice' ? C.textInstead : C.callInstead}</option>
            </SelectField>
          </div>
        )}
        <Check
          label={C.alertCaregivers}
          hint={C.alertCaregiversHint}
          checked={form.alertCaregivers}
          onChange={(alertCaregivers) => update({ alertCaregivers })}
        />
      </fieldset>
      {form.medicationId && (
        <Check
          label={form.deliveryMethod === 'voice' ? T.sayNameOnCall : T.sayNameInText}
          hint={T.sayNameHint}
          checked={form.sayMedicationName}
          onChange={(sayMedicationName) => update({ sayMedicationName })}
        />
      )}

      <Check label={T.recurring} hint={T.recurringHint} checked={form.isRecurring} onChange={(isRecurring) => update({ isRecurring })} />
      {form.isRecurring && (
        <div className="cp-recurrence">
          <SelectField label={T.pattern} value={form.pattern} onChange={(pattern) => update({ pattern: pattern as RecurrencePattern })}>
            <option value="daily">{T.daily}</option>
            <option value="weekly">{T.weekly}</option>
            <option value="monthly">{T.monthly}</option>
          </SelectField>
          {form.pattern === 'weekly' && (
            <fieldset className="cp-fieldset">
              <legend>{T.days}</legend>
              <div className="cp-weekdays">
                {WEEKDAYS.map((label, day) => (
                  <label key={label} className="cp-check cp-weekday">
                    <input type="checkbox" checked={form.days.includes(day)} onChange={(event) => toggleDay(day, event.target.checked)} />
                    <span>{label}</span>
                  </label>
                ))}
              </div>
              <p className="cp-hint">{T.daysHint}</p>
            </fieldset>
          )}
          <div className="cp-field">
            <label htmlFor={intervalId}>{T.interval}</label>
            <div className="cp-inline">
              <input
                id={intervalId}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={form.interval}
                aria-describedby={unitId}
                onChange={(e) => update({ interval: e.target.value })}
              />
              <span id={unitId}>{intervalCount === 1 ? unitOne : unitMany}</span>
            </div>
          </div>
          <Field
            label={T.endDate}
            type="date"
            min={form.date || todayInputValue()}
            hint={T.endDateHint}
            value={form.endDate}
            onChange={(e) => update({ endDate: e.target.value })}
          />
        </div>
      )}

      <DialogFormFooter failure={failure} saving={saving} submitLabel={T.scheduleReminder} onCancel={onCancel} />
    </form>
  );
}
