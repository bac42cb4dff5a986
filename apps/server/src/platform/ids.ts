/**
 * Time-ordered 64-bit ids (snowflake layout: 41 bits of milliseconds since 2024-01-01, 10 bits of
 * worker, 12 bits of sequence). Made by the app so a document and its lines get ids before insert.
 */
const EPOCH = 1704067200000n;
const workerId = BigInt((process.pid ^ Math.floor(Math.random() * 1024)) & 0x3ff);
let lastMs = 0n;
let sequence = 0n;

export function newId(): string {
  let now = BigInt(Date.now());
  if (now < lastMs) now = lastMs;
  if (now === lastMs) {
    sequence = (sequence + 1n) & 0xfffn;
    if (sequence === 0n) now = lastMs + 1n;
  } else {
    sequence = 0n;
  }
  lastMs = now;
  return (((now - EPOCH) << 22n) | (workerId << 12n) | sequence).toString();
}
