import { events_v1_pushes } from '@cskh/proto';
import { pushToAll } from '@cskh/kit/messaging';
import { ServiceDeps } from '@cskh/kit/service';
import type { PayrollConfig } from '../config';
import { displayMonth } from '../domain/month';
import { computePayroll } from '../domain/payroll';
import { claimPending, gatherInputs, loadSettings, storeResult } from '../store/payroll';

const BATCH = 50;

/**
 * The asynchronous recalculation: rows marked 'Đang tính toán...' (pending) are claimed by one
 * worker (FOR UPDATE SKIP LOCKED, so several replicas never compute a row twice), computed from
 * their inputs and stored in the same transaction; then every open sheet is told over the realtime
 * tier, so it refreshes without polling. Nudged after each change; a timer catches the rest.
 */
export class Recalculator {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: ServiceDeps<PayrollConfig>) {}

  start() {
    this.timer = setInterval(() => this.nudge(), this.deps.config.PAYROLL_WORKER_INTERVAL_MS);
    this.timer.unref();
    this.nudge();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Runs a pass now (or right after the one in progress). */
  nudge() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err) => this.deps.log.warn({ err }, 'payroll recalculation failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  private async drain() {
    while (!this.stopped && (await this.runOnce()) === BATCH);
  }

  /** One batch: claim, compute, store, commit, push. Returns how many rows it computed. */
  async runOnce(): Promise<number> {
    const done = await this.deps.ds.transaction(async (em) => {
      const rows = await claimPending(em, BATCH);
      if (rows.length === 0) return [];
      const settings = await loadSettings(em);
      for (const row of rows) {
        const inputs = await gatherInputs(em, row.month, row.username, row.manual ?? {});
        await storeResult(em, row.id, computePayroll(inputs, settings));
      }
      return rows;
    });
    if (done.length) {
      const months = [...new Set(done.map((r) => displayMonth(r.month)))];
      await pushToAll(this.deps.bus, events_v1_pushes.PayrollRecalculated, {
        months,
        usernames: [...new Set(done.map((r) => r.username))],
      }).catch((err) => this.deps.log.warn({ err }, 'payroll push failed'));
    }
    return done.length;
  }
}
