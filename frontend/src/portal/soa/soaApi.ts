import type { components } from '../../api/schema';
import { apiRequest } from '../../lib/http.ts';

export type Signing = components['schemas']['SoaSigningDto'];
export type SignInput = components['schemas']['SignSoaDto'];

const signingUrl = (token: string) => `/api/soa-signing/${encodeURIComponent(token)}`;

/** The signing page's two calls: what the link shows, and the signature. */
export const soaApi = {
  view: (token: string) => apiRequest<Signing>(signingUrl(token)),
  sign: (token: string, input: SignInput) => apiRequest<Signing>(signingUrl(token), { method: 'POST', body: input }),
};

export type SignedForm = components['schemas']['ClientSoaDto'];

/** The signed-in client's signed forms, and where each one's PDF downloads. */
export const signedFormsApi = {
  list: () => apiRequest<SignedForm[]>('/api/client-portal/soas'),
  pdfUrl: (id: string) => `/api/client-portal/soas/${encodeURIComponent(id)}/pdf`,
};
