import { EntityManager } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
} from '@nestjs/common';

import type { Actor } from '../agency-log/actor.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import { formatCents } from '../billing/pricing.js';
import { Clock } from '../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DeliveryOutcomesService } from '../delivery/delivery-outcomes.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { twilioClient, WEBHOOK_PATHS } from '../messaging/twilio.adapter.js';
import { User } from '../users/user.entity.js';
import { type AgencyWords, type CampaignContent, campaignContent } from './a2p-content.js';
import { type A2pFees, type BrandKind, FEE_SOURCES, FEES_AS_OF, feesFor, monthlyCents, oneTimeCents } from './a2p-fees.js';
import { plainReason } from './a2p-reasons.js';
import {
  A2pRegistration,
  type BrandDetails,
  type RegistrationFailure,
  type RegistrationStep,
  type StepStatus,
} from './a2p-registration.entity.js';
import { AgencyNumber } from './agency-number.entity.js';
import type {
  CampaignPreviewDto,
  FeesDto,
  RegistrationDto,
  RegistrationPreviewDto,
  SubmitRegistrationDto,
  TextingStatusDto,
} from './dto/a2p.dto.js';
import { HELD_REMINDER_MAX_AGE_MS, HELD_TOO_LONG_REASON, TEXT_HELD_REASON } from './held-texts.js';
import { type TwilioFailure, TwilioRegistration, type TwilioStepState } from './twilio-registration.js';

/** The job that asks Twilio where a pending registration stands, again and again until it is approved or failed. */
export const A2P_CHECK_QUEUE = 'a2p-registration-check';
/** How long between two checks of a pending registration (brands take minutes to days, campaigns days to weeks). */
const CHECK_EVERY_SECONDS = 15 * 60;

export const FEES_CHANGED = 'The amounts changed since they were shown: look at them again and confirm';
export const EIN_REQUIRED = 'A company needs its EIN (9 digits, 12-3456789); a sole proprietor has none';
export const WEBSITE_REQUIRED = 'A company needs its website for the carriers’ review';
export const NOT_YET_CONFIGURED =
  'Text registration is not set up on this server yet (TWILIO_PRIMARY_CUSTOMER_PROFILE_SID): ask the platform’s operator';

function feesDto(fees: A2pFees, oneTime: number): FeesDto {
  return { asOf: FEES_AS_OF, sources: [...FEE_SOURCES], ...fees, oneTimeCents: oneTime, monthlyCents: monthlyCents(fees) };
}

function previewOf(content: CampaignContent): CampaignPreviewDto {
  const { useCase, description, messageFlow, messageSamples, optOutKeywords, optOutMessage, helpKeywords, helpMessage } = content;
  return { useCase, description, messageFlow, messageSamples, optOutKeywords, optOutMessage, helpKeywords, helpMessage };
}

/** The area code of a US number (+1AAA…), or null. */
export function areaCodeOf(phone: string | null | undefined): number | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 && /^[2-9]/.test(national) ? Number(national.slice(0, 3)) : null;
}

/**
 * An agency's A2P 10DLC registration (docs/messaging.md): the owner submits the brand; the business
 * profile, the A2P bundle and the brand are made at Twilio at once, then a job asks Twilio where
 * they stand until the brand is approved, makes the agency's messaging service and campaign, waits
 * for the campaign, buys the agency's number and releases its held texts. Without Twilio
 * (development) the registration is simulated: nothing is sent anywhere and texts are not held.
 */
