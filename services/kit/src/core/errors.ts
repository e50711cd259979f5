import { status as GrpcStatus, Metadata, ServiceError } from '@grpc/grpc-js';

/**
 * One table for every failure: our error code ⇄ gRPC status ⇄ HTTP status.
 * Services throw AppError; the gateway turns the gRPC error back into the spec's envelope
 * { status, code, msg } with the Vietnamese msg the service chose.
 */
export const ERROR_TABLE = {
  VALIDATION: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400, msg: 'Dữ liệu không hợp lệ' },
  UNAUTHORIZED: { grpc: GrpcStatus.UNAUTHENTICATED, http: 401, msg: 'Phiên đăng nhập không hợp lệ hoặc đã hết hạn' },
  FORBIDDEN: { grpc: GrpcStatus.PERMISSION_DENIED, http: 403, msg: 'Bạn không có quyền thực hiện chức năng này' },
  NOT_FOUND: { grpc: GrpcStatus.NOT_FOUND, http: 404, msg: 'Không tìm thấy dữ liệu' },
  CONFLICT: { grpc: GrpcStatus.ALREADY_EXISTS, http: 409, msg: 'Dữ liệu đã tồn tại' },
  PRECONDITION: { grpc: GrpcStatus.FAILED_PRECONDITION, http: 422, msg: 'Không thể thực hiện ở trạng thái hiện tại' },
  RATE_LIMITED: { grpc: GrpcStatus.RESOURCE_EXHAUSTED, http: 429, msg: 'Bạn đã thử quá nhiều lần, vui lòng thử lại sau' },
  UNAVAILABLE: { grpc: GrpcStatus.UNAVAILABLE, http: 503, msg: 'Dịch vụ tạm thời không khả dụng, vui lòng thử lại sau' },
  TIMEOUT: { grpc: GrpcStatus.DEADLINE_EXCEEDED, http: 504, msg: 'Hệ thống phản hồi quá lâu, vui lòng thử lại sau' },
  INTERNAL: { grpc: GrpcStatus.INTERNAL, http: 500, msg: 'Lỗi hệ thống, vui lòng thử lại sau' },
} as const;

export type ErrorCode = keyof typeof ERROR_TABLE;

const CODE_KEY = 'x-error-code';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    msg?: string,
  ) {
    super(msg ?? ERROR_TABLE[code].msg);
    this.name = 'AppError';
  }
  get msg(): string {
    return this.message;
  }
}

export const fail = (code: ErrorCode, msg?: string): never => {
  throw new AppError(code, msg);
};

/** AppError (or anything thrown) → the error object grpc-js sends to the caller. */
export function toServiceError(err: unknown): Partial<ServiceError> {
  const app = err instanceof AppError ? err : new AppError('INTERNAL');
  const metadata = new Metadata();
  metadata.set(CODE_KEY, app.code);
  return { code: ERROR_TABLE[app.code].grpc, details: app.msg, metadata };
}

const byGrpc = new Map<number, ErrorCode>((Object.keys(ERROR_TABLE) as ErrorCode[]).map((c) => [ERROR_TABLE[c].grpc, c]));

export interface ErrorEnvelope {
  status: number;
  code: ErrorCode;
  msg: string;
}

/** A gRPC client error → the spec's error envelope. */
export function fromServiceError(err: unknown): ErrorEnvelope {
  if (err instanceof AppError) return envelopeFor(err.code, err.msg);
  const e = err as Partial<ServiceError>;
  const declared = e.metadata?.get(CODE_KEY)?.[0];
  let code: ErrorCode =
    typeof declared === 'string' && declared in ERROR_TABLE
      ? (declared as ErrorCode)
      : (byGrpc.get(e.code ?? GrpcStatus.INTERNAL) ?? 'INTERNAL');
  // A transport failure (no server) has no declared code: it is unavailability, not a bug.
  if (!declared && e.code === GrpcStatus.UNAVAILABLE) code = 'UNAVAILABLE';
  const msg = declared && e.details ? e.details : ERROR_TABLE[code].msg;
  return { status: ERROR_TABLE[code].http, code, msg };
}

export function envelopeFor(code: ErrorCode, msg?: string): ErrorEnvelope {
  return { status: ERROR_TABLE[code].http, code, msg: msg ?? ERROR_TABLE[code].msg };
}

/**
 * The call failed in the transport (no code declared by a service): the connection was refused,
 * dropped or never made. The server may still have run it unless neverSent() says otherwise.
 */
export function isTransportFailure(err: unknown): boolean {
  const e = err as Partial<ServiceError> | undefined;
  return e?.code === GrpcStatus.UNAVAILABLE && !e.metadata?.get(CODE_KEY)?.[0];
}

/**
 * The channel had no connection to pick when the call started (grpc-js's load balancers answer
 * "No connection established"): no server saw it, so running it again cannot do anything twice.
 */
export function neverSent(err: unknown): boolean {
  return isTransportFailure(err) && /No connection established/.test(String((err as Partial<ServiceError>).details ?? ''));
}

/** A gRPC client error → an AppError with the callee's code and message (service-to-service calls). */
export function fromGrpcError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const env = fromServiceError(err);
  return new AppError(env.code, env.msg);
}
