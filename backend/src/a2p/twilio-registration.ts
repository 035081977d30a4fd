import type twilio from 'twilio';

import type { CampaignContent } from './a2p-content.js';
import type { BrandDetails } from './a2p-registration.entity.js';

/**
 * Trust Hub policies (static SIDs, the same in every Twilio account), from Twilio's ISV onboarding
 * guides (docs/messaging.md):
 * - secondary customer profile (a company's business profile, attached to the platform's primary one);
 * - starter customer profile (a sole proprietor's);
 * - A2P messaging profile (the trust bundle a Standard brand is registered with), and the sole proprietor's.
 */
export const POLICIES = {
  secondaryCustomerProfile: 'RNdfbf3fae0e1107f8aded0e7cead80bf5',
  starterCustomerProfile: 'RN806dd6cd175f314e1f96a9727ee271f4',
  a2pMessagingProfile: 'RNb0d4771c2c98518d916a3d4cd70a8f8b',
  soleProprietorA2pProfile: 'RN670d5d2e282a6130ae063b234b6019c8',
} as const;

/** Twilio's own words about a step that failed, with its error code when it gave one. */
export interface TwilioFailure {
  code: number | null;
  raw: string;
}

export type TwilioStepState = { state: 'pending' } | { state: 'approved' } | { state: 'failed'; failures: TwilioFailure[] };

const BUSINESS_TYPES: Record<BrandDetails['businessType'], string> = {
  sole_proprietor: 'Sole Proprietorship',
  llc: 'Limited Liability Corporation',
  corporation: 'Corporation',
  partnership: 'Partnership',
  non_profit: 'Non-profit Corporation',
};

/** Twilio's error list on a brand or a campaign, read whichever shape it has ({ code, description } or { error_code, … }). */
function failuresOf(errors: unknown, fallback: string | null | undefined): TwilioFailure[] {
  const list = Array.isArray(errors) ? errors : [];
  const failures = list.map((error: unknown) => {
    const e = (error ?? {}) as Record<string, unknown>;
    const code = Number(e.code ?? e.error_code ?? e.errorCode);
    const raw = [e.description, e.message, e.reason].find((v) => typeof v === 'string' && v.trim()) as string | undefined;
    return { code: Number.isInteger(code) && code > 0 ? code : null, raw: raw ?? (fallback || 'Rejected') };
  });
  if (failures.length === 0) failures.push({ code: null, raw: fallback || 'Rejected' });
  return failures;
}

/**
 * Twilio's ISV registration API, one call per Twilio resource, through the real SDK: the agency's
 * secondary customer profile and A2P trust bundle (Trust Hub), its brand, its messaging service, its
 * campaign (us-app-to-person) and its local number.
 */
export class TwilioRegistration {
  constructor(
    private readonly client: () => Promise<twilio.Twilio>,
    private readonly settings: { primaryCustomerProfileSid?: string; notificationEmail: string },
  ) {}

