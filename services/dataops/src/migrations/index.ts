import { DataopsInit1733400000000 } from './1733400000000-init';

export const dataopsMigrations = [DataopsInit1733400000000];
