import { ApiProperty } from '@nestjs/swagger';

/** An admin or a broker as the audit log names them; name and e-mail are null once the account is gone. */
export class AuditPersonDto {
  @ApiProperty({ format: 'uuid', example: '5b0c7e2d-9f41-4a63-b8d2-7e1f0a3c6d94' }) id!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Alex Morgan', description: 'First and last name; null when neither is known' })
  name!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'alex.morgan@carekeep.example' }) email!: string | null;
}

/** One entry of the platform's audit log (docs/admin.md): who did what, to whom, and the values before and after. */
export class AuditEntryDto {
  @ApiProperty({ format: 'uuid', example: '9a7e5c3b-1d2f-4e6a-8b0c-4f3e2d1c0b9a' }) id!: string;
  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-20T15:42:10.123Z' }) createdAt!: string;
  @ApiProperty({ type: AuditPersonDto, description: 'The admin who acted' }) admin!: AuditPersonDto;
  @ApiProperty({
    example: 'trial_extended',
    description:
      'What was done: trial_extended, subscription_updated, resource_uploaded, resource_updated, resource_activated, ' +
      'resource_deactivated, resource_made_public, resource_made_private, resource_deleted, api_token_revoked, …',
  })
  action!: string;
  @ApiProperty({ example: 'broker', description: 'What the action was done to: broker, resource, api_token, …' }) targetType!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: '8d2f4a61-3c5e-4b9a-a7d1-0e6f2b3c4d5a' }) targetId!: string | null;
  @ApiProperty({
    type: AuditPersonDto,
    nullable: true,
    description: 'The broker the action concerns; null for one about no broker (a resource)',
  })
  broker!: AuditPersonDto | null;
  @ApiProperty({ type: String, nullable: true, example: 'Extended by 14 days' }) notes!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, example: { trialEndsAt: '2026-12-01T00:00:00.000Z' } })
  before!: Record<string, unknown> | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, example: { trialEndsAt: '2026-12-15T00:00:00.000Z' } })
  after!: Record<string, unknown> | null;
}
