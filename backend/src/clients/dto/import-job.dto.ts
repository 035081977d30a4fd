import { ApiProperty } from '@nestjs/swagger';

import { IMPORT_JOB_STATUSES, type ImportJobStatus } from '../import-job.entity.js';

export class ImportErrorDto {
  @ApiProperty({ description: 'Line number in the file (the header is line 1)' }) row!: number;
  @ApiProperty({ example: 'phone', description: 'The column, or `limit` for a row left out by the client limit' }) field!: string;
  @ApiProperty({ example: '"12" is not a valid phone number' }) message!: string;
}

/**
 * A CSV import's progress while it runs, and its result once it has ended; also the answer to an
 * upload (SPEC: count, partial, message, limitReached), ended or just begun.
 */
export class ImportJobDto {
  @ApiProperty({ format: 'uuid' }) jobId!: string;
  @ApiProperty({
    enum: IMPORT_JOB_STATUSES,
    description: '`queued` and `running` go on by themselves; `completed` and `failed` are final',
  })
  status!: ImportJobStatus;
  @ApiProperty({ example: 'clients.csv', description: 'The uploaded file’s name' }) fileName!: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Client rows in the file (the header not counted), known once the file has been read through, before any row is imported',
  })
  rowsTotal!: number | null;
  @ApiProperty({ description: 'Rows processed so far (imported or not)' }) rowsRead!: number;
  @ApiProperty({ description: 'Clients imported so far' }) imported!: number;
  @ApiProperty({ description: 'Rows not imported so far: skipped for an error, or left out by the client limit' }) rejected!: number;
  @ApiProperty({ description: 'Clients imported: the same figure as imported, under the name of the spec’s import result' })
  count!: number;
  @ApiProperty({ description: 'Some rows were not imported (skipped, left out by the limit, or the import failed)' }) partial!: boolean;
  @ApiProperty({ description: 'The client limit left rows out' }) limitReached!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Imported 1,250 of 1,300 clients; 50 rows skipped',
    description:
      'Once completed, the summary; once failed, why, and what was imported before; before that null, except in the ' +
      'upload’s 202 answer, which says the import goes on in the background',
  })
  message!: string | null;
  @ApiProperty({ type: [ImportErrorDto], description: 'The first 100 problems, in file order' }) errors!: ImportErrorDto[];
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt!: string | null;
}
