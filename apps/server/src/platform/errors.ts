import { ERRORS, type ErrorCode } from '@concord/shared';

/** A failure the caller should see: a catalogue code, message parameters and optional details. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly errorCode: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly data?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(errorCode);
    this.status = ERRORS[errorCode].status;
  }
}

export const notFound = () => new AppError('NOT_FOUND');
export const conflict = () => new AppError('CONFLICT');
export const forbidden = () => new AppError('FORBIDDEN');
