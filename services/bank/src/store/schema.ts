/** The bank service's PostgreSQL schema: the one place its name is written. */
export const SCHEMA = 'bank';

/** Tables of the schema, qualified, for the SQL of store/ and the migrations. */
export const BANK_MESSAGE_TABLE = `"${SCHEMA}".bank_message`;
export const REFUND_REF_TABLE = `"${SCHEMA}".refund_ref`;
