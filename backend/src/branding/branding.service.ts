import { randomUUID } from 'node:crypto';

import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';

import type { Actor } from '../agency-log/actor.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import { changedFields, factsOf } from '../agency-log/changes.js';
import { normalizePhone } from '../clients/contact.js';
import { Clock } from '../common/clock.js';
import { isUuid } from '../common/ids.js';
import type { Language } from '../common/language.js';
import { loadOnce } from '../common/load-once.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { IMAGE_TYPES, sniff } from '../storage/file-types.js';
import { StorageService } from '../storage/storage.service.js';
import { DEFAULT_PRIMARY_COLOR, User } from '../users/user.entity.js';
import type { PortalBrandingDto, PortalLinkDto, PublicAgencyDto, UpdateBrandingDto } from './dto/branding.dto.js';
import { SLUG_PATTERN, slugCandidate, slugOf } from './portal-slug.js';
import { sponsorMessageIn } from './sponsor-message.js';
import { disclaimerOf, TPMO_DISCLAIMER_MAX } from './tpmo.js';

/** The image library, loaded with the first logo (the app's other requests do without it). */
const loadSharp = loadOnce(async () => (await import('sharp')).default);

export const SPONSOR_MESSAGE_MAX = 150;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_SIZE = 200;
export const DEFAULT_PORTAL_AGENCY = 'Your Healthcare Team';
const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const LOGO_FILE = /^([0-9a-f-]{36})\.png$/;

export function logoUrl(key: string | null | undefined): string | null {
  const name = key?.split('/')[1];
  return name ? `/api/public/logos/${name}` : null;
}

/** What the branding form changes, as the activity log records it (the logo is recorded on its own, as its address). */
const BRANDING_FIELDS = [
  'primaryColor',
  'secondaryColor',
  'agencyName',
  'agencyPhone',
  'sponsorMessage',
  'sponsorMessageEs',
  'agencyAddress',
  'sellsPlans',
  'tpmoOrganizations',
  'tpmoPlans',
  'tpmoDisclaimer',
] as const;

