import { useEffect, useState } from 'react';

import { portalApi } from '../api.ts';
import { DEFAULT_AGENCY_NAME, readableBrandColor } from '../brand.ts';
import { useSearchParams } from '../router.tsx';
import type { PublicAgency } from '../types.ts';

/** How an agency's signed-out pages look: its name, logo, and its colour made readable (brand.ts). */
export interface AgencyLook {
  agencyName: string;
  logoUrl: string | null;
  brandColor: string;
}

export function agencyLook(agency: PublicAgency): AgencyLook {
  return {
    agencyName: agency.agencyName?.trim() || DEFAULT_AGENCY_NAME,
    logoUrl: agency.logoUrl || null,
    brandColor: readableBrandColor(agency.primaryColor),
  };
}

/** `?agency={slug}`, to carry an agency's branding to the next page ('' without one). */
export function agencyQuery(slug: string | null): string {
  return slug ? `?${new URLSearchParams({ agency: slug })}` : '';
}

/**
 * The agency the page's branded link names (`?agency={slug}`), once it is known. No slug, an
 * unknown one or a failed look-up: null, and the page stays neutral (no error: the link may be old).
 */
export function useLinkedAgency(): { slug: string | null; agency: AgencyLook | null } {
  const slug = useSearchParams()[0].get('agency')?.trim() || null;
  const [found, setFound] = useState<{ slug: string; agency: AgencyLook | null } | null>(null);
  useEffect(() => {
    if (!slug) return;
    let live = true;
    portalApi.publicAgency(slug).then(
      (agency) => live && setFound({ slug, agency: agencyLook(agency) }),
      () => live && setFound({ slug, agency: null }),
    );
    return () => {
      live = false;
    };
  }, [slug]);
  return { slug, agency: slug && found?.slug === slug ? found.agency : null };
}
