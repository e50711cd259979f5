import { LookupInit1732150000000 } from './1732150000000-init';
import { LookupListVolume1733600000000 } from './1733600000000-list-volume';
import { LookupTypedSearch1735100000000 } from './1735100000000-typed-search';
import { LookupTypedSearchPlpgsql1735200000000 } from './1735200000000-typed-search-plpgsql';

/** The lookup schema's migrations, in the order they run. */
export const lookupMigrations = [
  LookupInit1732150000000,
  LookupListVolume1733600000000,
  LookupTypedSearch1735100000000,
  LookupTypedSearchPlpgsql1735200000000,
];
