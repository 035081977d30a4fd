import { type FormEvent, useEffect, useState } from 'react';

import { portalApi } from '../api.ts';
import { usePortalTexts } from '../i18n.tsx';
import type { ClientSettings } from '../types.ts';
import { SelectField } from '../ui/SelectField.tsx';
import { useToast } from '../ui/toast.tsx';
import { applyDisplay, type Display, TEXT_SIZES } from './display.ts';

/**
 * The client's settings: the time zone their reminders use (set here, it wins over the one their
 * ZIP code or phone number suggests) and whether their agency may contact them about Medicare
 * plans — their own choice, kept with the words they chose; and how the portal looks to them (text
 * size, high contrast), shown at once and kept on the device and with the account.
 */
export function SettingsSection({ agencyName }: { agencyName: string }) {
  const { SETTINGS_TEXTS: S } = usePortalTexts();
  const toast = useToast();
  const [settings, setSettings] = useState<ClientSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [zone, setZone] = useState('');
  const [marketing, setMarketing] = useState<boolean | null>(null);
  const [display, setDisplay] = useState<Display | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    portalApi
      .settings()
      .then((loaded) => {
        setSettings(loaded);
        setZone(loaded.timeZone);
        setMarketing(loaded.marketing);
        // The account's choice, on every device it signs in on.
        const chosen = { textSize: loaded.textSize, highContrast: loaded.highContrast };
        setDisplay(chosen);
        applyDisplay(chosen);
      })
      .catch(() => setFailed(true));
  }, []);

  // Shown at once, kept on this device; kept with the account when saved.
  const show = (next: Display) => {
    setDisplay(next);
    applyDisplay(next);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings) return;
    setSaving(true);
    try {
      const changes = {
        ...(zone !== settings.timeZone ? { timeZone: zone } : {}),
        ...(marketing !== null && marketing !== settings.marketing ? { marketing } : {}),
        ...(display && display.textSize !== settings.textSize ? { textSize: display.textSize } : {}),
        ...(display && display.highContrast !== settings.highContrast ? { highContrast: display.highContrast } : {}),
      };
      const saved = Object.keys(changes).length > 0 ? await portalApi.updateSettings(changes) : settings;
      setSettings(saved);
      toast({ title: S.saved });
    } catch {
      toast({ title: S.saveFailed, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  const zones =
    settings && !(settings.timeZone in S.zones) ? { ...S.zones, [settings.timeZone]: settings.timeZone.replace(/_/g, ' ') } : S.zones;
  return (
    <section className="cp-card cp-section" aria-labelledby="cp-settings-title" data-testid="settings">
      <div className="cp-section-head">
        <h2 id="cp-settings-title">{S.title}</h2>
      </div>
      {failed ? (
        <p className="cp-error">{S.loadFailed}</p>
      ) : !settings ? null : (
        <form onSubmit={(event) => void save(event)} className="cp-form">
          <SelectField label={S.timeZone} value={zone} onChange={setZone}>
            {Object.entries(zones).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <p className="cp-hint">{S.timeZoneHint}</p>
          <fieldset className="cp-fieldset">
            <legend>{S.marketingLegend}</legend>
            <p className="cp-hint">{S.marketingHint(agencyName)}</p>
            {([true, false] as const).map((choice) => (
              <label key={String(choice)} className="cp-check">
                <input type="radio" name="marketing" checked={marketing === choice} onChange={() => setMarketing(choice)} />
                <span>{choice ? S.marketingYes : S.marketingNo}</span>
              </label>
            ))}
          </fieldset>
          {display && (
            <fieldset className="cp-fieldset">
              <legend>{S.displayLegend}</legend>
              <p className="cp-hint">{S.displayHint}</p>
              <fieldset className="cp-fieldset">
                <legend>{S.textSize}</legend>
                {TEXT_SIZES.map((size) => (
                  <label key={size} className="cp-check">
                    <input
                      type="radio"
                      name="textSize"
                      checked={display.textSize === size}
                      onChange={() => show({ ...display, textSize: size })}
                    />
                    <span>{S.textSizes[size]}</span>
                  </label>
                ))}
              </fieldset>
              <label className="cp-check">
                <input
                  type="checkbox"
                  checked={display.highContrast}
                  onChange={(event) => show({ ...display, highContrast: event.target.checked })}
                />
                <span>{S.highContrast}</span>
              </label>
            </fieldset>
          )}
          <div>
            <button type="submit" className="cp-button" disabled={saving}>
              {S.save}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
