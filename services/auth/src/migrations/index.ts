import { AuthInitial1700000000000 } from './1700000000000-initial';
import { AuthSessions1734300000000 } from './1734300000000-sessions';
import { AuthTypedSearch1735100000000 } from './1735100000000-typed-search';

export const authMigrations = [AuthInitial1700000000000, AuthSessions1734300000000, AuthTypedSearch1735100000000];
