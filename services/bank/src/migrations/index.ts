import { BankInit1733100000000 } from './1733100000000-init';

export const bankMigrations = [BankInit1733100000000];
