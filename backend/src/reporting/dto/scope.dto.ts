import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

import { BOOK_SCOPES, type BookScope } from '../../members/book.js';

/** The dashboard's "My clients / The agency's": which clients its figures are about. */
export class ScopeQueryDto {
  @ApiPropertyOptional({
    enum: BOOK_SCOPES,
    default: 'agency',
    description:
      'mine: the clients assigned to the signed-in member; agency: the agency’s whole book. A member who sees only the ' +
      'clients assigned to them gets their own figures either way.',
  })
  @IsOptional()
  @IsIn(BOOK_SCOPES, { message: 'scope must be mine or agency' })
  scope?: BookScope;
}
