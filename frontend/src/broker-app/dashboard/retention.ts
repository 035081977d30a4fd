import type { Translation } from '../../i18n/translation.ts';
import { monthLabel } from '../billing/pricing.ts';
import type { Retention } from '../clients/retentionTypes.ts';
import { RETENTION_TEXTS } from './texts.ts';

type Texts = Translation<typeof RETENTION_TEXTS>;

/** The 12 months in words for a screen reader: first and last month with a rate, and the lowest (of policies or clients). */
export function retentionSummary(months: Retention['months'], T: Texts = RETENTION_TEXTS, basis: Retention['basis'] = 'clients'): string {
  const rated = months.filter((m): m is typeof m & { rate: number } => m.rate !== null);
  if (rated.length === 0) return T.retentionNoData;
  const first = rated[0];
  const last = rated.at(-1)!;
  const low = rated.reduce((lowest, m) => (m.rate < lowest.rate ? m : lowest), first);
  const summary = basis === 'policies' ? T.retentionSummaryPolicies : T.retentionSummary;
  return summary(monthLabel(first.month), first.rate, monthLabel(last.month), last.rate, monthLabel(low.month), low.rate);
}

/** 'AEP 2026 so far: 94% · AEP 2025: 91%': the latest season first, "so far" while it runs. */
export function aepLine(aep: Retention['aep'], today: string, T: Texts = RETENTION_TEXTS, noFigure = '—'): string {
  return [...aep]
    .reverse()
    .map((season) => {
      const rate = season.rate === null ? noFigure : `${season.rate}%`;
      return today >= season.start && today <= season.end ? T.aepSoFar(season.season, rate) : T.aep(season.season, rate);
    })
    .join(' · ');
}
