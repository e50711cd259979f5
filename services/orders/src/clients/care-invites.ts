import { AppError, ERROR_TABLE, Identity } from '@cskh/kit';
import { serviceClient } from '@cskh/kit/server';
import { care_v1_care } from '@cskh/proto';
import { AutoInviteRequest, autoInviteReply } from '../domain/auto-invite';
import { MSG } from '../domain/messages';

/**
 * 'Mời tự động' (moiTuDong): invites the order's subscriber through the care service's invitation
 * channel — care's own Invite RPC over gRPC (CARE_GRPC_URL), not a copy of it. The caller's
 * identity travels with the call, so care's rules apply to them as on its own screen (the
 * channel's permission code, the invitation recorded under their name, the registration event
 * and notice). Care's refusals keep their code and Vietnamese message; care not configured or
 * not reachable is a 503 with our own message.
 */
export interface InviteChannel {
  invite(
    req: AutoInviteRequest,
    caller: Identity,
    signal?: AbortSignal,
  ): Promise<{ result: string; mes: string; channel: string; status: string }>;
  close(): void;
}

export function careInviteChannel(careUrl: string | undefined, deadlineMs = 20_000): InviteChannel {
  if (!careUrl)
    return {
      invite: async () => {
        throw new AppError('UNAVAILABLE', MSG.inviteUnavailable);
      },
      close: () => undefined,
    };
  const care = serviceClient(care_v1_care.CareServiceService, careUrl, { deadlineMs });
  return {
    async invite(req, caller, signal) {
      try {
        return autoInviteReply(await care.invite(care_v1_care.InviteRequest.fromPartial(req), { identity: caller, signal }));
      } catch (err) {
        // Care's own answers (refused channel, the carrier's refusal or silence, bad input) reach
        // the user as care gave them; care itself unreachable, timing out or failing is ours to say.
        if (err instanceof AppError && err.code !== 'INTERNAL' && err.msg !== ERROR_TABLE[err.code].msg) throw err;
        if (
          err instanceof AppError &&
          ['VALIDATION', 'FORBIDDEN', 'NOT_FOUND', 'PRECONDITION', 'CONFLICT', 'RATE_LIMITED'].includes(err.code)
        )
          throw err;
        throw new AppError('UNAVAILABLE', MSG.inviteUnavailable);
      }
    },
    close: () => care.close(),
  };
}
