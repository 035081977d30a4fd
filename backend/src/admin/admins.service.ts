import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';

import { AuditService } from '../audit/audit.service.js';
import { isUuid } from '../common/ids.js';
import { escapeLike } from '../common/like.js';
import { User } from '../users/user.entity.js';
import type { PlatformAdminDto } from './dto/admins.dto.js';

export const ADMINS_MESSAGES = {
  notSignedIn: 'No one has signed in with this e-mail yet. They must sign in once before they can be made an admin.',
  alreadyAdmin: 'This person is already an admin',
  notFound: 'Admin not found',
  notYourself: 'You cannot remove your own admin access. Ask another admin.',
} as const;

function toDto(user: User, you: User): PlatformAdminDto {
  return {
    id: user.id,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    email: user.email ?? null,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    isYou: user.id === you.id,
  };
}

/**
 * Who the platform admins are, changed by an admin from the app (the `admin:grant` command does the
 * same from a shell). Every change is in the audit log; nobody removes their own access, so the
 * platform always keeps at least the admin who acts.
 */
@Injectable()
export class AdminsService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditService,
  ) {}

  async list(you: User): Promise<PlatformAdminDto[]> {
    const admins = await this.em.find(User, { isAdmin: true }, { orderBy: { lastName: 'asc', firstName: 'asc', email: 'asc', id: 'asc' } });
    return admins.map((admin) => toDto(admin, you));
  }

  /** Makes the person with this e-mail an admin (every account with it, as the command does). */
  async grant(you: User, email: string): Promise<PlatformAdminDto[]> {
    return this.em.transactional(async (em) => {
      const people = await em.find(User, { email: { $ilike: escapeLike(email) } }, { orderBy: { id: 'asc' } });
      if (people.length === 0) throw new NotFoundException({ message: ADMINS_MESSAGES.notSignedIn, field: 'email' });
      const granted = people.filter((person) => !person.isAdmin);
      if (granted.length === 0) throw new ConflictException(ADMINS_MESSAGES.alreadyAdmin);
      for (const person of granted) {
        person.isAdmin = true;
        this.audit.record(em, {
          adminId: you.id,
          action: 'admin_granted',
          targetType: 'user',
          targetId: person.id,
          brokerId: null,
          notes: person.email ?? null,
          before: { isAdmin: false },
          after: { isAdmin: true },
        });
      }
      await em.flush();
      return granted.map((person) => toDto(person, you));
    });
  }

  async revoke(you: User, id: string): Promise<void> {
    if (id === you.id) throw new ConflictException(ADMINS_MESSAGES.notYourself);
    await this.em.transactional(async (em) => {
      const admin = isUuid(id) ? await em.findOne(User, { id, isAdmin: true }) : null;
      if (!admin) throw new NotFoundException(ADMINS_MESSAGES.notFound);
      admin.isAdmin = false;
      this.audit.record(em, {
        adminId: you.id,
        action: 'admin_revoked',
        targetType: 'user',
        targetId: admin.id,
        brokerId: null,
        notes: admin.email ?? null,
        before: { isAdmin: true },
        after: { isAdmin: false },
      });
      await em.flush();
    });
  }
}
