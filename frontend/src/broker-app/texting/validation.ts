import type { Translation } from '../../i18n/translation.ts';
import type { TextingRegistration } from '../types.ts';
import type { TEXTING_TEXTS } from './texts.ts';

export const BUSINESS_TYPES = ['llc', 'corporation', 'partnership', 'non_profit', 'sole_proprietor'] as const;

export interface BrandValues {
  businessType: string;
  legalName: string;
  ein: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  website: string;
  contactFirstName: string;
  contactLastName: string;
  contactEmail: string;
  contactPhone: string;
  contactTitle: string;
}

export const emptyBrand = (): BrandValues => ({
  businessType: 'llc',
  legalName: '',
  ein: '',
  street: '',
  city: '',
  state: '',
  postalCode: '',
  website: '',
  contactFirstName: '',
  contactLastName: '',
  contactEmail: '',
  contactPhone: '',
  contactTitle: '',
});

/** The form as last submitted (to fix and resubmit). */
export function valuesOf(registration: TextingRegistration): BrandValues {
  const brand = registration.brand;
  return { ...brand, ein: brand.ein ?? '', website: brand.website ?? '' };
}

const US_STATE =
  /^(A[LKZRS]|C[AOT]|D[EC]|FL|G[AU]|HI|I[DLNA]|K[SY]|LA|M[EDAINSOTP]|N[EVHJMYCD]|O[HKR]|P[AR]|RI|S[CD]|T[NX]|UT|V[TAI]|W[AVIY])$/;

/** What is wrong with the form as typed, by field (the server checks the same). */
export function brandErrors(values: BrandValues, T: Translation<typeof TEXTING_TEXTS>): Partial<Record<keyof BrandValues, string>> {
  const errors: Partial<Record<keyof BrandValues, string>> = {};
  const sole = values.businessType === 'sole_proprietor';
  const text = (field: keyof BrandValues, max: number, min = 1) => {
    const value = values[field].trim();
    if (value.length < min) errors[field] = T.required;
    else if (value.length > max) errors[field] = T.tooLong(max);
  };
  text('legalName', 255, 2);
  if (!sole && !/^\d{2}-?\d{7}$/.test(values.ein.trim())) errors.ein = values.ein.trim() ? T.einInvalid : T.required;
  text('street', 200, 3);
  text('city', 100, 2);
  if (!US_STATE.test(values.state.trim().toUpperCase())) errors.state = values.state.trim() ? T.stateInvalid : T.required;
  if (!/^\d{5}(-\d{4})?$/.test(values.postalCode.trim())) errors.postalCode = values.postalCode.trim() ? T.postalCodeInvalid : T.required;
  const website = values.website.trim();
  if (website && !/^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(website)) errors.website = T.websiteInvalid;
  else if (website.length > 255) errors.website = T.tooLong(255);
  else if (!website && !sole) errors.website = T.required;
  text('contactFirstName', 100);
  text('contactLastName', 100);
  const email = values.contactEmail.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.contactEmail = email ? T.emailInvalid : T.required;
  const phone = values.contactPhone.trim();
  if (!/^\+1[2-9]\d{9}$/.test(phone)) errors.contactPhone = phone ? T.phoneInvalid : T.required;
  if (values.contactTitle.trim().length > 100) errors.contactTitle = T.tooLong(100);
  return errors;
}
