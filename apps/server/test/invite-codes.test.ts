import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { INVITE_GUESSES, INVITE_NOTICE_AFTER } from '../src/modules/enterprises/enterprises.service.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { as, createTestContext, login, type TestContext } from './helpers.ts';

/** QUALITY S-05, S-11: enterprise invite codes are standing codes; guessing delays only the guesser. */

let t: TestContext;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestContext();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const PASSWORD = 'Invite#Guess2026';
let seq = 0;

/** A fresh account in no enterprise, signed in. */
async function newcomer(): Promise<ReturnType<typeof as>> {
  seq += 1;
  const username = `invitee.${seq}`;
  await t.database.db.execute(sql`
    insert into users (id, username, name, password_hash) values (${920000000 + seq}, ${username}, ${username}, ${passwordHash})`);
  return as(t.app, await login(t.app, username, PASSWORD));
}

const join = (caller: ReturnType<typeof as>, sysCompNo: string, empInviteCode: string) =>
  caller.post('/gateway/admin/sysuserinfo/acceptInvite', { sysCompNo, empInviteCode });

const MARKER: Record<string, string> = { 'en-US': 'wrong invite codes', 'zh-CN': '邀请码被输错' };

/** The administrator's notices of guessed invite codes, as read in `language`. */
async function noticesFor(adminUsername: string, language = 'en-US'): Promise<string[]> {
  const admin = as(t.app, await login(t.app, adminUsername));
  const inbox = (await admin.get('/gateway/admin/message/myMsg?pageSize=100', { 'accept-language': language })).json()
    .data.dataList as { title: string }[];
  return inbox.map((m) => m.title).filter((title) => title.includes(MARKER[language]!));
}

describe('enterprise invite codes', () => {
  it('delay the guessing account at that enterprise only, never the right code for anyone else', async () => {
    const guesser = await newcomer();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    for (let i = 0; i < INVITE_GUESSES.free; i++) {
      const wrong = await join(guesser, '20260003', `11111${i}`);
      expect(wrong.json().errorCode).toBe('INVITE_CODE_INVALID');
    }
    const delayed = await join(guesser, '20260003', '260003');
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json().errorCode).toBe('TOO_MANY_ATTEMPTS');
    expect(delayed.headers['retry-after']).toBe('30');

    // Everyone else still joins with the right code, and the guesser joins other enterprises.
    expect((await join(await newcomer(), '20260003', '260003')).statusCode).toBe(200);
    expect((await join(guesser, '20260002', '260002')).statusCode).toBe(200);

    // A delay, not a lock: once it has run, the guesser's right code works.
    vi.setSystemTime(start + 31_000);
    expect((await join(guesser, '20260003', '260003')).statusCode).toBe(200);
  });

  it(`tells the administrators once when ${INVITE_NOTICE_AFTER} wrong guesses arrive within an hour`, async () => {
    const before = (await noticesFor('buyer')).length;
    const guessers = await Promise.all(
      Array.from({ length: Math.ceil((INVITE_NOTICE_AFTER + 5) / INVITE_GUESSES.free) }, newcomer),
    );
    let guesses = 0;
    for (const guesser of guessers) {
      for (let i = 0; i < INVITE_GUESSES.free; i++) {
        expect((await join(guesser, '20260001', `99999${i}`)).statusCode).toBe(400);
        guesses += 1;
        if (guesses === INVITE_NOTICE_AFTER - 1) expect(await noticesFor('buyer')).toHaveLength(before);
      }
    }
    expect(guesses).toBeGreaterThan(INVITE_NOTICE_AFTER);
    const notices = await noticesFor('buyer');
    expect(notices).toHaveLength(before + 1);
    expect(notices[0]).toMatch(/^20 wrong invite codes for .+ within an hour$/);
    expect((await noticesFor('buyer', 'zh-CN'))[0]).toBe('一小时内 华信电子 Huaxin Electronics 的邀请码被输错 20 次');
  });
});
