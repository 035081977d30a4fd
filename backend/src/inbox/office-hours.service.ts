import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable } from '@nestjs/common';

import type { Actor } from '../agency-log/actor.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import { fillMergeFields, phoneForReading } from '../campaigns/merge-fields.js';
import { Clock } from '../common/clock.js';
import type { Language } from '../common/language.js';
import { findHealthTerm, GENERIC_MESSAGE_RULE } from '../reminders/health-terms.js';
import type { OfficeHoursDto, SaveOfficeHoursDto } from './dto/office-hours.dto.js';
import { InboxSettings } from './inbox-settings.entity.js';
import {
  type DayHours,
  DEFAULT_WEEK,
  type Holiday,
  isOpenAt,
  minutesOf,
  type OfficeHours,
  replyOverdueBefore,
  WEEK_DAYS,
  type WeekDay,
} from './office-hours.js';

/** The auto-reply until the agency writes its own. */
export const DEFAULT_AUTO_REPLY: Record<Language, string> = {
  en: '{agencyName}: Thank you for your text. Our office is closed right now; we will answer on our next business day.',
  es: '{agencyName}: Gracias por su mensaje. Nuestra oficina está cerrada en este momento; le responderemos el próximo día hábil.',
};

/** The merge fields of an auto-reply (it may answer a number that is not a client's, so no name of theirs). */
export const AUTO_REPLY_FIELDS = ['agencyName', 'agencyPhone'] as const;
const FIELD = /\{\s*([A-Za-z]+)\s*\}/g;

/** An agency's office hours as the inbox applies them. */
export interface AgencyOffice {
  hours: OfficeHours;
  autoReply: boolean;
  texts: Record<Language, string>;
  replyPromiseDays: number;
  saved: boolean;
  agencyName: string;
  agencyPhone: string;
}

interface OfficeRow {
  time_zone: string;
  agency_name: string;
  first_name: string | null;
  last_name: string | null;
  agency_phone: string;
  week: Record<WeekDay, DayHours | null> | null;
  holidays: Holiday[] | null;
  auto_reply: boolean | null;
  auto_reply_en: string | null;
  auto_reply_es: string | null;
  reply_promise_days: number | null;
}

const refuse = (field: string, message: string) => new BadRequestException({ message, field });

/**
 * When the agency answers texts (docs/messaging.md "Office hours"): its week and holidays in its
 * time zone, the auto-reply sent while it is closed, and its promise of a reply in business days,
 * past which a waiting text shows on the dashboard and in the weekly digest.
 */
@Injectable()
export class OfficeHoursService {
  constructor(
    private readonly em: EntityManager,
    private readonly log: AgencyLogService,
    private readonly clock: Clock,
  ) {}

  /** The agency's office (its saved hours, else the defaults), in one statement. */
  async office(agencyId: string, em: EntityManager = this.em): Promise<AgencyOffice> {
    const [row] = await em.execute<OfficeRow[]>(
      `select u.time_zone, u.agency_name, u.first_name, u.last_name, u.agency_phone,
              s.week, s.holidays, s.auto_reply, s.auto_reply_en, s.auto_reply_es, s.reply_promise_days
         from users u left join inbox_settings s on s.agency_id = u.id where u.id = ?`,
      [agencyId],
    );
    return {
      hours: { week: row.week ?? DEFAULT_WEEK, holidays: row.holidays ?? [], zone: row.time_zone },
      autoReply: row.auto_reply ?? false,
      texts: { en: row.auto_reply_en ?? DEFAULT_AUTO_REPLY.en, es: row.auto_reply_es ?? DEFAULT_AUTO_REPLY.es },
      replyPromiseDays: row.reply_promise_days ?? 1,
      saved: row.week !== null,
      agencyName: row.agency_name || [row.first_name, row.last_name].filter(Boolean).join(' '),
      agencyPhone: row.agency_phone,
    };
  }

