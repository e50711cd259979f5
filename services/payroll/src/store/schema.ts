/** The service's PostgreSQL schema: the one place its name is written. */
export const SCHEMA = 'payroll';
