import { ApiProperty } from '@nestjs/swagger';

export class ConsentsByStateDto {
  @ApiProperty({ type: String, nullable: true, example: 'FL', description: 'The client’s state; null when not recorded' }) state!:
    string | null;
  @ApiProperty({ description: 'Clients with marketing permission on at least one channel' }) granted!: number;
  @ApiProperty({ description: 'Clients who revoked it (and gave it nowhere since)' }) revoked!: number;
  @ApiProperty({ description: 'Clients whose permission lapsed' }) expired!: number;
  @ApiProperty({ description: 'Clients who never gave it' }) unknown!: number;
}

export class EventsBySourceDto {
  @ApiProperty({ example: 'keyword' }) source!: string;
  @ApiProperty() granted!: number;
  @ApiProperty() revoked!: number;
}

export class ReasonCountDto {
  @ApiProperty() reason!: string;
  @ApiProperty() count!: number;
}

export class ChannelCountDto {
  @ApiProperty({ enum: ['voice', 'sms', 'email'] }) channel!: string;
  @ApiProperty() count!: number;
}

export class RevocationFiguresDto {
  @ApiProperty({ description: 'Revocations recorded in the period' }) count!: number;
  @ApiProperty({ description: 'Marketing messages sent after a revocation on their channel (must be 0)' }) sendsAfterRevocation!: number;
  @ApiProperty({ example: 'At the next send: the ledger is asked before every message' }) honoured!: string;
}

export class CallingHoursFiguresDto {
  @ApiProperty({ description: 'Marketing calls and texts sent in the period' }) checked!: number;
  @ApiProperty({ description: 'Of those, sent outside the calling hours where the client is (must be 0)' }) outside!: number;
}

/** A broker's compliance report for a period. No health data. */
export class ComplianceReportDto {
  @ApiProperty({ example: '2026-08-27' }) from!: string;
  @ApiProperty({ example: '2026-11-25', description: 'Inclusive' }) to!: string;
  @ApiProperty({ example: 'Harbor Senior Insurance' }) agencyName!: string;
  @ApiProperty({ description: 'Marketing permission lapses this many months after it was given' }) marketingMonths!: number;
  @ApiProperty({ type: [ConsentsByStateDto], description: 'Active clients now, by state' }) consentsByState!: ConsentsByStateDto[];
  @ApiProperty({ type: [EventsBySourceDto], description: 'Ledger events of the period by how they came about' })
  eventsBySource!: EventsBySourceDto[];
  @ApiProperty({ type: RevocationFiguresDto }) revocations!: RevocationFiguresDto;
  @ApiProperty({ type: [ReasonCountDto], description: 'Messages not sent in the period, by reason' }) skippedByReason!: ReasonCountDto[];
  @ApiProperty({ type: [ChannelCountDto], description: 'Marketing messages sent and kept in the period' })
  marketingSent!: ChannelCountDto[];
  @ApiProperty({ type: CallingHoursFiguresDto }) callingHours!: CallingHoursFiguresDto;
}
