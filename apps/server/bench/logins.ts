// Issue 19 §7: password sign-ins at 200 a minute, each one scrypt hash at PASSWORD_COST (OWASP: N=2^17,
// r=8, p=1, 128 MiB), sent on a fixed schedule whatever the answers' pace (an open loop: a slow answer
// does not slow the arrivals). BENCH_LOGINS (200, a minute) sets how many.
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { PASSWORD_COST } from '../src/platform/passwords.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { percentile } from './lists.ts';
import { record } from './summary.ts';

const LOGINS = Number(process.env.BENCH_LOGINS ?? 200);
const PER_MINUTE = 200;

export async function benchLogins(app: FastifyInstance): Promise<void> {
  const { N, r, p } = PASSWORD_COST;
  console.log(`\nPassword sign-in, ${LOGINS} at ${PER_MINUTE} a minute (scrypt N=2^${Math.log2(N)}, r=${r}, p=${p})`);
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  const answers: Promise<void>[] = [];
  for (let i = 0; i < LOGINS; i++) {
    const wait = started + (i * 60_000) / PER_MINUTE - performance.now();
    if (wait > 0) await sleep(wait);
    const username = DEMO_ACCOUNTS[i % DEMO_ACCOUNTS.length]!.username;
    answers.push(
      (async () => {
        const sent = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/gateway/auth/oauth/token?grant_type=password&scope=server',
          payload: { username, password: DEMO_PASSWORD },
        });
        if (res.statusCode !== 200) throw new Error(`sign-in of ${username} answered ${res.statusCode}: ${res.body}`);
        samples.push(performance.now() - sent);
      })(),
    );
  }
  await Promise.all(answers);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const ms = (q: number) => `${percentile(samples, q).toFixed(0).padStart(5)} ms`;
  console.log(
    `POST /gateway/auth/oauth/token (password)        p50 ${ms(50)}   p99 ${ms(99)}   max ${ms(100)}   ` +
      `${((samples.length / seconds) * 60).toFixed(0)} a minute answered`,
  );
  record({
    row: 'other',
    case: `password sign-in at ${PER_MINUTE}/min, p99`,
    target: '—',
    measured: percentile(samples, 99)!,
    unit: 'ms',
    pass: null,
    note: `CPU ${((used.user + used.system) / 1000 / LOGINS).toFixed(0)} ms per sign-in`,
  });
  // What a sign-in costs whatever else the machine runs: the latencies above hold only on idle cores.
  console.log(
    `  CPU per sign-in ${((used.user + used.system) / 1000 / LOGINS).toFixed(0)} ms (this process, all threads); ` +
      `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
  );
}
