import { QueryFailedError } from 'typeorm';
import { AppError } from '../core/errors';
import { isDatabaseUnavailable } from './db';

/** Errors as pg and TypeORM raise them when PostgreSQL is stopped, restarting or refusing. */
const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a database that is not there', () => {
    expect(isDatabaseUnavailable(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('53300', 'sorry, too many clients already'))).toBe(true);
  });

  it('looks through TypeORM and cause chains', () => {
    const wrapped = new QueryFailedError('SELECT 1', [], pgError('57P01', 'terminating connection due to administrator command'));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new Error('insert failed', { cause: pgError('ECONNRESET') }))).toBe(true);
  });

  it('leaves query errors and our own errors alone', () => {
    expect(
      isDatabaseUnavailable(new QueryFailedError('INSERT', [], pgError('23505', 'duplicate key value violates unique constraint'))),
    ).toBe(false);
    expect(isDatabaseUnavailable(pgError('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new AppError('CONFLICT'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