  /** The business profile: the customer profile with its business, its representative and its address; evaluated and submitted. */
  async createProfile(brokerId: string, brand: BrandDetails): Promise<string> {
    const client = await this.client();
    const hub = client.trusthub.v1;
    const sole = brand.businessType === 'sole_proprietor';
    const profile = await hub.customerProfiles.create({
      friendlyName: `${brand.legalName} (${brokerId})`.slice(0, 64),
      email: this.settings.notificationEmail,
      policySid: sole ? POLICIES.starterCustomerProfile : POLICIES.secondaryCustomerProfile,
    });
    const attach = (objectSid: string) => hub.customerProfiles(profile.sid).customerProfilesEntityAssignments.create({ objectSid });
    const representative = {
      first_name: brand.contactFirstName,
      last_name: brand.contactLastName,
      email: brand.contactEmail,
      phone_number: brand.contactPhone,
      business_title: brand.contactTitle,
      job_position: 'Other',
    };
    if (sole) {
      const person = await hub.endUsers.create({
        friendlyName: `${brand.legalName} — sole proprietor`.slice(0, 64),
        type: 'starter_customer_profile_information',
        attributes: {
          first_name: brand.contactFirstName,
          last_name: brand.contactLastName,
          email: brand.contactEmail,
          phone_number: brand.contactPhone,
        },
      });
      await attach(person.sid);
    } else {
      const business = await hub.endUsers.create({
        friendlyName: `${brand.legalName} — business`.slice(0, 64),
        type: 'customer_profile_business_information',
        attributes: {
          business_name: brand.legalName,
          business_identity: 'direct_customer',
          business_type: BUSINESS_TYPES[brand.businessType],
          business_industry: 'INSURANCE',
          business_registration_identifier: 'EIN',
          business_registration_number: brand.ein,
          business_regions_of_operation: 'USA_AND_CANADA',
          website_url: brand.website,
          social_media_profile_urls: '',
        },
      });
      await attach(business.sid);
      const person = await hub.endUsers.create({
        friendlyName: `${brand.legalName} — representative`.slice(0, 64),
        type: 'authorized_representative_1',
        attributes: representative,
      });
      await attach(person.sid);
    }
    const address = await client.addresses.create({
      customerName: brand.legalName,
      street: brand.street,
      city: brand.city,
      region: brand.state,
      postalCode: brand.postalCode,
      isoCountry: 'US',
    });
    const document = await hub.supportingDocuments.create({
      friendlyName: `${brand.legalName} — address`.slice(0, 64),
      type: 'customer_profile_address',
      attributes: { address_sids: address.sid },
    });
    await attach(document.sid);
    // The agency's profile belongs to the platform's primary one (the ISV's).
    if (this.settings.primaryCustomerProfileSid) await attach(this.settings.primaryCustomerProfileSid);
    await hub.customerProfiles(profile.sid).customerProfilesEvaluations.create({
      policySid: sole ? POLICIES.starterCustomerProfile : POLICIES.secondaryCustomerProfile,
    });
    await hub.customerProfiles(profile.sid).update({ status: 'pending-review' });
    return profile.sid;
  }

  /** The A2P trust bundle (the messaging profile the brand is registered with), evaluated and submitted. */
  async createTrustProduct(brokerId: string, brand: BrandDetails, customerProfileSid: string): Promise<string> {
    const client = await this.client();
    const hub = client.trusthub.v1;
    const sole = brand.businessType === 'sole_proprietor';
    const policySid = sole ? POLICIES.soleProprietorA2pProfile : POLICIES.a2pMessagingProfile;
    const product = await hub.trustProducts.create({
      friendlyName: `${brand.legalName} A2P (${brokerId})`.slice(0, 64),
      email: this.settings.notificationEmail,
      policySid,
    });
    const endUser = await hub.endUsers.create(
      sole
        ? {
            friendlyName: `${brand.legalName} — A2P`.slice(0, 64),
            type: 'sole_proprietor_information',
            attributes: { brand_name: brand.legalName, vertical: 'INSURANCE', mobile_phone_number: brand.contactPhone },
          }
        : {
            friendlyName: `${brand.legalName} — A2P`.slice(0, 64),
            type: 'us_a2p_messaging_profile_information',
            attributes: { company_type: brand.businessType === 'non_profit' ? 'non-profit' : 'private' },
          },
    );
    const assignments = hub.trustProducts(product.sid).trustProductsEntityAssignments;
    await assignments.create({ objectSid: endUser.sid });
    await assignments.create({ objectSid: customerProfileSid });
    await hub.trustProducts(product.sid).trustProductsEvaluations.create({ policySid });
    await hub.trustProducts(product.sid).update({ status: 'pending-review' });
    return product.sid;
  }

  /** Where the business profile stands at Twilio's review. */
  async profileState(customerProfileSid: string): Promise<TwilioStepState> {
    const profile = await (await this.client()).trusthub.v1.customerProfiles(customerProfileSid).fetch();
    if (profile.status === 'twilio-approved') return { state: 'approved' };
    if (profile.status === 'twilio-rejected') {
      return { state: 'failed', failures: [{ code: null, raw: 'Twilio rejected the business profile (Trust Hub review)' }] };
    }
    return { state: 'pending' };
  }

