import { AuthInitial1700000000000 } from './1700000000000-initial';

export const authMigrations = [AuthInitial1700000000000];