@Injectable()
export class A2pService implements OnApplicationBootstrap {
  private readonly logger = new Logger('A2P');
  private readonly twilio: TwilioRegistration | null;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly outcomes: DeliveryOutcomesService,
    private readonly clock: Clock,
    private readonly log: AgencyLogService,
  ) {
    const settings = config.messaging.twilio;
    this.twilio = settings
      ? new TwilioRegistration(twilioClient(settings, config.messaging.providerTimeoutMs), {
          primaryCustomerProfileSid: config.messaging.a2p.primaryCustomerProfileSid,
          notificationEmail: config.messaging.a2p.notificationEmail,
        })
      : null;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.twilio) return;
    await this.jobs.work<{ brokerId: string }>(
      A2P_CHECK_QUEUE,
      async (job) => {
        // Twilio out of reach for a while is no reason to stop asking: the next check is queued anyway.
        const registration = await this.check(job.data.brokerId).catch((error: unknown) => {
          this.logger.warn({ err: error }, `A2P registration of ${job.data.brokerId}: Twilio could not be asked; asking again later`);
          return { status: 'pending' as const };
        });
        if (registration?.status === 'pending') await this.scheduleCheck(job.data.brokerId);
      },
      { retryLimit: 0 },
    );
  }

  private async scheduleCheck(brokerId: string): Promise<void> {
    await this.jobs.send(A2P_CHECK_QUEUE, { brokerId }, { startAfterSeconds: CHECK_EVERY_SECONDS });
  }

  get mode(): 'twilio' | 'simulated' {
    return this.twilio ? 'twilio' : 'simulated';
  }

  private async find(brokerId: string): Promise<A2pRegistration | null> {
    return this.em.fork().findOne(A2pRegistration, { broker: brokerId });
  }

  private async agencyWords(agency: User): Promise<AgencyWords> {
    const [latest] = await this.em.execute<{ message: string }[]>(
      `select message from campaigns where broker_id = ? and type = 'sms' and message <> '' order by created_at desc limit 1`,
      [agency.id],
    );
    return {
      agencyName: agency.agencyName.trim() || `${agency.firstName ?? ''} ${agency.lastName ?? ''}`.trim() || 'Your insurance agency',
      agencyPhone: agency.agencyPhone,
      sponsorMessage: agency.sponsorMessage,
      sponsorMessageEs: agency.sponsorMessageEs,
      campaignMessage: latest?.message ?? null,
    };
  }

  /** Whether a resubmission only makes the campaign again (the brand was approved, the campaign failed). */
  private static campaignOnly(registration: A2pRegistration | null): boolean {
    return registration?.status === 'failed' && registration.brandStatus === 'approved' && registration.campaignStatus === 'failed';
  }

  private static fees(kind: BrandKind, campaignOnly: boolean): { fees: A2pFees; oneTime: number } {
    const fees = feesFor(kind);
    return { fees, oneTime: campaignOnly ? fees.campaignVettingCents : oneTimeCents(fees) };
  }

  async preview(agency: User): Promise<RegistrationPreviewDto> {
    const words = await this.agencyWords(agency);
    const existing = await this.find(agency.id);
    const campaignOnly = A2pService.campaignOnly(existing);
    const company = A2pService.fees('standard', campaignOnly);
    const sole = A2pService.fees('sole_proprietor', campaignOnly);
    return {
      mode: this.mode,
      company: previewOf(campaignContent(words, false)),
      soleProprietor: previewOf(campaignContent(words, true)),
      companyFees: feesDto(company.fees, company.oneTime),
      soleProprietorFees: feesDto(sole.fees, sole.oneTime),
      areaCode: areaCodeOf(agency.agencyPhone),
      campaignOnly,
    };
  }

  async status(agencyId: string): Promise<TextingStatusDto> {
    const registration = await this.find(agencyId);
    const [held] = await this.em.execute<{ count: number }[]>(
      `select count(*)::int as count from deliveries where broker_id = ? and status = 'queued' and error = ?`,
      [agencyId, TEXT_HELD_REASON],
    );
    const approved = registration?.status === 'approved' || registration?.status === 'simulated';
    return {
      holding: this.config.messaging.a2p.holdUnregisteredTexts && !approved,
      status: registration?.status ?? 'none',
      heldTexts: held?.count ?? 0,
    };
  }

  async get(agencyId: string): Promise<RegistrationDto> {
    const registration = await this.find(agencyId);
    if (!registration) throw new NotFoundException('The agency has not registered for texting yet');
    return this.toDto(registration);
  }

  private async toDto(r: A2pRegistration): Promise<RegistrationDto> {
    const numbers = await this.em.execute<{ e164: string }[]>(
      `select e164 from agency_numbers where broker_id = ? and status <> 'released' order by created_at`,
      [r.broker],
    );
    const steps: [RegistrationStep, StepStatus][] = [
      ['profile', r.profileStatus],
      ['brand', r.brandStatus],
      ['campaign', r.campaignStatus],
      ['number', r.numberStatus],
    ];
    return {
      status: r.status,
      steps: steps.map(([step, status]) => ({ step, status })),
      failures: r.failures.map((failure) => {
        const plain = plainReason(failure);
        return { ...failure, plainEn: plain.en, plainEs: plain.es };
      }),
      brand: { ...r.brand, ein: r.brand.ein },
      useCase: r.useCase,
      numbers: numbers.map((row) => row.e164),
      confirmedFeesCents: r.confirmedFeesCents,
      attempts: r.attempts,
      submittedAt: r.submittedAt.toISOString(),
      approvedAt: r.approvedAt?.toISOString() ?? null,
      checkedAt: r.checkedAt?.toISOString() ?? null,
    };
  }

  /** Submits (or, after a failure, submits again) the agency's registration. */
  async submit(agency: User, actor: Actor, body: SubmitRegistrationDto): Promise<RegistrationDto> {
    const sole = body.businessType === 'sole_proprietor';
    const ein = sole ? null : (body.ein ?? '').trim();
    if (!sole && !ein) throw new BadRequestException(EIN_REQUIRED);
    const website = body.website?.trim() || null;
    if (!sole && !website) throw new BadRequestException(WEBSITE_REQUIRED);
    const existing = await this.find(agency.id);
    if (existing && existing.status !== 'failed' && existing.status !== 'simulated') {
      throw new ConflictException(
        existing.status === 'approved' ? 'The agency is already registered' : 'The registration is already under review',
      );
    }
    if (this.twilio && !this.config.messaging.a2p.primaryCustomerProfileSid) throw new ConflictException(NOT_YET_CONFIGURED);
    const campaignOnly = A2pService.campaignOnly(existing);
    const { fees, oneTime } = A2pService.fees(sole ? 'sole_proprietor' : 'standard', campaignOnly);
    if (body.confirmOneTimeCents !== oneTime || body.confirmMonthlyCents !== monthlyCents(fees)) throw new ConflictException(FEES_CHANGED);
    const brand: BrandDetails = {
      legalName: body.legalName.trim(),
      businessType: body.businessType,
      ein: ein ? `${ein.replace('-', '').slice(0, 2)}-${ein.replace('-', '').slice(2)}` : null,
      street: body.street.trim(),
      city: body.city.trim(),
      state: body.state,
      postalCode: body.postalCode,
      website,
      contactFirstName: body.contactFirstName.trim(),
      contactLastName: body.contactLastName.trim(),
      contactEmail: body.contactEmail.trim(),
      contactPhone: body.contactPhone,
      contactTitle: body.contactTitle?.trim() || 'Owner',
    };
    const content = campaignContent(await this.agencyWords(agency), sole);
    const em = this.em.fork();
    const now = this.clock.now();
    let registration = await em.findOne(A2pRegistration, { broker: agency.id });
    if (!registration) {
      registration = em.create(A2pRegistration, {
        broker: agency.id,
        status: 'pending',
        brand,
        useCase: content.useCase,
        campaign: { ...content },
        confirmedFeesCents: oneTime,
        submittedAt: now,
      });
    } else {
      registration.attempts += 1;
      registration.confirmedFeesCents += oneTime;
      registration.brand = brand;
      registration.useCase = content.useCase;
      registration.campaign = { ...content };
      registration.submittedAt = now;
      registration.failures = [];
      registration.approvedAt = null;
      if (!campaignOnly) {
        // A new business profile, bundle and brand (Twilio keeps the rejected ones).
        registration.customerProfileSid = null;
        registration.trustProductSid = null;
        registration.brandSid = null;
        registration.profileStatus = 'not_started';
        registration.brandStatus = 'not_started';
      }
      registration.campaignStatus = 'not_started';
    }
    registration.status = 'pending';
    if (!this.twilio) {
      // Development: nothing to register; the steps show as done and texts go to the outbox.
      registration.status = 'simulated';
      registration.profileStatus = registration.brandStatus = registration.campaignStatus = registration.numberStatus = 'approved';
      registration.approvedAt = now;
    }
    // The activity log keeps who committed the agency to the fees, and how much.
    this.log.record(em, actor, {
      action: 'texting_registration_submitted',
      targetType: 'agency',
      targetId: agency.id,
      summary: `Submitted the text messaging registration (A2P 10DLC): ${formatCents(oneTime)} one-time, ${formatCents(monthlyCents(fees))} a month`,
      after: { brand: brand.legalName, businessType: brand.businessType, oneTimeCents: oneTime, monthlyCents: monthlyCents(fees) },
    });
    await em.flush();
    if (this.twilio) {
      // Made at Twilio now; a Twilio out of reach leaves it pending for the job to try again.
      await this.check(agency.id).catch((error: unknown) =>
        this.logger.warn({ err: error }, `A2P registration of ${agency.id}: Twilio could not be reached; the job tries again`),
      );
      await this.scheduleCheck(agency.id);
    } else {
      await this.releaseHeld(agency.id);
    }
    return this.get(agency.id);
  }

  /**
   * One step forward: makes at Twilio what is due and asks where each made thing stands. Safe to
   * run again (what is made is kept, each made once); answers the registration as it is after.
   */
  async check(brokerId: string): Promise<A2pRegistration | null> {
    const em = this.em.fork();
    const r = await em.findOne(A2pRegistration, { broker: brokerId });
    if (!r || r.status !== 'pending' || !this.twilio) return r;
    const twilio = this.twilio;
    const agency = await em.findOneOrFail(User, brokerId);
    const fail = (step: RegistrationStep, failures: TwilioFailure[]) => {
      r.status = 'failed';
      r[`${step}Status`] = 'failed';
      r.failures = failures.map((failure) => ({ step, ...failure }) satisfies RegistrationFailure);
    };
    const settle = (step: RegistrationStep, state: TwilioStepState) => {
      if (state.state === 'failed') fail(step, state.failures);
      else r[`${step}Status`] = state.state;
      return state.state;
    };
    let step: RegistrationStep = 'profile';
    try {
      const sole = r.brand.businessType === 'sole_proprietor';
      if (!r.customerProfileSid) {
        r.customerProfileSid = await twilio.createProfile(brokerId, r.brand);
        r.profileStatus = 'pending';
        await em.flush();
      }
      if (r.profileStatus !== 'approved' && settle('profile', await twilio.profileState(r.customerProfileSid)) === 'failed') return r;
      step = 'brand';
      if (!r.trustProductSid) {
        r.trustProductSid = await twilio.createTrustProduct(brokerId, r.brand, r.customerProfileSid);
        await em.flush();
      }
      if (!r.brandSid) {
        r.brandSid = await twilio.createBrand(r.customerProfileSid, r.trustProductSid, sole);
        r.brandStatus = 'pending';
        await em.flush();
      }
      if (r.brandStatus !== 'approved' && settle('brand', await twilio.brandState(r.brandSid)) !== 'approved') return r;
      step = 'campaign';
      if (!r.messagingServiceSid) {
        r.messagingServiceSid = await twilio.createMessagingService(
          brokerId,
          r.brand.legalName,
          `${this.config.appUrl}${WEBHOOK_PATHS.smsInbound}`,
          `${this.config.appUrl}${WEBHOOK_PATHS.smsStatus}`,
        );
        await em.flush();
      }
      if (r.campaignStatus === 'not_started') {
        if (r.campaignSid) await twilio.removeCampaign(r.messagingServiceSid, r.campaignSid);
        r.campaignSid = await twilio.createCampaign(r.messagingServiceSid, r.brandSid, r.campaign as unknown as CampaignContent);
        r.campaignStatus = 'pending';
        await em.flush();
      }
      if (
        r.campaignStatus !== 'approved' &&
        settle('campaign', await twilio.campaignState(r.messagingServiceSid, r.campaignSid!)) !== 'approved'
      ) {
        return r;
      }
      step = 'number';
      const hasNumber = await em.count(AgencyNumber, { broker: brokerId, status: 'active' });
      if (!hasNumber) {
        const bought = await twilio.buyNumber(r.messagingServiceSid, areaCodeOf(agency.agencyPhone) ?? areaCodeOf(r.brand.contactPhone));
        em.create(AgencyNumber, {
          broker: brokerId,
          e164: bought.e164,
          phoneNumberSid: bought.sid,
          messagingServiceSid: r.messagingServiceSid,
        });
      }
      r.numberStatus = 'approved';
      r.status = 'approved';
      r.approvedAt = this.clock.now();
      await em.flush();
      await this.releaseHeld(brokerId);
      return r;
    } catch (error) {
      // Twilio refused a request (a bad field, an account not set up): the step fails with its words.
      const e = error as { code?: unknown; message?: unknown; status?: unknown };
      if (typeof e.status !== 'number') throw error;
      this.logger.warn({ err: error }, `A2P registration of ${brokerId}: Twilio refused the ${step} step`);
      fail(step, [{ code: typeof e.code === 'number' ? e.code : null, raw: String(e.message ?? 'Twilio refused the request') }]);
      return r;
    } finally {
      r.checkedAt = this.clock.now();
      await em.flush();
    }
  }

  /** The agency's held texts go out now (within the calling hours); a reminder held past its time is not sent. */
  async releaseHeld(brokerId: string): Promise<{ released: number; skipped: number }> {
    const staleBefore = new Date(this.clock.now().getTime() - HELD_REMINDER_MAX_AGE_MS);
    const result = await this.outcomes.releaseHeld(brokerId, TEXT_HELD_REASON, staleBefore, HELD_TOO_LONG_REASON);
    if (result.released || result.skipped)
      this.logger.log(`Released ${result.released} held text(s) of ${brokerId}; ${result.skipped} past their time`);
    return result;
  }
}