  async createBrand(customerProfileSid: string, trustProductSid: string, soleProprietor: boolean): Promise<string> {
    const brand = await (
      await this.client()
    ).messaging.v1.brandRegistrations.create({
      customerProfileBundleSid: customerProfileSid,
      a2PProfileBundleSid: trustProductSid,
      brandType: soleProprietor ? 'SOLE_PROPRIETOR' : 'STANDARD',
    });
    return brand.sid;
  }

  async brandState(brandSid: string): Promise<TwilioStepState> {
    const brand = await (await this.client()).messaging.v1.brandRegistrations(brandSid).fetch();
    if (brand.status === 'APPROVED') return { state: 'approved' };
    if (brand.status === 'FAILED' || brand.status === 'SUSPENDED')
      return { state: 'failed', failures: failuresOf(brand.errors, brand.failureReason) };
    return { state: 'pending' };
  }

  /** The agency's own messaging service: its numbers, its campaign, inbound texts and statuses to the app's webhooks. */
  async createMessagingService(brokerId: string, agencyName: string, inboundUrl: string, statusUrl: string): Promise<string> {
    const service = await (
      await this.client()
    ).messaging.v1.services.create({
      friendlyName: `${agencyName} (${brokerId})`.slice(0, 64),
      inboundRequestUrl: inboundUrl,
      inboundMethod: 'POST',
      statusCallback: statusUrl,
    });
    return service.sid;
  }

  async createCampaign(messagingServiceSid: string, brandSid: string, content: CampaignContent): Promise<string> {
    const campaign = await (await this.client()).messaging.v1.services(messagingServiceSid).usAppToPerson.create({
      brandRegistrationSid: brandSid,
      description: content.description,
      messageFlow: content.messageFlow,
      messageSamples: content.messageSamples,
      usAppToPersonUsecase: content.useCase,
      hasEmbeddedLinks: content.hasEmbeddedLinks,
      hasEmbeddedPhone: content.hasEmbeddedPhone,
      optInKeywords: content.optInKeywords,
      optInMessage: content.optInMessage,
      optOutKeywords: content.optOutKeywords,
      optOutMessage: content.optOutMessage,
      helpKeywords: content.helpKeywords,
      helpMessage: content.helpMessage,
    });
    return campaign.sid;
  }

  async campaignState(messagingServiceSid: string, campaignSid: string): Promise<TwilioStepState> {
    const campaign = await (await this.client()).messaging.v1.services(messagingServiceSid).usAppToPerson(campaignSid).fetch();
    if (campaign.campaignStatus === 'VERIFIED') return { state: 'approved' };
    if (campaign.campaignStatus === 'FAILED') {
      return { state: 'failed', failures: failuresOf((campaign as unknown as { errors?: unknown }).errors, 'The campaign was rejected') };
    }
    return { state: 'pending' };
  }

  /** A failed campaign is removed before a new one is made on the same messaging service. */
  async removeCampaign(messagingServiceSid: string, campaignSid: string): Promise<void> {
    await (await this.client()).messaging.v1.services(messagingServiceSid).usAppToPerson(campaignSid).remove();
  }

  /**
   * Buys a local number, in the agency's area code when one is free (else any US local number that
   * takes texts), and puts it in the agency's messaging service.
   */
  async buyNumber(messagingServiceSid: string, areaCode: number | null): Promise<{ e164: string; sid: string }> {
    const client = await this.client();
    const local = client.availablePhoneNumbers('US').local;
    let [found] = areaCode ? await local.list({ areaCode, smsEnabled: true, limit: 1 }) : [];
    [found] = found ? [found] : await local.list({ smsEnabled: true, limit: 1 });
    if (!found) throw new Error('Twilio has no local number to offer');
    const bought = await client.incomingPhoneNumbers.create({ phoneNumber: found.phoneNumber });
    await client.messaging.v1.services(messagingServiceSid).phoneNumbers.create({ phoneNumberSid: bought.sid });
    return { e164: bought.phoneNumber, sid: bought.sid };
  }
}
