import { Module } from '@nestjs/common';
import { InvitationTokensService } from './invitation-tokens.service.js';

@Module({
  providers: [InvitationTokensService],
  exports: [InvitationTokensService],
})
export class ClientsModule {}
