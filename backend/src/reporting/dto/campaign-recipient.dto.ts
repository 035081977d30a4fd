import { ApiProperty } from '@nestjs/swagger';

export const RECIPIENT_STATUSES = ['waiting', 'sent', 'delivered', 'failed', 'skipped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** One recipient of a sent campaign (the id is the client's). */
export class CampaignRecipientDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) clientId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The phone or e-mail it went to' }) address!: string | null;
  @ApiProperty({ enum: RECIPIENT_STATUSES }) status!: RecipientStatus;
  @ApiProperty({ type: String, nullable: true, description: 'Why it failed or was skipped' }) reason!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) openedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) clickedAt!: string | null;
}
