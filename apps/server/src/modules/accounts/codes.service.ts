import { type Locale, renderText, text } from '@concord/shared';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Channel, MessageProvider } from '../../platform/mail.ts';
import { hashToken, randomDigits } from '../../platform/tokens.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_MS = 60 * 1000;

export type CodePurpose = 'register' | 'login' | 'forget' | 'modify-mobile' | 'reset-ticket';

const hashCode = (purpose: string, target: string, code: string) => hashToken(`${purpose}:${target}:${code}`);

/** In the language of the page that asked: the person is waiting for it there. */
const codeMessage = (code: string, locale: Locale) => ({
  subject: renderText(text('accounts.codeSubject'), locale),
  body: renderText(text('accounts.codeBody', { code, minutes: CODE_TTL_MS / 60_000 }), locale),
});

/**
 * Stores a fresh 6-digit code and returns it; one per target and purpose every 60 s (QUALITY S-05). The
 * check and the insert run under a transaction-scoped advisory lock on the target, so a burst of
 * parallel requests stores one code, not one each. Stored alone, without sending, it stands in for a
 * code to an unknown account: the next request within 60 s is refused exactly as for a real one.
 */
export async function reserveCode(db: Db, purpose: CodePurpose, target: string): Promise<{ id: string; code: string }> {
  const code = randomDigits(6);
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('verification_codes'), hashtext(${`${purpose}:${target}`}))`,
    );
    const since = new Date(Date.now() - CODE_RESEND_MS).toISOString();
    const [recent] = await tx
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.purpose, purpose),
          eq(verificationCodes.target, target),
          gt(verificationCodes.createdAt, since),
        ),
      )
      .limit(1);
    if (recent) throw new AppError('CODE_TOO_SOON', {}, undefined, { 'retry-after': '60' });
    await tx.insert(verificationCodes).values({
      id,
      purpose,
      target,
      codeHash: hashCode(purpose, target, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS).toISOString(),
    });
  });
  return { id, code };
}

/** Stores a fresh code (see `reserveCode`) and sends it. */
export async function sendCode(
  db: Db,
  provider: MessageProvider,
  input: { purpose: CodePurpose; target: string; recipient: string; channel: Channel; locale: Locale },
): Promise<void> {
  const { id, code } = await reserveCode(db, input.purpose, input.target);
  try {
    await provider.send({
      channel: input.channel,
      recipient: input.recipient,
      kind: 'verification-code',
      ...codeMessage(code, input.locale),
    });
  } catch (err) {
    // Not delivered: the code is removed, so it neither blocks asking again for 60 s nor stays guessable,
    // and the failure reaches the caller (500, "retry later") and the log instead of a false "sent".
    await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
    throw err;
  }
}

/**
 * Checks and consumes the newest live code. Each check first claims one of the code's five tries in a
 * single statement, so parallel guesses cannot all be compared against the same count; the tries are
 * written outside any request transaction so a rollback cannot undo them. After five tries the code is dead.
 */
export async function consumeCode(db: Db, purpose: CodePurpose, target: string, code: string): Promise<void> {
  const now = new Date().toISOString();
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.target, target),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row) throw new AppError('BAD_CODE');
  const tried = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, row.id),
        isNull(verificationCodes.usedAt),
        lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: verificationCodes.id });
  if (tried.length === 0 || row.codeHash !== hashCode(purpose, target, code)) throw new AppError('BAD_CODE');
  const used = await db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  if (used.length === 0) throw new AppError('BAD_CODE');
}

/** `consumeCode` as a yes or no, for callers that count wrong guesses themselves. */
export async function isCodeAccepted(db: Db, purpose: CodePurpose, target: string, code: string): Promise<boolean> {
  try {
    await consumeCode(db, purpose, target, code);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.errorCode === 'BAD_CODE') return false;
    throw err;
  }
}

/** Stores a one-time ticket (e.g. "this person proved they own the account") without sending anything. */
export async function storeTicket(db: Db, purpose: CodePurpose, target: string, ticket: string): Promise<void> {
  await db.insert(verificationCodes).values({
    id: newId(),
    purpose,
    target,
    codeHash: hashCode(purpose, target, ticket),
    expiresAt: new Date(Date.now() + CODE_TTL_MS).toISOString(),
  });
}
