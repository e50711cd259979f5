import { AppError, Identity } from '@cskh/kit';
import { serviceClient } from '@cskh/kit/server';
import { auth_v1_auth } from '@cskh/proto';
import { MSG } from '../domain/messages';

/** Whether an invite channel (ma_xac_nhan_1..4) is active for an account (auth's userkenhmoigoi). */
export interface ChannelLookup {
  active(caller: Identity, accountUsername: string, kenh: string): Promise<boolean>;
  close?(): void;
}

/**
 * Asks the auth service (AUTH_GRPC_URL) as the caller, so auth's own rule applies (own account or
 * own branch's). Without auth configured no channel is active: only seniors invite by code.
 */
export function authChannelLookup(authUrl: string | undefined): ChannelLookup {
  if (!authUrl) return { active: async () => false };
  const client = serviceClient(auth_v1_auth.InviteChannelServiceService, authUrl, { deadlineMs: 3000 });
  return {
    async active(caller, accountUsername, kenh) {
      try {
        const r = await client.findChannel({ accountUsername, channelName: kenh, channelText: '' }, { identity: caller });
        return !!r.active;
      } catch (err) {
        if (err instanceof AppError && (err.code === 'FORBIDDEN' || err.code === 'NOT_FOUND')) return false;
        throw new AppError('UNAVAILABLE', MSG.inviteChannelUnavailable);
      }
    },
    close: () => client.close(),
  };
}
