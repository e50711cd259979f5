import { bind } from '@cskh/kit/server';
import { ServiceModule } from '@cskh/kit/service';
import { bank_v1_bank } from '@cskh/proto';
import { bankConfig } from './config';
import { BankContext, bankContext } from './context';
import { bankMigrations } from './migrations';
import { assignHandlers } from './handlers/assign';
import { importHandlers } from './handlers/imports';
import { messageHandlers } from './handlers/messages';
import { SCHEMA } from './store/schema';
import { consumeRefunds } from './workers/refund-changes';

/** The bank service: bank-transfer messages — lookup, VPBank import, processing, approval, assignment. */
export const bankModule: ServiceModule<typeof bankConfig.shape, BankContext> = {
  name: 'bank',
  schema: SCHEMA,
  config: bankConfig,
  migrations: bankMigrations,
  // Approvals and the pushes of an assignment leave through the outbox; edits, processing and
  // decisions are audited; assignment reads the staff read model (who is in the manager's subtree);
  // the refunds read model leads a transfer to its refund request.
  features: { outbox: true, staff: true, audit: true },
  context: bankContext,

  services: (_deps, c) => [bind(bank_v1_bank.BankServiceService, { ...messageHandlers(c), ...importHandlers(c), ...assignHandlers(c) })],
  start: (_deps, c) => consumeRefunds(c),
};
