import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';

import { CONTACT_CHANGE_STATUSES, CONTACT_FIELDS, type ContactChangeStatus, type ContactField } from '../contact-change.entity.js';

/** A contact change the broker asked for that waits for the client (broker's view: their own input). */
export class PendingContactChangeDto {
  @ApiProperty({ enum: CONTACT_FIELDS }) field!: ContactField;
  @ApiProperty({ type: String, nullable: true, description: 'The phone (E.164) or e-mail asked for; null removes the e-mail' })
  value!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) requestedAt!: string;
}

/** A contact change as the client sees it in their portal: who asked, when, old and new masked. */
export class ClientContactChangeDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: CONTACT_FIELDS }) field!: ContactField;
  @ApiProperty({ example: '***-***-0142', description: 'Masked; empty when there was none' }) oldValue!: string;
  @ApiProperty({ example: '***-***-0199', description: 'Masked; empty when the e-mail is removed' }) newValue!: string;
  @ApiProperty({ enum: CONTACT_CHANGE_STATUSES }) status!: ContactChangeStatus;
  @ApiProperty({ example: 'Jane Smith (Sunrise Insurance)', description: 'Who asked for the change' }) requestedBy!: string;
  @ApiProperty({ type: String, format: 'date-time' }) requestedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) decidedAt!: string | null;
}

/** Path of a broker's open contact change: the client and the field. */
export class ContactChangePathDto {
  @ApiProperty({ format: 'uuid' }) @IsString() id!: string;

  @ApiProperty({ enum: CONTACT_FIELDS })
  @IsIn(CONTACT_FIELDS, { message: 'field must be phone or email' })
  field!: ContactField;
}