/** Agency branding: colours, name, phone, sponsor message, postal address, logo, and the branded sign-in link. */
@Injectable()
export class BrandingService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly log: AgencyLogService,
  ) {}

  async update(broker: User, actor: Actor, input: UpdateBrandingDto): Promise<User> {
    const user = await this.em.findOneOrFail(User, { id: broker.id });
    const before = factsOf(user, BRANDING_FIELDS);
    for (const field of ['primaryColor', 'secondaryColor'] as const) {
      const value = input[field]?.trim();
      if (value === undefined) continue;
      if (!HEX.test(value)) throw new BadRequestException({ message: `${field} must be a hex colour like #2563eb or #26e`, field });
      user[field] = value.toLowerCase();
    }
    for (const field of ['sponsorMessage', 'sponsorMessageEs'] as const) {
      const message = input[field]?.trim();
      if (message === undefined) continue;
      if (message.length > SPONSOR_MESSAGE_MAX) {
        throw new BadRequestException({ message: `${field} must be at most ${SPONSOR_MESSAGE_MAX} characters`, field });
      }
      user[field] = message;
    }
    if (input.agencyPhone !== undefined) {
      const raw = input.agencyPhone.trim();
      const phone = raw ? normalizePhone(raw) : '';
      if (phone === null) throw new BadRequestException({ message: 'agencyPhone is not a valid phone number', field: 'agencyPhone' });
      user.agencyPhone = phone;
    }
    if (input.agencyName !== undefined) {
      if (input.agencyName.trim().length > 120)
        throw new BadRequestException({ message: 'agencyName must be at most 120 characters', field: 'agencyName' });
      user.agencyName = input.agencyName.trim();
    }
    if (input.agencyAddress !== undefined) {
      if (input.agencyAddress.trim().length > 300)
        throw new BadRequestException({ message: 'agencyAddress must be at most 300 characters', field: 'agencyAddress' });
      user.agencyAddress = input.agencyAddress.trim();
    }
    if (input.sellsPlans !== undefined) {
      user.sellsPlans = input.sellsPlans;
      user.tpmoAnsweredAt = this.clock.now();
    }
    if (input.tpmoOrganizations !== undefined) user.tpmoOrganizations = input.tpmoOrganizations;
    if (input.tpmoPlans !== undefined) user.tpmoPlans = input.tpmoPlans;
    if (input.tpmoDisclaimer !== undefined) {
      const text = input.tpmoDisclaimer?.trim() ?? '';
      if (text.length > TPMO_DISCLAIMER_MAX) {
        throw new BadRequestException({
          message: `tpmoDisclaimer must be at most ${TPMO_DISCLAIMER_MAX} characters`,
          field: 'tpmoDisclaimer',
        });
      }
      user.tpmoDisclaimer = text || null;
    }
    const change = changedFields(before, factsOf(user, BRANDING_FIELDS));
    if (change)
      this.log.record(this.em, actor, { action: 'branding_updated', targetType: 'agency', summary: 'Changed the branding', ...change });
    await this.em.flush();
    return user;
  }

  /** An agency's TPMO disclaimer as a page (the link marketing texts end with); 404 when it has none. */
  async disclaimerPage(brokerId: string, language: Language): Promise<{ agencyName: string; disclaimer: string; primaryColor: string }> {
    const broker = isUuid(brokerId) ? await this.em.findOne(User, { id: brokerId }) : null;
    const disclaimer = broker ? disclaimerOf(broker, language) : null;
    if (!broker || !disclaimer) throw new NotFoundException('No such disclaimer');
    return { agencyName: broker.agencyName || DEFAULT_PORTAL_AGENCY, disclaimer, primaryColor: broker.primaryColor };
  }

  /**
   * A PNG, JPEG or WebP logo (told by its bytes), re-encoded as a PNG fitted within 200×200, which
   * drops any metadata. The previous logo file is removed.
   */
  async uploadLogo(broker: User, actor: Actor, data: Buffer): Promise<string> {
    const kind = sniff(data.subarray(0, 64));
    if (!kind || kind === 'zip' || !IMAGE_TYPES.includes(kind.type)) {
      throw new BadRequestException('The logo must be a PNG, JPEG or WebP image');
    }
    const sharp = await loadSharp();
    let png: Buffer;
    try {
      png = await sharp(data, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
    } catch {
      throw new BadRequestException('The logo image could not be read');
    }
    const key = `logos/${randomUUID()}.png`;
    await this.storage.putBuffer(key, png, 'image/png');
    const user = await this.em.findOneOrFail(User, { id: broker.id });
    const previous = user.logoUrl;
    user.logoUrl = logoUrl(key);
    this.log.record(this.em, actor, {
      action: 'logo_uploaded',
      targetType: 'agency',
      summary: 'Uploaded a new logo',
      before: { logoUrl: previous ?? null },
      after: { logoUrl: user.logoUrl },
    });
    await this.em.flush();
    const old = previous && LOGO_FILE.exec(previous.split('/').pop() ?? '');
    if (old) await this.storage.delete(`logos/${old[0]}`);
    return user.logoUrl!;
  }

  async readLogo(file: string) {
    if (!LOGO_FILE.test(file)) throw new NotFoundException('No such logo');
    const size = await this.storage.size(`logos/${file}`);
    if (size === undefined) throw new NotFoundException('No such logo');
    return { stream: await this.storage.read(`logos/${file}`), size };
  }

  async forClientPortal(brokerId: string, language: Language = 'en'): Promise<PortalBrandingDto> {
    const broker = await this.em.findOneOrFail(User, { id: brokerId });
    return {
      agencyName: broker.agencyName || DEFAULT_PORTAL_AGENCY,
      logoUrl: broker.logoUrl ?? null,
      primaryColor: broker.primaryColor || DEFAULT_PRIMARY_COLOR,
      // In the client's language when the agency wrote it in theirs (as their reminders have it).
      sponsorMessage: sponsorMessageIn(language, broker),
      disclaimer: disclaimerOf(broker, language),
      agencyPhone: broker.agencyPhone.trim() || null,
    };
  }

  /** The agency a branded link names, for its sign-in page; 404 for a slug that names none. */
  async publicAgency(slug: string): Promise<PublicAgencyDto> {
    const broker = SLUG_PATTERN.test(slug) ? await this.em.findOne(User, { portalSlug: slug }) : null;
    if (!broker) throw new NotFoundException('No such agency');
    return publicAgencyOf(broker);
  }

  /** The broker's branded sign-in link (its slug made on first need). */
  async portalLink(broker: User): Promise<PortalLinkDto> {
    const slug = await this.ensurePortalSlug(broker.id);
    return { slug, url: `${this.config.appUrl}/client/login?agency=${slug}` };
  }

  /**
   * The broker's slug, made from the agency name (else the broker's name) the first time it is
   * needed and then kept: `sunrise-benefits`, or `sunrise-benefits-2` when another agency has it.
   */
  async ensurePortalSlug(brokerId: string): Promise<string> {
    const em = this.em.fork();
    const broker = await em.findOneOrFail(User, { id: brokerId });
    if (broker.portalSlug) return broker.portalSlug;
    const person = [broker.firstName, broker.lastName].filter(Boolean).join(' ');
    const base = slugOf(broker.agencyName || person);
    for (let n = 1; ; n++) {
      const candidate = slugCandidate(base, n);
      if (await em.count(User, { portalSlug: candidate })) continue;
      try {
        // Only while it has none: two first requests at once keep the first one's slug.
        await em.nativeUpdate(User, { id: broker.id, portalSlug: null }, { portalSlug: candidate });
      } catch (error) {
        // Another agency took this one in the meantime: try the next.
        if (error instanceof UniqueConstraintViolationException) continue;
        throw error;
      }
      const saved = await em.fork().findOneOrFail(User, { id: broker.id });
      return saved.portalSlug!;
    }
  }
}

/** An agency's public face (PublicAgencyDto) from its broker. */
export function publicAgencyOf(broker: User): PublicAgencyDto {
  return {
    agencyName: broker.agencyName.trim() || DEFAULT_PORTAL_AGENCY,
    logoUrl: broker.logoUrl ?? null,
    primaryColor: broker.primaryColor || DEFAULT_PRIMARY_COLOR,
    agencyPhone: broker.agencyPhone.trim() || null,
  };
}
