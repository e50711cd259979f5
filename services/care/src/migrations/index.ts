import { CareInit1733200000000 } from './1733200000000-init';

export const careMigrations = [CareInit1733200000000];
