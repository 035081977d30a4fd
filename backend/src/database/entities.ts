import { LoginThrottle } from '../auth/login-throttle.entity.js';
import { ClientAccount } from '../client-portal/client-account.entity.js';
import { ClientInvitation } from '../clients/client-invitation.entity.js';
import { Client } from '../clients/client.entity.js';
import { OutboxMessage } from '../messaging/outbox-message.entity.js';
import { User } from '../users/user.entity.js';

/** Every entity of the application, registered explicitly (no folder scanning). */
export const ENTITIES = [User, Client, ClientInvitation, ClientAccount, LoginThrottle, OutboxMessage];

/** Tables the schema check leaves alone: the session store's table (created by a migration). */
export const UNMANAGED_TABLES = ['session'];
