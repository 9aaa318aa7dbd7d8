// Runs tests as if it were another moment: `Date` and `Date.now()` start at AMMS_FAKE_NOW and keep
// ticking. Child processes share the same offset (AMMS_FAKE_OFFSET_MS, set by the first process).
//   AMMS_FAKE_NOW=2026-12-13T23:30:00Z NODE_OPTIONS="--import $PWD/scripts/shift-clock.mjs" npx vitest run <files>
// Postgres now(), Redis and the browser keep the real time: tests that wait on a worker for outbox rows
// (executions, outbound delivery) stay pending under a shift, which says nothing about the test.
const target = process.env.AMMS_FAKE_NOW;
if (target) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  if (!process.env.AMMS_FAKE_OFFSET_MS) process.env.AMMS_FAKE_OFFSET_MS = String(RealDate.parse(target) - realNow());
  const offset = Number(process.env.AMMS_FAKE_OFFSET_MS);
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(realNow() + offset);
      else super(...args);
    }
    static now() {
      return realNow() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
