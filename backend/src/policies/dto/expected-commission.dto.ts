import { ApiProperty } from '@nestjs/swagger';

/** What a policy is expected to earn now under its carrier's schedule. */
export class ExpectedCommissionDto {
  @ApiProperty({ enum: ['initial', 'renewal'], description: 'Initial in the calendar year the policy took effect, renewal after' })
  kind!: 'initial' | 'renewal';
  @ApiProperty({ type: 'integer', description: 'The schedule’s amount for the year, in cents' }) annualCents!: number;
  @ApiProperty({ type: 'integer', description: 'A twelfth of it, for each month the policy is in force' }) monthlyCents!: number;
  @ApiProperty({ format: 'uuid' }) scheduleId!: string;
}
