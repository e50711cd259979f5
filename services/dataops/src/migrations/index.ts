import { DataopsInit1733400000000 } from './1733400000000-init';
import { DataopsTypedSearch1735100000000 } from './1735100000000-typed-search';

export const dataopsMigrations = [DataopsInit1733400000000, DataopsTypedSearch1735100000000];
