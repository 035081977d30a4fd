import { User } from '../users/user.entity.js';

/** Every entity of the application, registered explicitly (no folder scanning). */
export const ENTITIES = [User];
