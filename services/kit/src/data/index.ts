export * from './db';
export * from './sql';
export * from './masked-search';
export * from './typed-search';
export * from './list';
export * from './list-types';
export * from './list-filter';
export {
  ESTIMATE_BEYOND_CAPS,
  EXACT_COUNT_UP_TO,
  GROUP_SAMPLE,
  PEEK_ENOUGH,
  PEEK_EXPECTED,
  plannerRows,
  SAMPLE_BEYOND_CAPS,
  SAMPLE_MIN_PAGES,
  TABLE_SAMPLE_ROWS,
} from './list-count';
export * from './rollups';
export * from './trigram-indexes';
export * from './audit';
export * from './staff';
export * from './hand-out';
