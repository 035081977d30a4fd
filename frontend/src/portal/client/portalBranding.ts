import { useEffect, useState } from 'react';

import { ApiError } from '../../lib/http.ts';
import { portalApi } from '../api.ts';
import { DEFAULT_AGENCY_NAME, readableBrandColor } from '../brand.ts';

export interface Branding {
  agencyName: string;
  logoUrl: string | null;
  /** The agency colour, darkened when needed so it reads at 4.5:1 on white (and white on it). */
  brandColor: string;
  sponsorMessage: string | null;
  /** The agency's TPMO disclaimer for the footer (an agency that sells plans). */
  disclaimer: string | null;
  /** The agency's phone (E.164) for Call my agent; null when it gave none (then there is no button). */
  agencyPhone: string | null;
}

export const DEFAULT_BRANDING: Branding = {
  agencyName: DEFAULT_AGENCY_NAME,
  logoUrl: null,
  brandColor: readableBrandColor(null),
  sponsorMessage: null,
  disclaimer: null,
  agencyPhone: null,
};

/** The client's agency branding (SPEC §3 Client portal branding), with its defaults filled in. */
export async function loadBranding(): Promise<Branding> {
  const b = await portalApi.branding();
  return {
    agencyName: b?.agencyName?.trim() || DEFAULT_AGENCY_NAME,
    logoUrl: b?.logoUrl || null,
    brandColor: readableBrandColor(b?.primaryColor),
    sponsorMessage: b?.sponsorMessage?.trim() || null,
    disclaimer: b?.disclaimer?.trim() || null,
    agencyPhone: b?.agencyPhone?.trim() || null,
  };
}

/**
 * For pages that also work signed out (the guide): the branding once known, and whether a client
 * is signed in (the branding call answers 401 otherwise). Other failures keep the defaults.
 */
export function useBranding(): { branding: Branding; signedIn: boolean; loaded: boolean } {
  const [state, setState] = useState({ branding: DEFAULT_BRANDING, signedIn: false, loaded: false });
  useEffect(() => {
    let live = true;
    loadBranding().then(
      (branding) => live && setState({ branding, signedIn: true, loaded: true }),
      (error: unknown) =>
        live && setState({ branding: DEFAULT_BRANDING, signedIn: !(error instanceof ApiError && error.status === 401), loaded: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
