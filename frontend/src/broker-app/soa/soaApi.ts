import type { components } from '../../api/schema';
import { callJson } from '../providers/httpClient.ts';

type Schemas = components['schemas'];
export type Soa = Schemas['SoaDto'];
export type SoaInput = Schemas['PrepareSoaDto'];
export type SoaProduct = SoaInput['products'][number];
export type SoaException = NonNullable<SoaInput['exception']>;

export const SOA_PRODUCTS: readonly SoaProduct[] = ['ma_mapd', 'pdp', 'medigap', 'dental_vision_hearing', 'hospital_indemnity'];

/** The query of a client's Scopes of Appointment, and of the book's unsigned ones: a change invalidates both. */
export const soasKey = (clientId: string) => ['clients', clientId, 'soas'] as const;
export const UNSIGNED_KEY = ['soas', 'unsigned'] as const;

const soa = (id: string) => `/api/soas/${encodeURIComponent(id)}`;

/** Scope of Appointment calls (docs/compliance.md#scope-of-appointment); loaded with the card, not the app's first load. */
export const soaApi = {
  forClient: (clientId: string) => callJson<Soa[]>(`/api/clients/${encodeURIComponent(clientId)}/soas`),
  prepare: (clientId: string, input: SoaInput) => callJson<Soa>(`/api/clients/${encodeURIComponent(clientId)}/soas`, 'POST', input),
  resend: (id: string) => callJson<Soa>(`${soa(id)}/resend`, 'POST'),
  cancel: (id: string) => callJson<Soa>(`${soa(id)}/cancel`, 'POST'),
  unsigned: (limit = 5) => callJson<Schemas['UnsignedSoasDto']>(`/api/soas/unsigned?limit=${limit}`),
  pdfUrl: (id: string) => `${soa(id)}/pdf`,
};