  async get(agencyId: string): Promise<OfficeHoursDto> {
    return officeDto(await this.office(agencyId), this.clock.now());
  }

  /** Saves the agency's hours; each change is in the activity log. */
  async save(actor: Actor, input: SaveOfficeHoursDto): Promise<OfficeHoursDto> {
    const week = {} as Record<WeekDay, DayHours | null>;
    for (const day of WEEK_DAYS) {
      const hours = input.week[day];
      if (hours && minutesOf(hours.open) >= minutesOf(hours.close))
        throw refuse(`week.${day}`, `${day}: the closing time must be after the opening time`);
      week[day] = hours ? { open: hours.open, close: hours.close } : null;
    }
    const seen = new Set<string>();
    const holidays: Holiday[] = [];
    for (const holiday of [...input.holidays].sort((a, b) => a.date.localeCompare(b.date))) {
      const name = holiday.name.trim();
      if (!name) throw refuse('holidays', 'a holiday needs a name');
      if (seen.has(holiday.date)) throw refuse('holidays', `${holiday.date} is in the list twice`);
      seen.add(holiday.date);
      holidays.push({ date: holiday.date, name });
    }
    const texts = { en: input.autoReplyEn.trim(), es: input.autoReplyEs.trim() };
    for (const language of ['en', 'es'] as const) {
      const field = language === 'en' ? 'autoReplyEn' : 'autoReplyEs';
      const text = texts[language];
      if (input.autoReply && !text) throw refuse(field, 'Write the auto-reply in both languages, or turn it off');
      const term = findHealthTerm(text);
      if (term) throw new BadRequestException({ message: GENERIC_MESSAGE_RULE, term, field });
      const unknown = [...text.matchAll(FIELD)].find((m) => !(AUTO_REPLY_FIELDS as readonly string[]).includes(m[1]));
      if (unknown)
        throw refuse(
          field,
          `${unknown[0]} is not a merge field of an auto-reply: use ${AUTO_REPLY_FIELDS.map((f) => `{${f}}`).join(', ')}`,
        );
    }
    await this.em.transactional(async (em) => {
      await em.upsert(InboxSettings, {
        agency: actor.agencyId,
        week,
        holidays,
        autoReply: input.autoReply,
        autoReplyEn: texts.en || DEFAULT_AUTO_REPLY.en,
        autoReplyEs: texts.es || DEFAULT_AUTO_REPLY.es,
        replyPromiseDays: input.replyPromiseDays,
        updatedAt: this.clock.now(),
      });
      this.log.record(em, actor, {
        action: 'inbox_hours_changed',
        targetType: 'agency',
        targetId: actor.agencyId,
        summary: input.autoReply
          ? 'Changed the office hours for texts (auto-reply on)'
          : 'Changed the office hours for texts (auto-reply off)',
      });
    });
    return this.get(actor.agencyId);
  }

  /** Texts waiting since before this moment have waited longer than the agency's promise. */
  async overdueBefore(agencyId: string, now: Date = this.clock.now()): Promise<Date> {
    const office = await this.office(agencyId);
    return replyOverdueBefore(office.hours, now, office.replyPromiseDays);
  }
}

/** The auto-reply as it goes to a person of this language, its merge fields filled in. */
export function autoReplyText(office: AgencyOffice, language: Language): string {
  return fillMergeFields(office.texts[language], {
    firstName: '',
    lastName: '',
    agencyName: office.agencyName,
    agencyPhone: phoneForReading(office.agencyPhone),
  }).trim();
}

function officeDto(office: AgencyOffice, now: Date): OfficeHoursDto {
  return {
    week: office.hours.week,
    holidays: office.hours.holidays,
    autoReply: office.autoReply,
    autoReplyEn: office.texts.en,
    autoReplyEs: office.texts.es,
    replyPromiseDays: office.replyPromiseDays,
    timeZone: office.hours.zone,
    openNow: isOpenAt(office.hours, now),
    saved: office.saved,
  };
}
