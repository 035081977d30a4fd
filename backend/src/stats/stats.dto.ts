import { ApiProperty } from '@nestjs/swagger';

export class StatsDto {
  @ApiProperty() totalClients!: number;
  @ApiProperty({ description: 'Active (billable) clients this month' }) activeClients!: number;
  @ApiProperty({ description: 'Percent, 0-100' }) retentionRate!: number;
  @ApiProperty({ description: 'Percent of finished reminder calls that completed, 0-100' }) callCompletionRate!: number;
}
