import { AppError } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import type { refunds_v1_refunds } from '@cskh/proto';
import type { RefundsContext } from '../context';
import { MSG } from '../domain/messages';
import { checkKey, checkMayChange, checkSettingValue, SETTING_KEYS } from '../domain/settings';
import { insertSetting, lockSetting, readSettings, SETTING_RESOURCE, writeSetting } from '../store/settings';

type Def = typeof refunds_v1_refunds.RefundsServiceService;
type Rpcs = 'createSetting' | 'updateSetting' | 'getSetting' | 'listSettings' | 'settingHistory';

/** Settings of the refund screens (spec 2 §2.11, §7 "Settings"): checked, attributed, audited. */
export function settingHandlers(service: RefundsContext): Pick<Handlers<Def>, Rpcs> {
  const { ds, audit } = service.deps;
  const configured = new Set(service.gateways.keys());

  const save = async (
    req: refunds_v1_refunds.SettingRequest,
    me: Parameters<typeof checkMayChange>[0] & { username: string; fullname: string },
    create: boolean,
  ) => {
    const key = checkKey(req.key);
    checkMayChange(me, key);
    const value = checkSettingValue(key, req.value, configured);
    await ds.transaction(async (em) => {
      const before = await lockSetting(em, key);
      if (create) {
        if (before !== undefined || !(await insertSetting(em, key, value, me.username))) throw new AppError('CONFLICT', MSG.settingExists);
      } else {
        if (before === undefined) {
          await insertSetting(em, key, value, me.username);
        } else if (before === value) return;
        else await writeSetting(em, key, value, me.username);
      }
      await audit.record(em, {
        resource: SETTING_RESOURCE,
        id: key,
        who: me,
        changes: [{ field: 'value', from: before ?? null, to: value }],
      });
    });
    return { key, value };
  };

  return {
    createSetting: (req, ctx) => save(req, ctx.user, true),
    updateSetting: (req, ctx) => save(req, ctx.user, false),
    async getSetting(req) {
      const key = checkKey(req.key);
      const value = (await readSettings(ds.manager)).get(key);
      if (value === undefined) throw new AppError('NOT_FOUND', MSG.settingNotFound);
      return { key, value };
    },
    async listSettings(_req) {
      const all = await readSettings(ds.manager);
      const values = SETTING_KEYS.filter((k) => all.has(k)).map((k) => ({ key: k, value: all.get(k)! }));
      return { values, count: values.length };
    },
    async settingHistory(req) {
      const key = checkKey(req.id);
      return audit.history(ds.manager, SETTING_RESOURCE, key, req.page, req.count);
    },
  };
}
